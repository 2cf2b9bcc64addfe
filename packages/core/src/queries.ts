import { QueryClient, type QueryClientConfig, type QueryFunction, type QueryKey } from '@tanstack/query-core';
import type { DeviceListOptions } from './api/devices';
import type { MatnatApi } from './api/index';
import type { MeasurementFilter } from './api/sensors';
import type {
  Alert,
  CartItem,
  Dashboard,
  Device,
  EmbedToken,
  Id,
  LatestMeasurement,
  MeasurementBuckets,
  Notification,
  Panel,
  Product,
  Sensor,
  Team,
  TemperatureMap,
  User,
} from './api/types';
import { isClientError } from './errors';

/** What `fetchQuery` and a `QueryObserver` need for one resource. */
export interface MatnatQueryOptions<T> {
  queryKey: QueryKey;
  queryFn: QueryFunction<T>;
}

const q = <T>(queryKey: QueryKey, queryFn: QueryFunction<T>): MatnatQueryOptions<T> => ({
  queryKey,
  queryFn,
});

/**
 * `{queryKey, queryFn}` per resource, for `fetchQuery`, `ensureQueryData` or a `QueryObserver`. The key's
 * first element names the family a mutation invalidates; lists and single items are separate families
 * (`['dashboards']` vs `['dashboard', id]`).
 */
export interface MatnatQueries {
  alerts(): MatnatQueryOptions<Alert[]>;
  alert(id: Id): MatnatQueryOptions<Alert>;
  dashboards(): MatnatQueryOptions<Dashboard[]>;
  dashboard(id: Id): MatnatQueryOptions<Dashboard>;
  panel(id: Id): MatnatQueryOptions<Panel>;
  /** Key `['devices', { unassigned }]`. */
  devices(options?: DeviceListOptions): MatnatQueryOptions<Device[]>;
  /** The plain list, key `['devices', 'all']`. */
  allDevices(): MatnatQueryOptions<Device[]>;
  device(id: Id): MatnatQueryOptions<Device>;
  sensors(): MatnatQueryOptions<Sensor[]>;
  /** Key `['sensor', id, 'measurements', filter]`. */
  measurements(id: Id, filter: MeasurementFilter): MatnatQueryOptions<MeasurementBuckets>;
  latest(id: Id): MatnatQueryOptions<LatestMeasurement | null>;
  teams(): MatnatQueryOptions<Team[]>;
  users(): MatnatQueryOptions<User[]>;
  user(id: Id): MatnatQueryOptions<User>;
  notifications(): MatnatQueryOptions<Notification[]>;
  products(): MatnatQueryOptions<Product[]>;
  product(id: Id): MatnatQueryOptions<Product>;
  temperatureMap(): MatnatQueryOptions<TemperatureMap>;
  embedTokens(): MatnatQueryOptions<EmbedToken[]>;
  cart(): MatnatQueryOptions<CartItem[]>;
}

/**
 * The public temperature map's query on its own, for a page that needs nothing else (the script-tag map):
 * `createQueries` uses the same one.
 */
export const temperatureMapQuery = (publicMap: MatnatApi['publicMap']): MatnatQueryOptions<TemperatureMap> =>
  q(['temperatureMap'], ({ signal }) => publicMap.temperatureMap(signal));

export function createQueries(api: MatnatApi): MatnatQueries {
  return {
    alerts: () => q(['alerts'], api.alerts.list),
    alert: (id: Id) => q(['alert', id], () => api.alerts.show(id)),
    dashboards: () => q(['dashboards'], api.dashboards.list),
    dashboard: (id: Id) => q(['dashboard', id], () => api.dashboards.show(id)),
    panel: (id: Id) => q(['panel', id], () => api.panels.show(id)),
    devices: ({ unassigned = false }: DeviceListOptions = {}) =>
      q(['devices', { unassigned }], () => api.devices.list({ unassigned })),
    allDevices: () => q(['devices', 'all'], api.devices.all),
    device: (id: Id) => q(['device', id], () => api.devices.show(id)),
    sensors: () => q(['sensors'], api.sensors.list),
    measurements: (id: Id, filter: MeasurementFilter) =>
      q(['sensor', id, 'measurements', filter], ({ signal }) => api.sensors.measurements(id, filter, signal)),
    latest: (id: Id) => q(['sensor', id, 'latest'], ({ signal }) => api.sensors.latest(id, signal)),
    teams: () => q(['teams'], api.teams.list),
    users: () => q(['users'], api.users.list),
    user: (id: Id) => q(['user', id], () => api.users.show(id)),
    notifications: () => q(['notifications'], api.notifications.list),
    products: () => q(['products'], api.shop.products),
    product: (id: Id) => q(['product', id], () => api.shop.product(id)),
    temperatureMap: () => temperatureMapQuery(api.publicMap),
    embedTokens: () => q(['embedTokens'], api.embedTokens.list),
    cart: () => q(['cart'], api.cart.retrieve),
  };
}

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
