/**
 * The app's first requests on a route, as the core's client sends them and as the API server names them in
 * the page's `<link rel="preload">` hints (issue 22): one URL each, so that the browser takes the preloaded
 * answer instead of asking again.
 */

/** GET /api/me: the signed-in user (the session's `fetchUser`). */
export const ME_PATH = '/api/me';

/** The panels with everything a dashboard draws: line-chart items and the single-value item. */
export const DASHBOARD_INCLUDE =
  'panels.lineChartItems.sensor,panels.lineChartItems.device.sensors,panels.singleValueItem.sensor,panels.singleValueItem.device.sensors';

/** GET of one dashboard with its panels (`DASHBOARD_INCLUDE`), as the dashboard screen asks for it. */
export const dashboardPath = (id: number | string): string =>
  `/api/v1/dashboard/${id}/?include=${DASHBOARD_INCLUDE}`;
