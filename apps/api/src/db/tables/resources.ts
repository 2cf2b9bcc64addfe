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
  notifications: NotificationsTable;
  products: ProductsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  carts: CartsTable;
  measurements: MeasurementsTable;
  measurement_rollups_1h: MeasurementRollupsTable;
  measurement_rollups_1d: MeasurementRollupsTable;
}

export interface DevicesTable {
  id: Generated<number>;
  title: string | null;
  external_device_id: string;
  lat: number | null;
  lng: number | null;
  is_public: Generated<number>;
  default_sensor_id: number | null;
  created_at: string;
  updated_at: string;
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
}

export interface GatewaysTable {
  id: Generated<number>;
  title: string;
  external_gateway_id: string;
  lat: number | null;
  lng: number | null;
  created_at: string;
}

export interface DeviceGatewayTable {
  device_id: number;
  gateway_id: number;
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
  created_at: string;
  updated_at: string;
}

export type ConditionOperator = '>' | '>=' | '<' | '<=';

export interface AlertConditionsTable {
  id: Generated<number>;
  alert_id: number;
  sensor_id: number;
  operator: ConditionOperator;
  threshold: number;
  duration_s: Generated<number>;
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
