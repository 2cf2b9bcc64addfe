import type { Generated } from 'kysely';

/**
 * Tables of the data resources (devices, dashboards, alerts, shop, measurements). Booleans are stored as
 * 0/1 integers and instants as ISO-8601 text (measurements: epoch milliseconds) so that one schema serves
 * SQLite and PostgreSQL alike.
 */
export interface ResourceTables {
  devices: DevicesTable;
  device_team: DeviceTeamTable;
  sensors: SensorsTable;
  gateways: GatewaysTable;
  device_gateway: DeviceGatewayTable;
  dashboards: DashboardsTable;
  panels: PanelsTable;
  line_chart_items: LineChartItemsTable;
  single_value_items: SingleValueItemsTable;
  alerts: AlertsTable;
  alert_conditions: AlertConditionsTable;
  alert_states: AlertStatesTable;
  alert_history: AlertHistoryTable;
  notifications: NotificationsTable;
  products: ProductsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  carts: CartsTable;
  measurements: MeasurementsTable;
  measurement_rollups_1h: MeasurementRollupsTable;
  measurement_rollups_1d: MeasurementRollupsTable;
  integrations: IntegrationsTable;
  device_keys: DeviceKeysTable;
}

export type IntegrationKind = 'tts' | 'chirpstack' | 'mqtt' | 'http';

