import type { DeviceListOptions } from './api/devices';
import type { MatnatApi } from './api/index';
import type { MeasurementFilter, RangeWindow } from './api/sensors';
import type {
  Alert,
  CartItem,
  Dashboard,
  Device,
  EmbedScripts,
  EmbedToken,
  Id,
  IngestDeadLetter,
  InviteLookup,
  LatestMeasurement,
  MeasurementBuckets,
  Notification,
  Panel,
  Product,
  Sensor,
  SensorAlertPeriods,
  Team,
  TemperatureMap,
  User,
  WebhookChannel,
  WebhookDelivery,
} from './api/types';
import { isClientError } from './errors';
import { sortAlerts, sortDashboards, sortDevices } from './lists';
import { QueryClient, type QueryClientConfig, type QueryFunction, type QueryKey } from './queryClient';

/** What `fetchQuery` and `useQuery` need for one resource. */
export interface MatnatQueryOptions<T> {
  queryKey: QueryKey;
  queryFn: QueryFunction<T>;
}

const q = <T>(queryKey: QueryKey, queryFn: QueryFunction<T>): MatnatQueryOptions<T> => ({
  queryKey,
  queryFn,
});

/**
 * `{queryKey, queryFn}` per resource, for `fetchQuery`, `ensureQueryData` or `useQuery`. The key's
 * first element names the family a mutation invalidates; lists and single items are separate families
 * (`['dashboards']` vs `['dashboard', id]`).
 */
export interface MatnatQueries {
  alerts(): MatnatQueryOptions<Alert[]>;
  alert(id: Id): MatnatQueryOptions<Alert>;
  /** Key `['alert', id, 'deliveries']`: its webhook deliveries (issue 24). */
  alertDeliveries(id: Id): MatnatQueryOptions<WebhookDelivery[]>;
  dashboards(): MatnatQueryOptions<Dashboard[]>;
  dashboard(id: Id): MatnatQueryOptions<Dashboard>;
  panel(id: Id): MatnatQueryOptions<Panel>;
  /** Key `['devices', { unassigned }]`. */
  devices(options?: DeviceListOptions): MatnatQueryOptions<Device[]>;
  /** The plain list, key `['devices', 'all']`. */
  allDevices(): MatnatQueryOptions<Device[]>;
  device(id: Id): MatnatQueryOptions<Device>;
  /** Key `['device', id, 'dead-letters']`. */
  deadLetters(id: Id): MatnatQueryOptions<IngestDeadLetter[]>;
  sensors(): MatnatQueryOptions<Sensor[]>;
  /** Key `['sensor', id, 'measurements', filter]`. */
  measurements(id: Id, filter: MeasurementFilter): MatnatQueryOptions<MeasurementBuckets>;
  latest(id: Id): MatnatQueryOptions<LatestMeasurement | null>;
  /** Key `['sensor', id, 'alert-periods', window]` (issue 21). */
  alertPeriods(id: Id, window: RangeWindow): MatnatQueryOptions<SensorAlertPeriods>;
  teams(): MatnatQueryOptions<Team[]>;
  users(): MatnatQueryOptions<User[]>;
  user(id: Id): MatnatQueryOptions<User>;
  notifications(): MatnatQueryOptions<Notification[]>;
  products(): MatnatQueryOptions<Product[]>;
  product(id: Id): MatnatQueryOptions<Product>;
  temperatureMap(): MatnatQueryOptions<TemperatureMap>;
  embedTokens(): MatnatQueryOptions<EmbedToken[]>;
  /** The server's script-tag builds, for the token page's snippets. */
  embedScripts(): MatnatQueryOptions<EmbedScripts>;
  /** Key `['webhooks']`: the caller's teams' webhook channels (issue 24). */
  webhooks(): MatnatQueryOptions<WebhookChannel[]>;
  cart(): MatnatQueryOptions<CartItem[]>;
  /** An invitation looked up by its mailed token. */
  invitation(token: string): MatnatQueryOptions<InviteLookup>;
}

/**
 * The public temperature map's query on its own, for a page that needs nothing else (the script-tag map):
 * `createQueries` uses the same one.
 */
