import { QueryClient, type QueryClientConfig } from '@tanstack/query-core';
import type { DeviceListOptions } from './api/devices';
import type { MatnatApi } from './api/index';
import type { MeasurementFilter } from './api/sensors';
import type { Id } from './api/types';
import { isClientError } from './errors';

/**
 * Query keys per resource. The first element names the family that a mutation invalidates; lists and
 * single items are separate families (`'dashboards'` vs `'dashboard'`).
 */
export const queryKeys = {
  alerts: () => ['alerts'] as const,
  alert: (id: Id) => ['alert', id] as const,
  dashboards: () => ['dashboards'] as const,
  dashboard: (id: Id) => ['dashboard', id] as const,
  panel: (id: Id) => ['panel', id] as const,
  devices: ({ unassigned = false }: DeviceListOptions = {}) => ['devices', { unassigned }] as const,
  allDevices: () => ['devices', 'all'] as const,
  device: (id: Id) => ['device', id] as const,
  sensors: () => ['sensors'] as const,
  measurements: (id: Id, filter: MeasurementFilter) => ['sensor', id, 'measurements', filter] as const,
  latest: (id: Id) => ['sensor', id, 'latest'] as const,
  teams: () => ['teams'] as const,
  users: () => ['users'] as const,
  user: (id: Id) => ['user', id] as const,
  notifications: () => ['notifications'] as const,
  products: () => ['products'] as const,
  product: (id: Id) => ['product', id] as const,
  temperatureMap: () => ['temperatureMap'] as const,
  embedTokens: () => ['embedTokens'] as const,
  cart: () => ['cart'] as const,
};

/** `{queryKey, queryFn}` per resource, for `fetchQuery`, `ensureQueryData` or a `QueryObserver`. */
export function createQueries(api: MatnatApi) {
  return {
    alerts: () => ({ queryKey: queryKeys.alerts(), queryFn: api.alerts.list }),
    alert: (id: Id) => ({ queryKey: queryKeys.alert(id), queryFn: () => api.alerts.show(id) }),
    dashboards: () => ({ queryKey: queryKeys.dashboards(), queryFn: api.dashboards.list }),
    dashboard: (id: Id) => ({ queryKey: queryKeys.dashboard(id), queryFn: () => api.dashboards.show(id) }),
    panel: (id: Id) => ({ queryKey: queryKeys.panel(id), queryFn: () => api.panels.show(id) }),
    devices: (options: DeviceListOptions = {}) => ({
      queryKey: queryKeys.devices(options),
      queryFn: () => api.devices.list(options),
    }),
    allDevices: () => ({ queryKey: queryKeys.allDevices(), queryFn: api.devices.all }),
    device: (id: Id) => ({ queryKey: queryKeys.device(id), queryFn: () => api.devices.show(id) }),
    sensors: () => ({ queryKey: queryKeys.sensors(), queryFn: api.sensors.list }),
    measurements: (id: Id, filter: MeasurementFilter) => ({
      queryKey: queryKeys.measurements(id, filter),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.sensors.measurements(id, filter, signal),
    }),
    latest: (id: Id) => ({
      queryKey: queryKeys.latest(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.sensors.latest(id, signal),
    }),
    teams: () => ({ queryKey: queryKeys.teams(), queryFn: api.teams.list }),
    users: () => ({ queryKey: queryKeys.users(), queryFn: api.users.list }),
    user: (id: Id) => ({ queryKey: queryKeys.user(id), queryFn: () => api.users.show(id) }),
    notifications: () => ({ queryKey: queryKeys.notifications(), queryFn: api.notifications.list }),
    products: () => ({ queryKey: queryKeys.products(), queryFn: api.shop.products }),
    product: (id: Id) => ({ queryKey: queryKeys.product(id), queryFn: () => api.shop.product(id) }),
    temperatureMap: () => ({
      queryKey: queryKeys.temperatureMap(),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.publicMap.temperatureMap(signal),
    }),
    embedTokens: () => ({ queryKey: queryKeys.embedTokens(), queryFn: api.embedTokens.list }),
    cart: () => ({ queryKey: queryKeys.cart(), queryFn: api.cart.retrieve }),
  };
}

export type MatnatQueries = ReturnType<typeof createQueries>;

/** Never retry a 4xx (the same request cannot succeed); network errors and 5xx up to three times. */
export const retryPolicy = (failureCount: number, error: unknown): boolean =>
  !isClientError(error) && failureCount < 3;

/** A QueryClient with the Mätnät retry policy; `config` may override anything. */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: { retry: retryPolicy, ...config.defaultOptions?.queries },
    },
  });
}

// Which query families a successful mutation on a path makes stale. A change of who is logged in
// (login, logout, impersonation, invitation, reset) resets everything instead: the cached data belongs to
// another user and must not stay on screen while refetching.
const affected: [RegExp, string[] | 'reset'][] = [
  [/^\/api\/(login|logout|register|invite\/|password\/reset)|\/impersonate/, 'reset'],
  [/^\/api\/(email|password)\//, []],
  [/^\/api\/v1\/dashboard/, ['dashboards', 'dashboard']],
  [/^\/api\/v1\/panel/, ['panel', 'dashboard', 'dashboards']],
  [/^\/api\/v1\/device/, ['devices', 'device', 'panel', 'dashboard', 'dashboards', 'temperatureMap']],
  [/^\/api\/v1\/alert/, ['alerts', 'alert']],
  [/^\/api(\/v1)?\/user/, ['users', 'user']],
  [/^\/api\/v1\/notification/, ['notifications']],
  [/^\/api\/v1\/embed-token/, ['embedTokens']],
  [/^\/(cart\/|api\/v1\/order)/, ['cart']],
];

/**
 * After every successful mutation: invalidate the query families it touches (an unknown path
 * invalidates everything), or reset all queries when it changed who is logged in.
 */
export function invalidateAfterMutation(client: QueryClient, path: string): Promise<void> {
  const families = affected.find(([pattern]) => pattern.test(path))?.[1];
  if (families === 'reset') return client.resetQueries();
  return client.invalidateQueries(
    families ? { predicate: (query) => families.includes(query.queryKey[0] as string) } : undefined,
  );
}