export interface IntegrationsTable {
  id: Generated<number>;
  kind: IntegrationKind;
  name: string;
  /** The team new devices heard through this integration are offered to. */
  team_id: number | null;
  /** SHA-256 of the secret; the secret itself is shown once, on creation. */
  secret_hash: string;
  created_by: number | null;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export interface DeviceKeysTable {
  id: Generated<number>;
  device_id: number;
  name: string;
  /** SHA-256 of the key; the key itself is shown once, on creation. */
  key_hash: string;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export interface DevicesTable {
  id: Generated<number>;
  title: string | null;
  external_device_id: string;
  lat: number | null;
  lng: number | null;
  is_public: Generated<number>;
  /** Issue 26: metres of the grid public callers see its position on; 0 exakt. */
  public_grid_m: Generated<number>;
  default_sensor_id: number | null;
  created_at: string;
  updated_at: string;
  /** When ingestion first heard of the device (null for devices created by hand and not heard yet). */
  first_seen_at: Generated<string | null>;
  last_seen_at: Generated<string | null>;
  /** Battery as the device reports it: percent (`battery_unit` '%') or volts ('V'). */
  battery: Generated<number | null>;
  battery_unit: Generated<string | null>;
  /** 1 when the device runs on external power (its battery level then means nothing). */
  external_power: Generated<number | null>;
  /** Signal of the best gateway of the latest uplink. */
  rssi: Generated<number | null>;
  snr: Generated<number | null>;
  best_gateway_id: Generated<number | null>;
  /** The integration that reported the device first. */
  integration_id: Generated<number | null>;
  /** The team an unassigned device is offered to (the integration's team). */
  offered_team_id: Generated<number | null>;
  /** How often the device is expected to be heard, in seconds; null: DEFAULT_EXPECTED_INTERVAL_S. */
  expected_interval_s: Generated<number | null>;
  /** 1 for a demo device the simulator writes to, until a real reading of it arrives (issue 27). */
  simulated: Generated<number>;
}

export interface DeviceTeamTable {
  device_id: number;
  team_id: number;
}

export type SensorType = 'temperature' | 'humidity' | 'battery' | 'pressure' | 'co2' | 'other';

export interface SensorsTable {
  id: Generated<number>;
  device_id: number;
  type: SensorType;
  name: string;
  unit: string;
  created_at: string;
  /** The payload key ingestion created the sensor from (`temperature`, `TempC_SHT`). */
  key: Generated<string | null>;
}

export interface GatewaysTable {
  id: Generated<number>;
  title: string;
  external_gateway_id: string;
  lat: number | null;
  lng: number | null;
  created_at: string;
  last_seen_at: Generated<string | null>;
}

export interface DeviceGatewayTable {
  device_id: number;
  gateway_id: number;
  /** Signal of the device's latest uplink heard by this gateway. */
  rssi: Generated<number | null>;
  snr: Generated<number | null>;
  last_seen_at: Generated<string | null>;
}

export interface DashboardsTable {
  id: Generated<number>;
  /** The owner: dashboards are private to their owner (and visible to admins). */
  user_id: number;
  title: string;
  is_favorite: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type PanelType = 'line_chart' | 'single_value';

export interface PanelsTable {
  id: Generated<number>;
  dashboard_id: number;
  type: PanelType;
  title: string | null;
  position: number;
  device_id: number | null;
  sensor_id: number | null;
  /** The threshold steps as JSON (`ThresholdStep[]`); null: none (issue 21). */
  thresholds: string | null;
  /** Columns (1–12) and rows (1–12) of the dashboard grid the panel spans (issue 21). */
  width: Generated<number>;
  height: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface LineChartItemsTable {
  id: Generated<number>;
  panel_id: number;
  device_id: number;
  sensor_id: number;
  color: string | null;
  position: number;
}

export interface SingleValueItemsTable {
  id: Generated<number>;
  panel_id: number;
  device_id: number;
  sensor_id: number;
}

export interface AlertsTable {
  id: Generated<number>;
  team_id: number;
  user_id: number;
  name: string;
  device_id: number | null;
  is_enabled: Generated<number>;
  last_triggered_at: string | null;
  no_data_minutes: number | null;
  renotify_minutes: number | null;
  muted_until: string | null;
  /** 1: the team is told by e-mail too (issue 24); the bell always. */
  notify_email: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type ConditionOperator = '>' | '>=' | '<' | '<=';

/** Watches `sensor_id`, or every sensor of kind `sensor_key` on `device_id` (exactly one of the two). */
export interface AlertConditionsTable {
  id: Generated<number>;
  alert_id: number;
  sensor_id: number | null;
  device_id: Generated<number | null>;
  sensor_key: Generated<string | null>;
  operator: ConditionOperator;
  threshold: number;
  duration_s: Generated<number>;
  clear_threshold: number | null;
}

export type AlertStateName = 'ok' | 'pending' | 'firing' | 'acknowledged' | 'resolved';
export type AlertWatchKind = 'value' | 'no_data';

/** Where an alert stands for one watched sensor and kind; no row means `ok`. */
export interface AlertStatesTable {
  alert_id: number;
  sensor_id: number;
  kind: AlertWatchKind;
  state: AlertStateName;
  since: string;
  value: number | null;
  episode: number;
  /** When the team was last told (firing or re-notified). */
  notified_at: string | null;
  /** Re-notifications sent in this episode. */
  notify_count: number;
  acknowledged_by: number | null;
  acknowledged_at: string | null;
  comment: string | null;
  /** Bumped by every transition, which only applies to the version it read. */
  version: number;
}

export type AlertHistoryEvent =
  | 'pending'
  | 'cancelled'
  | 'firing'
  | 'renotified'
  | 'acknowledged'
  | 'resolved';

export interface AlertHistoryTable {
  id: Generated<number>;
  alert_id: number;
  sensor_id: number;
  kind: AlertWatchKind;
  episode: number;
  event: AlertHistoryEvent;
  seq: Generated<number>;
  value: number | null;
  at: string;
  user_id: number | null;
  comment: string | null;
}

export type NotificationLevel = 'warn' | 'error' | 'success' | 'default';

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  level: NotificationLevel;
  title: string;
  body: string;
  alert_id: number | null;
  read_at: string | null;
  created_at: string;
}

export interface ProductsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  /** Price in öre (1/100 SEK), VAT included. */
  price_ore: number;
  image_url: string | null;
  in_stock: Generated<number>;
  created_at: string;
}

export interface OrdersTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  address: string;
  postal_code: string;
  city: string;
  message: string | null;
  total_ore: number;
  status: string;
  created_at: string;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  name: string;
  quantity: number;
  unit_price_ore: number;
}

export interface CartsTable {
  id: Generated<number>;
  user_id: number | null;
  guest_token: string | null;
  /** JSON array of the cart's items. */
  items: string;
  updated_at: string;
}

export interface MeasurementsTable {
  sensor_id: number;
  /** Epoch milliseconds (bigint on PostgreSQL: read back through Number()). */
  ts: number | string;
  value: number;
}

export interface MeasurementRollupsTable {
  sensor_id: number;
  /** Start of the rollup period, epoch milliseconds. */
  bucket_ts: number | string;
  count: number | string;
  sum: number;
  min: number;
  max: number;
  last_ts: number | string;
  last_value: number;
}
