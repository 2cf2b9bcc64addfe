import { LIMITS } from '@matnat/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/types.js';
import { executeValues, type Reading, writeReadings } from '../measurements/store.js';
import type { GatewaySignal, UplinkReading } from './uplinks.js';

/** One message's worth of ingestion: a device's readings and health. */
export interface IngestItem {
  /** By DevEUI (created unassigned when unknown) or, for device keys, by id. */
  device: { eui: string; name: string | null } | { id: number };
  integration: { id: number; teamId: number | null } | null;
  /** When the device was heard (epoch ms). */
  ts: number;
  readings: readonly UplinkReading[];
  battery: { value: number; unit: '%' | 'V' } | null;
  externalPower: boolean | null;
  /** Best first. */
  gateways: readonly GatewaySignal[];
  /**
   * The demo simulator's invention (issue 27): stored only while its device is marked `simulated`. Any
   * other item is a real reading and ends its device's simulation in the same transaction.
   */
  simulated: boolean;
}

/**
 * An item of readings of sensors known by id (the simulator, tests): no lookups by key. `options` adds what
 * a network server reports beside them (the battery and the gateways that heard the uplink) and whether
 * the demo simulator invented it.
 */
export function knownSensorsItem(
  deviceId: number,
  readings: readonly Reading[],
  options: Partial<Pick<IngestItem, 'simulated' | 'battery' | 'gateways'>> = {},
): IngestItem {
  const ts = Math.max(...readings.map((r) => r.ts));
  return {
    device: { id: deviceId },
    simulated: options.simulated ?? false,
    integration: null,
    ts,
    readings: readings.map((r) => ({
      key: `sensor-${r.sensor_id}`,
      sensorId: r.sensor_id,
      rule: { type: 'other', name: '', unit: '' },
      value: r.value,
      ts: r.ts,
    })),
    battery: options.battery ?? null,
    externalPower: null,
    gateways: options.gateways ?? [],
  };
}

export interface ItemResult {
  /** Null when the item was refused. */
  deviceId: number | null;
  stored: number;
  /** Keys whose 0 meant "no probe attached" and that have no sensor: not stored (see `zeroWithoutProbe`). */
  noProbe?: string[];
  /** Payload keys left out by the writer (a device at its cap of sensors), with the reason. */
  skipped?: Record<string, string>;
  /** Set when nothing was written: the device is not one the item's integration may write to. */
  refused?: 'device';
}

/** A 0 from an input that sends 0 with nothing attached: a reading only for a sensor that exists. */
const withoutProbe = (r: UplinkReading) => r.value === 0 && r.rule.zeroWithoutProbe === true;

/** Why a key of a device at its cap was left out. */
export const SENSOR_CAP_REASON = `Enheten har redan ${LIMITS.sensorsPerDevice} sensorer; nya tas inte emot.`;

/**
 * Sensor ids by device and payload key (case-insensitive), looked up without making a key string for
 * every reading (issue 27 point 7: two such strings a reading showed in the server's CPU a message).
 */
export class SensorIds {
  readonly #byDevice = new Map<number, Map<string, number>>();

  get(deviceId: number, key: string): number | undefined {
    return this.#byDevice.get(deviceId)?.get(key.toLowerCase());
  }

  set(deviceId: number, key: string, id: number): void {
    let ofDevice = this.#byDevice.get(deviceId);
    if (!ofDevice) {
      ofDevice = new Map();
      this.#byDevice.set(deviceId, ofDevice);
    }
    ofDevice.set(key.toLowerCase(), id);
  }

  merge(other: SensorIds): void {
    for (const [deviceId, ofDevice] of other.#byDevice)
      for (const [key, id] of ofDevice) this.set(deviceId, key, id);
  }
}

/**
 * Ids this process has already resolved: a device by EUI, a sensor by device and key, a gateway by EUI,
 * a device–gateway link. Filled only after a commit, so a rolled-back creation is never remembered.
 */
export class IngestCache {
  readonly devices = new Map<string, number>();
  readonly sensors = new SensorIds();
  readonly gateways = new Map<string, number>();
  readonly links = new Set<string>();
  /** When this process last wrote a device's health (wall clock). */
  readonly healthAt = new Map<number, number>();
  /** Devices known to be simulated no longer (or never): a real reading of them needs no write of the mark. */
  readonly real = new Set<number>();

