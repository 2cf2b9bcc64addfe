import type { Kysely } from 'kysely';
import type { DB } from './db/types.js';
import type { IngestQueue } from './ingest/queue.js';
import { latestReadings } from './measurements/store.js';
import { type DemoDevice, type DemoReading, demoUplink } from './seed/demoUplink.js';
import { modelNoise, modelValue, random } from './seed/world.js';

export interface SimulatorOptions {
  /** Time between two rounds of readings. @default 60000 */
  intervalMs?: number;
  /** Clock, for tests. @default Date.now */
  now?: () => number;
  /** Called when a round fails (the simulator keeps running). @default ignores the error */
  onError?: (error: unknown) => void;
}

interface SimSensor {
  id: number;
  device_id: number;
  type: string;
  unit: string;
  lat: number | null;
  lng: number | null;
}

/**
 * The weather of each sensor, continuing the stored series: a sensor seen for the first time starts from
 * the noise that reproduces its latest reading, so the first simulated point follows the seeded history.
 */
async function weatherOf(db: Kysely<DB>, sensors: readonly SimSensor[], weather: Map<number, number>) {
  const fresh = sensors.filter((s) => !weather.has(s.id));
  if (fresh.length === 0) return;
  const latest = await latestReadings(
    db,
    fresh.map((s) => s.id),
  );
  for (const s of fresh) {
    const last = latest.get(s.id);
    weather.set(s.id, last ? modelNoise(s.type, s.lat ?? 60, last.ts, last.value) : 0);
  }
}

/** Each device with its position and the gateways linked to it. */
async function devicesOf(db: Kysely<DB>, sensors: readonly SimSensor[]): Promise<Map<number, DemoDevice>> {
  const links = await db
    .selectFrom('device_gateway')
    .innerJoin('gateways', 'gateways.id', 'device_gateway.gateway_id')
    .select(['device_gateway.device_id', 'gateways.external_gateway_id', 'gateways.lat', 'gateways.lng'])
    .execute();
  const out = new Map<number, DemoDevice>();
  for (const s of sensors) {
    if (out.has(s.device_id)) continue;
    const gateways = links.filter((l) => l.device_id === s.device_id);
    out.set(s.device_id, { id: s.device_id, lat: s.lat, lng: s.lng, gateways });
  }
  return out;
}

/** One round's items: a reading per sensor, one uplink per device (with its battery and signal). */
function itemsOf(
  sensors: readonly SimSensor[],
  devices: ReadonlyMap<number, DemoDevice>,
  ts: number,
  weather: Map<number, number>,
  rand: () => number,
) {
  const byDevice = new Map<number, DemoReading[]>();
  for (const s of sensors) {
    const w = (weather.get(s.id) ?? 0) * 0.98 + (rand() - 0.5) * 0.15;
    weather.set(s.id, w);
    const readings = byDevice.get(s.device_id) ?? [];
    const value = modelValue(s.type, s.lat ?? 60, ts, w);
    readings.push({ sensor_id: s.id, ts, value, type: s.type, unit: s.unit });
    byDevice.set(s.device_id, readings);
  }
  return [...byDevice].map(([deviceId, readings]) => demoUplink(devices.get(deviceId)!, readings, rand));
}

/** Whether the database holds devices the simulator may write to (the demo world's, `simulated` 1). */
export async function hasSimulatedDevices(db: Kysely<DB>): Promise<boolean> {
  const row = await db
    .selectFrom('devices')
    .select('id')
    .where('simulated', '=', 1)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Adds one reading per sensor of the demo's simulated devices every `intervalMs` while the server runs,
 * following the same model as the seeded history and continuing it, through the ingestion queue (so the
 * readings reach the live stream like any other). It never writes to any other device: it picks the
 * devices marked `simulated`, and the writer drops its items of a device whose mark a real reading ended
 * meanwhile (issue 27). Returns a function that stops it and resolves once a running round has finished.
 */
export function startSimulator(
  db: Kysely<DB>,
  ingest: IngestQueue,
  opts: SimulatorOptions = {},
): () => Promise<void> {
  const now = opts.now ?? Date.now;
  const rand = random(now() % 2 ** 31);
  const weather = new Map<number, number>();
  let running: Promise<void> | null = null;

  const round = async () => {
    const sensors = await db
      .selectFrom('sensors')
      .innerJoin('devices', 'devices.id', 'sensors.device_id')
      .select([
        'sensors.id',
        'sensors.device_id',
        'sensors.type',
        'sensors.unit',
        'devices.lat',
        'devices.lng',
      ])
      .where('devices.simulated', '=', 1)
      .execute();
    await weatherOf(db, sensors, weather);
    const items = itemsOf(sensors, await devicesOf(db, sensors), now(), weather, rand);
    await Promise.all(items.map((item) => ingest.enqueue(item)));
  };

  const timer = setInterval(() => {
    if (running) return;
    running = round()
      .catch((error: unknown) => opts.onError?.(error))
      .finally(() => {
        running = null;
      });
  }, opts.intervalMs ?? 60_000);
  timer.unref();

  return async () => {
    clearInterval(timer);
    await running;
  };
}
