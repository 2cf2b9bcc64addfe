import {
  DEFAULT_EXPECTED_INTERVAL_S,
  type Device,
  type DeviceGateway,
  type DeviceHealth,
  type Gateway,
  type GatewaySignal,
  isSilent,
  type LineChartItem,
  type Panel,
  type Sensor,
  type SingleValueItem,
} from '@matnat/contract';
import { type Kysely, type Selectable, sql } from 'kysely';
import { visibleToOwners } from '../auth/scope.js';
import { preparedQuery } from '../db/prepared.js';
import type {
  DevicesTable,
  GatewaysTable,
  LineChartItemsTable,
  PanelsTable,
  SensorsTable,
  SingleValueItemsTable,
} from '../db/tables/resources.js';
import type { DB } from '../db/types.js';

const sensorsOfDevices = preparedQuery((db, ids: readonly number[]) =>
  db.selectFrom('sensors').selectAll().where('device_id', 'in', ids),
);
const sensorsById = preparedQuery((db, ids: readonly number[]) =>
  db.selectFrom('sensors').selectAll().where('id', 'in', ids),
);
const devicesById = preparedQuery((db, ids: readonly number[]) =>
  db.selectFrom('devices').selectAll().where('id', 'in', ids),
);
const lineItemsOfPanels = preparedQuery((db, ids: readonly number[]) =>
  db
    .selectFrom('line_chart_items')
    .selectAll()
    .where('panel_id', 'in', ids)
    .orderBy('panel_id')
    .orderBy('position'),
);
const singleItemsOfPanels = preparedQuery((db, ids: readonly number[]) =>
  db.selectFrom('single_value_items').selectAll().where('panel_id', 'in', ids),
);

/**
 * Loading of included relations: one query per relation level for a whole page of parents (never one per
 * row), then mapped to the contract's types (booleans as booleans, relations under their include names).
 */

export function sensorJson(s: Selectable<SensorsTable>): Sensor {
  return { id: s.id, device_id: s.device_id, name: s.name, type: s.type, unit: s.unit, key: s.key };
}

export function gatewayJson(g: Selectable<GatewaysTable>): Gateway {
  return { id: g.id, title: g.title, external_gateway_id: g.external_gateway_id, lat: g.lat, lng: g.lng };
}

/** How one device hears a gateway; null when it never has (a link made by hand). */
function signalJson(link: {
  rssi: number | null;
  snr: number | null;
  signal_seen_at: string | null;
}): GatewaySignal | null {
  if (link.signal_seen_at === null && link.rssi === null) return null;
  return {
    rssi: link.rssi === null ? null : Number(link.rssi),
    snr: link.snr === null ? null : Number(link.snr),
    last_seen_at: link.signal_seen_at,
  };
}

export function deviceJson(d: Selectable<DevicesTable>): Device {
  return {
    id: d.id,
    title: d.title,
    external_device_id: d.external_device_id,
    lat: d.lat === null ? null : Number(d.lat),
    lng: d.lng === null ? null : Number(d.lng),
    is_public: Boolean(d.is_public),
    public_grid_m: Number(d.public_grid_m),
    default_sensor_id: d.default_sensor_id,
    created_at: d.created_at,
    updated_at: d.updated_at,
  };
}

/**
 * Issue 21: the devices among `ids` with a sensor whose enabled alert is firing or acknowledged (not yet
 * back to normal): the map's and the device list's 'larm'.
 */
const alertingDevices = preparedQuery((db, ids: readonly number[]) =>
  db
    .selectFrom('alert_states')
    .innerJoin('sensors', 'sensors.id', 'alert_states.sensor_id')
    .innerJoin('alerts', 'alerts.id', 'alert_states.alert_id')
    .select('sensors.device_id')
    .distinct()
    .where('sensors.device_id', 'in', ids)
    // Literals in the SQL: a prepared query takes its parameters only from its arguments.
    .where(sql<boolean>`alert_states.state in ('firing', 'acknowledged') and alerts.is_enabled = 1`),
);

/**
 * Issue 10: a device's health as ingestion last saw it (the device answers only: dashboards are cached);
 * issue 21: `alerting` from the alert states.
 */
export function healthJson(d: Selectable<DevicesTable>, alerting: boolean, now = Date.now()): DeviceHealth {
  const health = {
    first_seen_at: d.first_seen_at,
    last_seen_at: d.last_seen_at,
    battery: d.battery === null ? null : Number(d.battery),
    battery_unit: d.battery_unit,
    external_power: d.external_power === null ? null : Boolean(d.external_power),
    rssi: d.rssi === null ? null : Number(d.rssi),
    snr: d.snr === null ? null : Number(d.snr),
    best_gateway_id: d.best_gateway_id,
    expected_interval_s: d.expected_interval_s ?? DEFAULT_EXPECTED_INTERVAL_S,
  };
  return { ...health, silent: isSilent(health, now), simulated: Boolean(d.simulated), alerting };
}

