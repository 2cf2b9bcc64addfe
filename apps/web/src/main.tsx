import { MatnatProvider } from '@matnat/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import './app.css';
import { matnat, setNavigate } from './matnat';
import { loadWithReloadOnce } from './routing/reloadOnce';
import { appRoutes } from './routing/routes';
import { AppRoot, RouteError } from './shell/AppRoot';

// Who is signed in decides where login and welcome lead, so it is known before the first route's guards run;
// a guest's failed fetch is expected.
await matnat.session.fetchMe().catch(() => undefined);
matnat.versionCheck.start();

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
