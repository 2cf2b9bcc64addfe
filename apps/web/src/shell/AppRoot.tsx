import { pageTitle } from '@matnat/core';
import { ProgressBar, ToastViewport } from '@matnat/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Link, Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { navigationProgress } from '../matnat';
import { clearReloadFlag } from '../routing/reloadOnce';
import type { RouteHandle } from '../routing/routes';

/**
 * Spec §2: the title follows '%s · Mätnät' for the deepest route that names itself, on every navigation;
 * a layout effect, so that a screen naming the thing it shows (usePageTitle) has the last word.
 */
function useRouteTitle() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const name = matches.map((match) => (match.handle as RouteHandle | undefined)?.name).findLast(Boolean);
  useLayoutEffect(() => {
    if (name && pathname) document.title = pageTitle(name);
  }, [name, pathname]);
}

/** The router's pending navigations drive the core's progress bar. */
function useNavigationProgressBar() {
  const { state } = useNavigation();
  const running = useRef(false);
  useEffect(() => {
    if (state !== 'idle' && !running.current) {
      running.current = true;
      navigationProgress.start();
    } else if (state === 'idle' && running.current) {
      running.current = false;
      navigationProgress.finish();
    }
  }, [state]);
}

/**
 * Spec §8 reload-once: this renders only when the navigation's chunks all loaded (a failure renders the
 * error boundary instead), so then a later failed chunk may reload once again.
 */
function useReloadFlagCleared() {
  const { state } = useNavigation();
  useEffect(() => {
    if (state === 'idle') clearReloadFlag(window.sessionStorage);
  }, [state]);
}

/** Above both layouts: title, progress bar and toasts. */
export function AppRoot() {
  useRouteTitle();
  useNavigationProgressBar();
  useReloadFlagCleared();
  return (
    <>
      <ProgressBar source={navigationProgress} />
      <Outlet />
      <ToastViewport />
    </>
  );
}

/**
 * What the page shows while the first route's guards and screen load: the wordmark index.html paints before
 * the scripts run, in the same place (the same markup), so the page does not go blank in between.
 */
export function Startup() {
  return (
    <div className="flex justify-center px-4 py-10 md:py-16">
      <p className="text-2xl font-bold text-teal-700">Mätnät</p>
    </div>
  );
}

/** A screen that throws (or a chunk that failed twice) lands here rather than on a blank page. */
export function RouteError() {
  useEffect(() => {
    document.title = pageTitle('error.single.message');
  }, []);
  return (
    <main className="mx-auto max-w-md p-6 text-center">
      <h1 className="mb-2 text-xl font-semibold">Något gick fel</h1>
      <p className="mb-4 text-slate-700">Sidan kunde inte visas. Ladda om sidan eller försök igen senare.</p>
      <Link className="text-teal-700 underline" to="/">
        Till startsidan
      </Link>
    </main>
  );
}
