import { matchRoute } from '@matnat/core';
import { MatnatProvider } from '@matnat/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  type DataRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  RouterProvider,
} from 'react-router';
import './app.css';
import { looksSignedIn, matnat, setNavigate } from './matnat';
import { ROUTE_DATA } from './routing/loaders';
import { loadWithReloadOnce, reloadInto } from './routing/reloadOnce';
import { appRoutes } from './routing/routes';
import { AppRoot, RouteError, Startup } from './shell/AppRoot';

// Who is signed in is asked for before the router starts: its request goes out ahead of the first screen's
// chunks (six connections on HTTP/1.1), and the first route's check-auth takes the answer of this request.
// It decides where login and welcome lead, and check-auth does not ask on those two: there the router waits
// for it. Without the API's signed-in cookie nobody is signed in here: the session asks nothing (no 401 in a
// guest's console, with a cart or after signing out too).
// Elsewhere the start runs in four tasks, not one (issue 22: on a phone's CPU it was one task of ~350 ms,
// nearly all of it blocking time): the modules and the client with /api/me sent, then the router's creation
// (its route table converted and ranked, the first location matched), then its first navigation (the first
// route's guards, data and chunks asked for), then the first render; the wordmark stays painted meanwhile.
// Login and welcome keep their two (the wait for /api/me splits them already).
// Its own yield, not the SDK's `postTask`: with this module's top-level await, a module the entry shares
// with lazy chunks cannot be in the entry's chunk, and importing `postTask` put one more chunk among every
// page's first requests (Lighthouse's LCP on /login +0.4 s; docs/benchmarks.md, "One yield for the entry
// and the SDK"). Such modules now go into the start's two chunks (build/startChunks.ts).
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
const first = matchRoute(window.location.pathname)?.name;
const me = matnat.session.fetchUser().catch(() => undefined);
const waitsForMe = first === 'login' || first === 'welcome';
await (waitsForMe ? me : nextTask());
// The first copy of the page to compare is fetched once the page has loaded, not among its first requests.
if (document.readyState === 'complete') matnat.versionCheck.start();
else window.addEventListener('load', () => matnat.versionCheck.start(), { once: true });

// A chunk failing during an in-app navigation reloads into the navigation's target, not the old page (a
// chunk's failure is always later than this statement: `router` is set by then).
const reload = () => reloadInto(router.state.navigation.location, window.location);
// `createBrowserRouter` is `createRouter(…).initialize()` in one task; apart, the route table's conversion
// and the first navigation are two (react-router's own parts, with its browser history and route properties).
const router: DataRouter = createRouter({
  history: createBrowserHistory(),
  mapRouteProperties,
  hydrationRouteProperties,
  routes: appRoutes({
    session: matnat.session,
    loadScreen: (load) => loadWithReloadOnce(load, { storage: window.sessionStorage, reload }),
    root: AppRoot,
    layouts: {
      basic: () => import('./layouts/BasicLayout').then((m) => ({ default: m.BasicLayout })),
      default: () => import('./layouts/DefaultLayout').then((m) => ({ default: m.DefaultLayout })),
    },
    errorBoundary: RouteError,
    startup: Startup,
    data: ROUTE_DATA,
    looksSignedIn,
  }),
});
if (!waitsForMe) await nextTask();
router.initialize();
setNavigate((path) => router.navigate(path));
if (!waitsForMe) await nextTask();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MatnatProvider client={matnat}>
      <RouterProvider router={router} />
    </MatnatProvider>
  </StrictMode>,
);