/** The sub-includes below `prefix.` (`'device.sensors'` under `'device'` → `'sensors'`). */
export function below(includes: ReadonlySet<string>, prefix: string): Set<string> {
  const out = new Set<string>();
  for (const name of includes) if (name.startsWith(`${prefix}.`)) out.add(name.slice(prefix.length + 1));
  return out;
}

/** An include asks for its parents too: `panels.lineChartItems.sensor` implies `panels.lineChartItems`. */
export function withParents(includes: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const name of includes) {
    const parts = name.split('.');
    for (let i = 1; i <= parts.length; i++) out.add(parts.slice(0, i).join('.'));
  }
  return out;
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

/** Serialised devices by id with the includes `sensors`, `defaultSensor`, `gateways`, `teams`. */
export async function loadDevices(
  db: Kysely<DB>,
  rows: readonly Selectable<DevicesTable>[],
  includes: ReadonlySet<string>,
  /** Sensors already loaded for (at least) these devices. */
  preloadedSensors?: readonly Selectable<SensorsTable>[],
  /** Add `health` and the gateways' `signal` (the device answers; not the cached dashboard answers). */
  health = false,
): Promise<Map<number, Device>> {
  const out = new Map<number, Device>();
  const ids = rows.map((r) => r.id);
  const alerting =
    health && ids.length > 0
      ? new Set((await alertingDevices(db, ids)).map((r) => r.device_id))
      : new Set<number>();
  for (const row of rows) {
    out.set(
      row.id,
      health ? { ...deviceJson(row), health: healthJson(row, alerting.has(row.id)) } : deviceJson(row),
    );
  }
  if (rows.length === 0 || includes.size === 0) return out;

  if (includes.has('sensors') || includes.has('defaultSensor')) {
    const sensors = preloadedSensors ?? (await sensorsOfDevices(db, ids)).sort((a, b) => a.id - b.id);
    const byDevice = groupBy(sensors, (s) => s.device_id);
    for (const row of rows) {
      const own = byDevice.get(row.id) ?? [];
      const json = out.get(row.id)!;
      if (includes.has('sensors')) json.sensors = own.map(sensorJson);
      if (includes.has('defaultSensor')) {
        const def = own.find((s) => s.id === row.default_sensor_id);
        json.defaultSensor = def ? sensorJson(def) : null;
      }
    }
  }
  if (includes.has('gateways')) {
    const gateways = await db
      .selectFrom('device_gateway')
      .innerJoin('gateways', 'gateways.id', 'device_gateway.gateway_id')
      .selectAll('gateways')
      .select([
        'device_gateway.device_id',
        'device_gateway.rssi',
        'device_gateway.snr',
        'device_gateway.last_seen_at as signal_seen_at',
      ])
      .where('device_gateway.device_id', 'in', ids)
      .orderBy('gateways.id')
      .execute();
    const byDevice = groupBy(gateways, (g) => g.device_id);
    const json = (g: (typeof gateways)[number]): DeviceGateway =>
      health ? { ...gatewayJson(g), signal: signalJson(g) } : gatewayJson(g);
    for (const row of rows) out.get(row.id)!.gateways = (byDevice.get(row.id) ?? []).map(json);
  }
  if (includes.has('teams')) {
    const teams = await db
      .selectFrom('device_team')
      .innerJoin('teams', 'teams.id', 'device_team.team_id')
      .select(['teams.id', 'teams.name', 'device_team.device_id'])
      .where('device_team.device_id', 'in', ids)
      .orderBy('teams.name')
      .execute();
    const byDevice = groupBy(teams, (t) => t.device_id);
    for (const row of rows) {
      out.get(row.id)!.teams = (byDevice.get(row.id) ?? []).map((t) => ({ id: t.id, name: t.name }));
    }
  }
  return out;
}

