import { SIGNED_IN_COOKIE } from '@matnat/contract/plain';
import {
  buildPath,
  createMatnatClient,
  createNavigationProgress,
  documentCookie,
  type RouteName,
} from '@matnat/core';

type Navigate = (path: string) => unknown;
let navigateTo: Navigate = (path) => window.location.assign(path);

/** The router registers its `navigate` here once it exists (the client is created before it). */
export function setNavigate(navigate: Navigate): void {
  navigateTo = navigate;
}

/** Whether the API's signed-in cookie says someone is signed in in this browser (issue 21 point 7). */
export const looksSignedIn = () => documentCookie(SIGNED_IN_COOKIE) === '1';

/** The app's one client: session, HTTP, query cache, live stream, toasts, version check (docs/core.md). */
export const matnat = createMatnatClient({
  // 'login' after a 401 while logged in, 'admin.users' after an impersonation revert.
  navigate: (name) => void navigateTo(buildPath(name as RouteName)),
  // Issue 21 point 7: GET /api/me only while the API says someone is signed in here (no 401 for guests).
  signedIn: looksSignedIn,
});

/** The top-of-page bar that `useNavigation` drives (spec §2: ≈3000 ms, 100 ms ticks). */
export const navigationProgress = createNavigationProgress({ platform: matnat.platform });
