import type { MatnatQueryOptions, RouteName, RouteParams } from '@matnat/core';
import { matnat } from '../matnat';

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

/** Every route with server data, and the queries its screen reads (docs/web.md). */
export const ROUTE_DATA: Partial<Record<RouteName, RouteData>> = {
  // The fleet overview (issue 21) reads the devices and the alerts.
  'dashboard.index': () => start(q.dashboards(), q.devices(), q.alerts()),
  'dashboard.show': ({ dashboard_id }) => startFor(dashboard_id, q.dashboard),
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