  merge(other: IngestCache): void {
    for (const id of other.real) this.real.add(id);
    for (const [k, v] of other.healthAt) this.healthAt.set(k, v);
    for (const [k, v] of other.devices) this.devices.set(k, v);
    this.sensors.merge(other.sensors);
    for (const [k, v] of other.gateways) this.gateways.set(k, v);
    for (const k of other.links) this.links.add(k);
  }
}

/** How often a device's health (last seen, signal) is written at most while it keeps sending. */
export const HEALTH_INTERVAL_MS = 10_000;

const sensorKey = (deviceId: number, key: string) => `${deviceId}\u0000${key.toLowerCase()}`;
const linkKey = (deviceId: number, gatewayId: number) => `${deviceId}:${gatewayId}`;
const NORMALISED_EXTERNAL_ID = sql<string>`upper(replace(replace(replace(external_device_id, '-', ''), ':', ''), ' ', ''))`;

/**
 * Writes a batch of items in the caller's transaction: finds or creates devices, sensors and gateways,
 * stores the readings with their rollups and brings device and gateway health up to date. Returns the
 * per-item results, the stored readings (for the live stream) and the ids learnt (for the cache).
 */
export async function writeBatch(
  trx: Kysely<DB>,
  batch: readonly IngestItem[],
  cache: IngestCache,
): Promise<{ results: ItemResult[]; readings: Reading[]; added: number; learnt: IngestCache }> {
  const learnt = new IngestCache();
  const at = new Date().toISOString();
  const batchDeviceIds = await resolveDevices(trx, batch, cache, learnt, at);
  // Items whose integration may write to their device (issue 24); the refused write nothing at all.
  const allowed = await mayWrite(trx, batch, batchDeviceIds);
  const permitted: number[] = [];
  for (let i = 0; i < batch.length; i++) if (allowed[i]) permitted.push(i);
  const simulation = await withoutStaleSimulation(
    trx,
    permitted.map((i) => batch[i]!),
    permitted.map((i) => batchDeviceIds[i]!),
    cache,
    learnt,
  );
  const kept = simulation ? simulation.map((j) => permitted[j]!) : permitted;
  const items = kept.map((i) => batch[i]!);
  const deviceIds = kept.map((i) => batchDeviceIds[i]!);
  await resolveSensors(trx, items, deviceIds, cache, learnt, at);
  const readings: Reading[] = [];
  // Usually every reading has its sensor: then an item's result is one small object, nothing else made.
  const written = items.map((item, i): ItemResult => {
    const deviceId = deviceIds[i]!;
    const result: ItemResult = { deviceId, stored: 0 };
    for (const r of item.readings) {
      const sensorId =
        r.sensorId ?? cache.sensors.get(deviceId, r.key) ?? learnt.sensors.get(deviceId, r.key);
      if (sensorId !== undefined) {
        readings.push({ sensor_id: sensorId, ts: r.ts, value: r.value });
        result.stored++;
      } else if (withoutProbe(r)) {
        result.noProbe ??= [];
        result.noProbe.push(r.key);
      } else {
        result.skipped ??= {};
        result.skipped[r.key] = SENSOR_CAP_REASON;
      }
    }
    return result;
  });
  const added = await writeReadings(trx, readings);
  const gatewayIds = await resolveGateways(trx, items, cache, learnt, at);
  await writeHealth(trx, items, deviceIds, gatewayIds, cache, learnt);
  // The refused items wrote nothing; the simulator's dropped ones stored nothing.
  if (kept.length === batch.length) return { results: written, readings, added, learnt };
  const results = batch.map(
    (_, i): ItemResult =>
      allowed[i]
        ? { deviceId: batchDeviceIds[i]!, stored: 0 }
        : { deviceId: null, stored: 0, refused: 'device' },
  );
  kept.forEach((index, i) => {
    results[index] = written[i]!;
  });
  return { results, readings, added, learnt };
}

/**
 * Whether each item's integration may write to the device it resolved to (issue 24). An integration of a
 * team writes to that team's devices and to unassigned ones it created or that are offered to its team;
 * any other device is refused as if unknown. An integration without a team is the operator's (only
 * admins create integrations) and, like MQTT, the simulator and device keys, is not limited here.
 */
async function mayWrite(
  trx: Kysely<DB>,
  items: readonly IngestItem[],
  deviceIds: readonly number[],
): Promise<boolean[]> {
  const scoped = [...new Set(deviceIds.filter((_, i) => items[i]!.integration?.teamId != null))];
  if (scoped.length === 0) return items.map(() => true);
  const [teams, devices] = await Promise.all([
    trx.selectFrom('device_team').select(['device_id', 'team_id']).where('device_id', 'in', scoped).execute(),
    trx
      .selectFrom('devices')
      .select(['id', 'integration_id', 'offered_team_id'])
      .where('id', 'in', scoped)
      .execute(),
  ]);
  const byId = new Map(devices.map((d) => [d.id, d]));
  return items.map((item, i) => {
    const integration = item.integration;
    if (integration?.teamId == null) return true;
    const deviceId = deviceIds[i]!;
    const own = teams.filter((t) => t.device_id === deviceId);
    if (own.length > 0) return own.some((t) => t.team_id === integration.teamId);
    const device = byId.get(deviceId);
    return device?.integration_id === integration.id || device?.offered_team_id === integration.teamId;
  });
}

/**
 * Issue 27: a real reading ends its device's simulation, in the transaction that stores it; the
 * simulator's items of a device that is not (or no longer) simulated are dropped, so it never writes to a
 * device that has sent a reading of its own. Returns the indices of the items to write; null: all of them.
 */
async function withoutStaleSimulation(
  trx: Kysely<DB>,
  items: readonly IngestItem[],
  deviceIds: readonly number[],
  cache: IngestCache,
  learnt: IngestCache,
): Promise<number[] | null> {
  const real = new Set<number>();
  const simulated = new Set<number>();
  items.forEach((item, i) => {
    const id = deviceIds[i]!;
    if (item.simulated) simulated.add(id);
    else if (!cache.real.has(id)) real.add(id);
  });
  if (real.size > 0) {
    await trx
      .updateTable('devices')
      .set({ simulated: 0 })
      .where('simulated', '=', 1)
      .where('id', 'in', [...real])
      .execute();
    for (const id of real) learnt.real.add(id);
  }
  if (simulated.size === 0) return null;
  const rows = await trx
    .selectFrom('devices')
    .select('id')
    .where('simulated', '=', 1)
    .where('id', 'in', [...simulated])
    .execute();
  const live = new Set(rows.map((r) => r.id));
  const kept = items.flatMap((item, i) => (!item.simulated || live.has(deviceIds[i]!) ? [i] : []));
  return kept.length === items.length ? null : kept;
}

async function resolveDevices(
  trx: Kysely<DB>,
  items: readonly IngestItem[],
  cache: IngestCache,
  learnt: IngestCache,
  at: string,
): Promise<number[]> {
  const missing = new Map<string, IngestItem>();
  for (const item of items)
    if ('eui' in item.device && !cache.devices.has(item.device.eui)) missing.set(item.device.eui, item);
  if (missing.size > 0) {
    const euis = [...missing.keys()];
    // Stored as sent: keyed by the id asked for (a normalised key would miss ids that are no DevEUI, and
    // the insert below would then run for nothing, bumping PostgreSQL's read version every time).
    const found = await trx
      .selectFrom('devices')
      .select(['id', 'external_device_id'])
      .where('external_device_id', 'in', euis)
      .execute();
    for (const row of found) learnt.devices.set(row.external_device_id, row.id);
    const rest = euis.filter((eui) => !learnt.devices.has(eui));
    if (rest.length > 0) {
      // Stored by hand as `70-b3-d5-…` or in lower case: compare normalised (a scan, once per new device).
      const loose = await trx
        .selectFrom('devices')
        .select(['id', NORMALISED_EXTERNAL_ID.as('eui')])
        .where(NORMALISED_EXTERNAL_ID, 'in', rest)
        .execute();
      for (const row of loose) learnt.devices.set(row.eui, row.id);
      await createDevices(
        trx,
        euis.filter((eui) => !learnt.devices.has(eui)).map((eui) => missing.get(eui)!),
        learnt,
        at,
      );
    }
  }
  return items.map((item) =>
    'id' in item.device
      ? item.device.id
      : (cache.devices.get(item.device.eui) ?? learnt.devices.get(item.device.eui)!),
  );
}

/** Unknown devices are created unassigned (no team), offered to their integration's team. */
async function createDevices(trx: Kysely<DB>, items: readonly IngestItem[], learnt: IngestCache, at: string) {
  if (items.length === 0) return;
  const rows = items.map((item) => {
    const device = item.device as { eui: string; name: string | null };
    return {
      title: device.name,
      external_device_id: device.eui,
      lat: null,
      lng: null,
      default_sensor_id: null,
      created_at: at,
      updated_at: at,
      first_seen_at: new Date(Math.min(item.ts, Date.now())).toISOString(),
      integration_id: item.integration?.id ?? null,
      offered_team_id: item.integration?.teamId ?? null,
    };
  });
  await trx
    .insertInto('devices')
    .values(rows)
    .onConflict((oc) => oc.column('external_device_id').doNothing())
    .execute();
  // Created here or, a moment earlier, by another ingestion process: read back either way.
  const created = await trx
    .selectFrom('devices')
    .select(['id', 'external_device_id'])
    .where(
      'external_device_id',
      'in',
      rows.map((r) => r.external_device_id),
    )
    .execute();
  for (const row of created) learnt.devices.set(row.external_device_id, row.id);
}

function sensorMatch(
  sensors: readonly { id: number; key: string | null; name: string; type: string }[],
  reading: UplinkReading,
): number | undefined {
  const key = reading.key.toLowerCase();
  const byKey = sensors.find((s) => s.key?.toLowerCase() === key);
  if (byKey) return byKey.id;
  if (withoutProbe(reading)) return undefined;
  const byName = sensors.find((s) => s.name.toLowerCase() === key);
  if (byName) return byName.id;
  if (reading.rule.type === 'other') return undefined;
  const ofType = sensors.filter((s) => s.type === reading.rule.type && s.key === null);
  return ofType.length === 1 ? ofType[0]!.id : undefined;
}

/**
 * Finds or creates the sensors of the items' readings that neither name their sensor nor are in the cache;
 * their ids go to `learnt.sensors` (a reading's sensor: its own id, else the cache's, else learnt's).
 */
async function resolveSensors(
  trx: Kysely<DB>,
  items: readonly IngestItem[],
  deviceIds: readonly number[],
  cache: IngestCache,
  learnt: IngestCache,
  at: string,
): Promise<void> {
  const missing = new Map<string, { deviceId: number; reading: UplinkReading }>();
  items.forEach((item, i) => {
    const deviceId = deviceIds[i]!;
    for (const reading of item.readings)
      if (reading.sensorId === undefined && cache.sensors.get(deviceId, reading.key) === undefined)
        missing.set(sensorKey(deviceId, reading.key), { deviceId, reading });
  });
  if (missing.size === 0) return;
  const out = learnt.sensors;
  const devices = [...new Set([...missing.values()].map((m) => m.deviceId))];
  const existing = await trx
    .selectFrom('sensors')
    .select(['id', 'device_id', 'key', 'name', 'type'])
    .where('device_id', 'in', devices)
    .execute();
  const toCreate: { deviceId: number; reading: UplinkReading }[] = [];
  // Sensors each device has or is about to get: none beyond LIMITS.sensorsPerDevice is created.
  const count = new Map<number, number>();
  for (const sensor of existing) count.set(sensor.device_id, (count.get(sensor.device_id) ?? 0) + 1);
  for (const m of missing.values()) {
    const id = sensorMatch(
      existing.filter((s) => s.device_id === m.deviceId),
      m.reading,
    );
    if (id !== undefined) out.set(m.deviceId, m.reading.key, id);
    else if (withoutProbe(m.reading)) continue;
    else if ((count.get(m.deviceId) ?? 0) < LIMITS.sensorsPerDevice) {
      toCreate.push(m);
      count.set(m.deviceId, (count.get(m.deviceId) ?? 0) + 1);
    }
  }
  if (toCreate.length > 0) await createSensors(trx, toCreate, out, at);
}

async function createSensors(
  trx: Kysely<DB>,
  wanted: readonly { deviceId: number; reading: UplinkReading }[],
  out: SensorIds,
  at: string,
) {
  await trx
    .insertInto('sensors')
    .values(
      wanted.map(({ deviceId, reading }) => ({
        device_id: deviceId,
        type: reading.rule.type,
        name: reading.rule.name,
        unit: reading.rule.unit,
        key: reading.key,
        created_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(['device_id', 'key']).doNothing())
    .execute();
  const devices = [...new Set(wanted.map((w) => w.deviceId))];
  const rows = await trx
    .selectFrom('sensors')
    .select(['id', 'device_id', 'key'])
    .where('device_id', 'in', devices)
    .where('key', 'is not', null)
    .orderBy('id')
    .execute();
  for (const row of rows) out.set(row.device_id, row.key!, row.id);
  // A device heard for the first time shows its first sensor (a temperature if it has one) by default: one
  // statement for all of them (a statement a device held a batch of 1,000 new devices up for seconds).
  await sql`update devices set default_sensor_id = (
      select s.id from sensors s where s.device_id = devices.id and s.key is not null
      order by case when s.type = 'temperature' then 0 else 1 end, s.id limit 1)
    where id in (${sql.join(devices)}) and default_sensor_id is null`.execute(trx);
}

async function resolveGateways(
  trx: Kysely<DB>,
  items: readonly IngestItem[],
  cache: IngestCache,
  learnt: IngestCache,
  at: string,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const missing = new Set<string>();
  for (const item of items)
    for (const g of item.gateways) {
      const id = cache.gateways.get(g.id);
      if (id === undefined) missing.add(g.id);
      else out.set(g.id, id);
    }
  if (missing.size === 0) return out;
  const ids = [...missing];
  await trx
    .insertInto('gateways')
    .values(ids.map((id) => ({ title: id, external_gateway_id: id, lat: null, lng: null, created_at: at })))
    .onConflict((oc) => oc.column('external_gateway_id').doNothing())
    .execute();
  const rows = await trx
    .selectFrom('gateways')
    .select(['id', 'external_gateway_id'])
    .where('external_gateway_id', 'in', ids)
    .execute();
  for (const row of rows) {
    out.set(row.external_gateway_id, row.id);
    learnt.gateways.set(row.external_gateway_id, row.id);
  }
  return out;
}

interface Column {
  name: string;
  type: 'integer' | 'double precision' | 'text';
}

/** `with v(…) as (values …) update <table> set … from v where …` for many rows in one statement. */
async function updateFrom(
  trx: Kysely<DB>,
  table: string,
  columns: readonly Column[],
  where: string,
  set: string,
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  const names = columns.map((c) => c.name).join(', ');
  const types = columns.map((c) => c.type);
  for (let i = 0; i < rows.length; i += 500) {
    await executeValues(
      trx,
      `with v(${names}) as (`,
      rows.slice(i, i + 500),
      `) update ${table} set ${set} from v where ${where}`,
      types,
    );
  }
}

/** The newest item of each device (by the time it was heard), keeping a battery or power state seen earlier. */
function latestByDevice(items: readonly IngestItem[], deviceIds: readonly number[]) {
  // One record a device, merged in place (under load a device sends many items a batch).
  type Merged = Pick<IngestItem, 'ts' | 'battery' | 'externalPower' | 'gateways'> & {
    newest: IngestItem;
    of: number;
  };
  const merged = new Map<number, Merged>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const id = deviceIds[i]!;
    const m = merged.get(id);
    if (!m) {
      const { ts, battery, externalPower, gateways } = item;
      merged.set(id, { newest: item, of: 1, ts, battery, externalPower, gateways });
      continue;
    }
    m.of++;
    if (item.ts >= m.ts) {
      m.newest = item;
      m.ts = item.ts;
      m.battery = item.battery ?? m.battery;
      m.externalPower = item.externalPower ?? m.externalPower;
      if (item.gateways.length > 0) m.gateways = item.gateways;
    } else {
      m.battery ??= item.battery;
      m.externalPower ??= item.externalPower;
      if (m.gateways.length === 0) m.gateways = item.gateways;
    }
  }
  const out = new Map<number, IngestItem>();
  for (const [id, m] of merged) {
    const { newest, ts, battery, externalPower, gateways } = m;
    out.set(id, m.of === 1 ? newest : { ...newest, ts, battery, externalPower, gateways });
  }
  return out;
}

const I = 'integer' as const;
const R = 'double precision' as const;
const T = 'text' as const;
const later = (col: string) => `case when ${col} is null or v.seen > ${col} then v.seen else ${col} end`;

/**
 * Device and gateway health of the batch: last seen, battery, the signal per gateway and the best one.
 * A device that reports often has its health written at most once per HEALTH_INTERVAL_MS (its newest
 * state then), unless the item brings something new: a battery or power state, or a gateway not yet
 * linked. Readings are never throttled, only this bookkeeping.
 */
async function writeHealth(
  trx: Kysely<DB>,
  items: readonly IngestItem[],
  deviceIds: readonly number[],
  gatewayIds: ReadonlyMap<string, number>,
  cache: IngestCache,
  learnt: IngestCache,
): Promise<void> {
  const now = Date.now();
  const latest = [...latestByDevice(items, deviceIds)].filter(([id, item]) => {
    const due =
      now - (cache.healthAt.get(id) ?? 0) >= HEALTH_INTERVAL_MS ||
      item.battery !== null ||
      item.externalPower !== null ||
      item.gateways.some((g) => !cache.links.has(linkKey(id, gatewayIds.get(g.id)!)));
    if (due) learnt.healthAt.set(id, now);
    return due;
  });
  const links = new Map<string, { device: number; gateway: number; g: GatewaySignal; seen: string }>();
  const gatewaySeen = new Map<number, string>();
  for (const [deviceId, item] of latest) {
    const seen = new Date(item.ts).toISOString();
    for (const g of item.gateways) {
      const gatewayId = gatewayIds.get(g.id)!;
      links.set(linkKey(deviceId, gatewayId), { device: deviceId, gateway: gatewayId, g, seen });
      if ((gatewaySeen.get(gatewayId) ?? '') < seen) gatewaySeen.set(gatewayId, seen);
    }
  }
  const newLinks = [...links.entries()].filter(([k]) => !cache.links.has(k));
  if (newLinks.length > 0) {
    await trx
      .insertInto('device_gateway')
      .values(newLinks.map(([, l]) => ({ device_id: l.device, gateway_id: l.gateway })))
      .onConflict((oc) => oc.columns(['device_id', 'gateway_id']).doNothing())
      .execute();
    for (const [k] of newLinks) learnt.links.add(k);
  }
  await updateFrom(
    trx,
    'device_gateway',
    [
      { name: 'device_id', type: I },
      { name: 'gateway_id', type: I },
      { name: 'rssi', type: R },
      { name: 'snr', type: R },
      { name: 'seen', type: T },
    ],
    'device_gateway.device_id = v.device_id and device_gateway.gateway_id = v.gateway_id',
    `rssi = v.rssi, snr = v.snr, last_seen_at = ${later('device_gateway.last_seen_at')}`,
    [...links.values()].map((l) => [l.device, l.gateway, l.g.rssi, l.g.snr, l.seen]),
  );
  await updateFrom(
    trx,
    'gateways',
    [
      { name: 'id', type: I },
      { name: 'seen', type: T },
    ],
    'gateways.id = v.id',
    `last_seen_at = ${later('gateways.last_seen_at')}`,
    [...gatewaySeen],
  );
  await updateFrom(
    trx,
    'devices',
    [
      { name: 'id', type: I },
      { name: 'seen', type: T },
      { name: 'battery', type: R },
      { name: 'battery_unit', type: T },
      { name: 'external_power', type: I },
      { name: 'rssi', type: R },
      { name: 'snr', type: R },
      { name: 'gateway', type: I },
    ],
    'devices.id = v.id',
    `last_seen_at = ${later('devices.last_seen_at')},
      battery = coalesce(v.battery, devices.battery), battery_unit = coalesce(v.battery_unit, devices.battery_unit),
      external_power = coalesce(v.external_power, devices.external_power), rssi = coalesce(v.rssi, devices.rssi),
      snr = coalesce(v.snr, devices.snr), best_gateway_id = coalesce(v.gateway, devices.best_gateway_id)`,
    latest.map(([id, item]) => {
      const best = item.gateways[0];
      return [
        id,
        new Date(item.ts).toISOString(),
        item.battery?.value ?? null,
        item.battery?.unit ?? null,
        item.externalPower === null ? null : item.externalPower ? 1 : 0,
        best?.rssi ?? null,
        best?.snr ?? null,
        best ? gatewayIds.get(best.id)! : null,
      ];
    }),
  );
}