export function panelJson(p: Selectable<PanelsTable>): Panel {
  return {
    id: p.id,
    dashboard_id: p.dashboard_id,
    type: p.type,
    title: p.title,
    position: p.position,
    device_id: p.device_id,
    sensor_id: p.sensor_id,
    thresholds: p.thresholds === null ? [] : JSON.parse(p.thresholds),
    width: p.width,
    height: p.height,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

function itemJson(
  i: Selectable<LineChartItemsTable> | Selectable<SingleValueItemsTable>,
): LineChartItem | SingleValueItem {
  const json: LineChartItem = {
    id: i.id,
    panel_id: i.panel_id,
    sensor_id: i.sensor_id,
    device_id: i.device_id,
  };
  if ('color' in i) json.color = i.color;
  return json;
}

/**
 * Serialised panels with the includes `lineChartItems[.sensor|.device[.sensors|.defaultSensor]]`,
 * `singleValueItem[...]`, `device`, `sensor`. Devices and sensors are fetched once for all panels.
 */
export async function loadPanels(
  db: Kysely<DB>,
  rows: readonly Selectable<PanelsTable>[],
  includes: ReadonlySet<string>,
): Promise<Panel[]> {
  const panels = rows.map(panelJson);
  if (rows.length === 0 || includes.size === 0) return panels;
  const ids = rows.map((r) => r.id);

  const lineItems =
    includes.has('lineChartItems') && rows.some((r) => r.type === 'line_chart')
      ? await lineItemsOfPanels(db, ids)
      : [];
  const singleItems =
    includes.has('singleValueItem') && rows.some((r) => r.type === 'single_value')
      ? await singleItemsOfPanels(db, ids)
      : [];

  // Devices and sensors of every level, fetched once with the union of what each level asked for. A
  // sensor of an item or panel is on that item's or panel's device, so one sensors query by device serves
  // both the devices' `sensors` and the items' `sensor`.
  const deviceIncludes = new Set<string>([
    ...below(includes, 'lineChartItems.device'),
    ...below(includes, 'singleValueItem.device'),
    ...below(includes, 'device'),
  ]);
  const wantSensor = (prefix: string) =>
    includes.has(`${prefix}.sensor`) || (prefix === '' && includes.has('sensor'));
  // What each panel may show: the devices its dashboard's owner may read now (and their sensors).
  const referenced = [
    ...lineItems.map((i) => i.device_id),
    ...singleItems.map((i) => i.device_id),
    ...rows.flatMap((r) => (r.device_id === null ? [] : [r.device_id])),
  ];
  const visible = await visibleToOwners(
    db,
    rows.map((r) => r.dashboard_id),
    referenced,
  );
  const dashboardOf = new Map(rows.map((r) => [r.id, r.dashboard_id]));
  const shows = (panelId: number, deviceId: number | null) =>
    deviceId !== null && visible.get(dashboardOf.get(panelId)!)?.has(deviceId) === true;

  const deviceIds: number[] = [];
  const sensorIds: number[] = [];
  const sensorDeviceIds: number[] = [];
  const collect = (
    item: { panel_id: number; device_id: number | null; sensor_id: number | null },
    withDevice: boolean,
    withSensor: boolean,
  ) => {
    if (!shows(item.panel_id, item.device_id)) return;
    if (withDevice && item.device_id !== null) deviceIds.push(item.device_id);
    if (withSensor && item.sensor_id !== null) {
      sensorIds.push(item.sensor_id);
      if (item.device_id !== null) sensorDeviceIds.push(item.device_id);
    }
  };
  for (const i of lineItems) collect(i, includes.has('lineChartItems.device'), wantSensor('lineChartItems'));
  for (const i of singleItems)
    collect(i, includes.has('singleValueItem.device'), wantSensor('singleValueItem'));
  for (const r of rows) collect({ ...r, panel_id: r.id }, includes.has('device'), wantSensor(''));

  const deviceRows = deviceIds.length ? await devicesById(db, [...new Set(deviceIds)]) : [];
  const needDeviceSensors = deviceIncludes.has('sensors') || deviceIncludes.has('defaultSensor');
  const sensorDevices = new Set([...sensorDeviceIds, ...(needDeviceSensors ? deviceIds : [])]);
  const sensorRows = sensorDevices.size
    ? // Sorted here rather than in SQL: an IN list over an index would need a temporary sort b-tree.
      (await sensorsOfDevices(db, [...sensorDevices])).sort((a, b) => a.id - b.id)
    : [];
  const sensors = new Map(sensorRows.map((s) => [s.id, sensorJson(s)]));
  const missing = [...new Set(sensorIds)].filter((id) => !sensors.has(id));
  if (missing.length > 0) {
    for (const s of await sensorsById(db, missing)) {
      sensors.set(s.id, sensorJson(s));
    }
  }
  const devices = await loadDevices(db, deviceRows, deviceIncludes, sensorRows);

  const withRelations = (
    item: Selectable<LineChartItemsTable> | Selectable<SingleValueItemsTable>,
    prefix: string,
  ) => {
    const json = itemJson(item);
    const shown = shows(item.panel_id, item.device_id);
    if (includes.has(`${prefix}.sensor`)) json.sensor = (shown && sensors.get(item.sensor_id)) || null;
    if (includes.has(`${prefix}.device`)) json.device = (shown && devices.get(item.device_id)) || null;
    return json;
  };
  const linesByPanel = groupBy(lineItems, (i) => i.panel_id);
  const singleByPanel = new Map(singleItems.map((i) => [i.panel_id, i]));
  rows.forEach((row, index) => {
    const json = panels[index]!;
    if (includes.has('lineChartItems')) {
      json.lineChartItems = (linesByPanel.get(row.id) ?? []).map((i) => withRelations(i, 'lineChartItems'));
    }
    if (includes.has('singleValueItem')) {
      const item = singleByPanel.get(row.id);
      json.singleValueItem = item ? withRelations(item, 'singleValueItem') : null;
    }
    const shown = shows(row.id, row.device_id);
    if (includes.has('device')) json.device = (shown && devices.get(row.device_id!)) || null;
    if (includes.has('sensor'))
      json.sensor = (shown && row.sensor_id !== null && sensors.get(row.sensor_id)) || null;
  });
  return panels;
}
