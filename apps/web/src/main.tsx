import { matchRoute, XSRF_COOKIE } from '@matnat/core';
import { MatnatProvider } from '@matnat/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import './app.css';
import { matnat, setNavigate } from './matnat';
import { ROUTE_DATA } from './routing/loaders';
import { loadWithReloadOnce } from './routing/reloadOnce';
import { appRoutes } from './routing/routes';
import { AppRoot, RouteError, Startup } from './shell/AppRoot';

const hasCookie = (name: string) => document.cookie.split('; ').some((c) => c.startsWith(`${name}=`));

// Who is signed in is asked for before the router starts: its request goes out ahead of the first screen's
// chunks (six connections on HTTP/1.1), and the first route's check-auth takes the answer of this request.
// It decides where login and welcome lead, and check-auth does not ask on those two: there the router waits
// for it. A guest's failed fetch is expected. The server sets its session cookie and the readable XSRF cookie
// together: without the latter there is no session to ask about (and no 401 in a new visitor's console).
const first = matchRoute(window.location.pathname)?.name;
if (hasCookie(XSRF_COOKIE)) {
  const me = matnat.session.fetchMe().catch(() => undefined);
  if (first === 'login' || first === 'welcome') await me;
}
// The first copy of the page to compare is fetched once the page has loaded, not among its first requests.
if (document.readyState === 'complete') matnat.versionCheck.start();
else window.addEventListener('load', () => matnat.versionCheck.start(), { once: true });

const router = createBrowserRouter(
  appRoutes({
    session: matnat.session,
    loadScreen: (load) =>
      loadWithReloadOnce(load, { storage: window.sessionStorage, reload: () => window.location.reload() }),
    root: AppRoot,
    layouts: {
      basic: () => import('./layouts/BasicLayout').then((m) => ({ default: m.BasicLayout })),
      default: () => import('./layouts/DefaultLayout').then((m) => ({ default: m.DefaultLayout })),
    },
    errorBoundary: RouteError,
    startup: Startup,
    data: ROUTE_DATA,
  }),
);
setNavigate((path) => router.navigate(path));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MatnatProvider client={matnat}>
      <RouterProvider router={router} />
    </MatnatProvider>
  </StrictMode>,
);