export const temperatureMapQuery = (publicMap: MatnatApi['publicMap']): MatnatQueryOptions<TemperatureMap> =>
  q(['temperatureMap'], ({ signal }) => publicMap.temperatureMap(signal));

/** The queries a panel reads (`Panel`, `LineChartPanel`, `SingleValuePanel`): what panel.js's client carries. */
export type PanelQueries = Pick<MatnatQueries, 'panel' | 'measurements' | 'latest' | 'alertPeriods'>;

/**
 * The panels' queries over just the panel and sensor calls, for a client that carries nothing else
 * (`createPanelClient`, panel.js): `createQueries` uses the same ones.
 */
export function panelQueries(api: Pick<MatnatApi, 'panels' | 'sensors'>): PanelQueries {
  return {
    panel: (id: Id) => q(['panel', id], () => api.panels.show(id)),
    measurements: (id: Id, filter: MeasurementFilter) =>
      q(['sensor', id, 'measurements', filter], ({ signal }) => api.sensors.measurements(id, filter, signal)),
    latest: (id: Id) => q(['sensor', id, 'latest'], ({ signal }) => api.sensors.latest(id, signal)),
    alertPeriods: (id: Id, window: RangeWindow) =>
      q(['sensor', id, 'alert-periods', window], ({ signal }) =>
        api.sensors.alertPeriods(id, window, signal),
      ),
  };
}

export function createQueries(api: MatnatApi): MatnatQueries {
  return {
    ...panelQueries(api),
    // Spec §9: alerts by name, devices by title (else external id), in Swedish order, for every reader.
    alerts: () => q(['alerts'], () => api.alerts.list().then(sortAlerts)),
    alert: (id: Id) => q(['alert', id], () => api.alerts.show(id)),
    alertDeliveries: (id: Id) => q(['alert', id, 'deliveries'], () => api.alerts.deliveries(id)),
    dashboards: () => q(['dashboards'], () => api.dashboards.list().then(sortDashboards)),
    dashboard: (id: Id) => q(['dashboard', id], () => api.dashboards.show(id)),
    devices: ({ unassigned = false }: DeviceListOptions = {}) =>
      q(['devices', { unassigned }], () => api.devices.list({ unassigned }).then(sortDevices)),
    allDevices: () => q(['devices', 'all'], () => api.devices.all().then(sortDevices)),
    device: (id: Id) => q(['device', id], () => api.devices.show(id)),
    deadLetters: (id: Id) => q(['device', id, 'dead-letters'], () => api.devices.deadLetters(id)),
    sensors: () => q(['sensors'], api.sensors.list),
    teams: () => q(['teams'], api.teams.list),
    users: () => q(['users'], api.users.list),
    user: (id: Id) => q(['user', id], () => api.users.show(id)),
    notifications: () => q(['notifications'], api.notifications.list),
    products: () => q(['products'], api.shop.products),
    product: (id: Id) => q(['product', id], () => api.shop.product(id)),
    temperatureMap: () => temperatureMapQuery(api.publicMap),
    embedTokens: () => q(['embedTokens'], api.embedTokens.list),
    embedScripts: () => q(['embedScripts'], api.embedTokens.scripts),
    webhooks: () => q(['webhooks'], api.webhooks.list),
    cart: () => q(['cart'], api.cart.retrieve),
    invitation: (token: string) => q(['invitation', token], () => api.auth.invitation(token)),
  };
}

/** Never retry a 4xx (the same request cannot succeed); network errors and 5xx up to three times. */
export const retryPolicy = (failureCount: number, error: unknown): boolean =>
  !isClientError(error) && failureCount < 3;

/**
 * How long an answer counts as fresh: a screen that mounts after its route loader fetched (its code
 * arrived later) does not ask again. Writes invalidate what they change, so this never hides an edit.
 */
export const STALE_TIME_MS = 10_000;

/** A QueryClient with the Mätnät retry policy and freshness; `config` may override anything. */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: { retry: retryPolicy, staleTime: STALE_TIME_MS, ...config.defaultOptions?.queries },
    },
  });
}
