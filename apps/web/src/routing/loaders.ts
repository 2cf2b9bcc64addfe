import { rangeQuery } from '@matnat/contract/plain';
import type { Dashboard, MatnatQueryOptions, RouteName, RouteParams, Snapshot } from '@matnat/core';
import { matnat } from '../matnat';
import { firstScreenful } from '../shell/panelSize';

/**
 * What a route's loader does once its guards let the visitor in: start the queries its screen reads,
 * through the core's cache (`matnat.load`), so the data is on its way while the screen's chunk loads. The
 * screen reads the same queries with `useQuery` and shares the request; it shows their loading and
 * failure itself (a 404 page for a dashboard one may not see), so the loader does not wait for them.
 */
export type RouteData = (params: RouteParams, url: URL) => void;

/** Starts a query; its failure is the screen's to show, never an unhandled rejection. */
function start(...queries: MatnatQueryOptions<unknown>[]): void {
  for (const query of queries) matnat.load(query).catch(() => undefined);
}

/** A route parameter that is a valid id, else null (the screen sends anything else to the 404 page). */
export function idParam(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

function startFor(raw: string | undefined, query: (id: number) => MatnatQueryOptions<unknown>): void {
  const id = idParam(raw);
  if (id !== null) start(query(id));
}

const q = matnat.queries;

/** Buckets a line-chart panel asks for per sensor (LineChartPanel's `maxPoints`) and a single value's sparkline. */
const LINE_CHART_POINTS = 1000;
const SPARKLINE_POINTS = 120;

/**
 * The dashboard, then the measurements of the panels on its first screen, as those panels will ask for them
 * (the route's time filter, the SDK panels' query keys): the requests go out while the screen's chunk and
 * the chart library load, and the panels find the answers in the cache (issue 22). The ones further down
 * ask for theirs when they come near the viewport.
 */
function startDashboard(raw: string | undefined, url: URL): void {
  const id = idParam(raw);
  if (id === null) return;
  matnat
    .load(q.dashboard(id))
    .then((board) => startFirstPanels(board, url.pathname))
    .catch(() => undefined);
}

function startFirstPanels(board: Snapshot<Dashboard>, path: string): void {
  const filter = matnat.timeFilters.get(path);
  const range = { ...rangeQuery(filter), interval_slug: filter.interval_slug };
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  for (const panel of firstScreenful(board.panels ?? [], viewport)) {
    if (panel.type === 'line_chart') {
      for (const item of panel.lineChartItems ?? [])
        start(q.measurements(item.sensor_id, { ...range, max_points: LINE_CHART_POINTS }));
    }
    const sensorId = panel.singleValueItem?.sensor_id ?? panel.sensor?.id;
    if (panel.type === 'single_value' && sensorId != null)
      start(q.latest(sensorId), q.measurements(sensorId, { ...range, max_points: SPARKLINE_POINTS }));
  }
}

/** Every route with server data, and the queries its screen reads (docs/web.md). */
export const ROUTE_DATA: Partial<Record<RouteName, RouteData>> = {
  // The fleet overview (issue 21) reads the devices and the alerts.
  'dashboard.index': () => start(q.dashboards(), q.devices(), q.alerts()),
  'dashboard.show': ({ dashboard_id }, url) => startDashboard(dashboard_id, url),
  'dashboard.panelform.simple': () => start(q.devices()),
  'dashboard.panelform.advanced': () => start(q.devices()),
  'panel.edit': ({ panel_id }) => {
    startFor(panel_id, q.panel);
    start(q.devices());
  },
  'device.index': () => start(q.devices()),
  'device.show': ({ device_id }) => {
    startFor(device_id, q.device);
    startFor(device_id, q.deadLetters);
  },
  'device.edit': ({ device_id }) => {
    startFor(device_id, q.device);
    if (matnat.session.isAdmin()) start(q.teams());
  },
  map: () => start(q.devices()),
  'map.devices': () => start(q.devices()),
  'alert.index': () => start(q.alerts()),
  'alert.create': () => start(q.devices(), q.webhooks()),
  'alert.edit': ({ alert_id }) => {
    startFor(alert_id, q.alert);
    startFor(alert_id, q.alertDeliveries);
    start(q.devices(), q.webhooks());
  },
  'admin.users': () => start(q.users(), q.teams()),
  'admin.devices': () => start(q.devices({ unassigned: true }), q.teams()),
  'user.settings': () => start(q.embedTokens(), q.dashboards(), q.devices(), q.embedScripts(), q.webhooks()),
  'user.invite': (_, url) => {
    const token = url.searchParams.get('token');
    if (token) start(q.invitation(token));
  },
  productlist: () => start(q.products()),
  product: ({ product_id }) => startFor(product_id, q.product),
  tempMap: () => start(q.temperatureMap()),
  'tempMap.nz': () => start(q.temperatureMap()),
};
