import type { Kysely } from 'kysely';
import type { ResourceTables } from '../db/tables/resources.js';
import type { DB } from '../db/types.js';
import { IngestCache, writeBatch } from '../ingest/writer.js';
import { insertMeasurements, type Reading } from '../measurements/store.js';
import { type DemoDevice, type DemoGateway, type DemoReading, demoUplink } from './demoUplink.js';
import { modelValue, NZ_PLACES, PLACES, random, SENSOR_KINDS } from './world.js';

export interface SeededDevice {
  id: number;
  title: string;
  town: string | null;
  sensors: { id: number; type: keyof typeof SENSOR_KINDS }[];
}

export interface DeviceSeedOptions {
  /** Team ids: northern devices go to `north`, southern to `south`. */
  north: number;
  south: number;
  support: number;
  now: number;
  /** Days of history. @default 90 */
  days?: number;
  /** Spacing of the history's readings. @default 15 */
  stepMinutes?: number;
}

const HEX = '0123456789abcdef';
// Towns with a climate sensor (temperature and humidity) besides the temperature spear.
const CLIMATE_TOWNS = new Set([
  'Abisko',
  'Åre',
  'Umeå',
  'Falun',
  'Uppsala',
  'Stockholm',
  'Göteborg',
  'Lund',
  'Malmö',
]);

function eui(rand: () => number): string {
  let s = '70b3d57ed0';
  for (let i = 0; i < 6; i++) s += HEX[Math.floor(rand() * 16)];
  return s;
}

/** Devices, sensors, gateways and their history of readings; returns what it created. */
export async function seedDevices<T extends ResourceTables>(
  db: Kysely<T>,
  opts: DeviceSeedOptions,
): Promise<SeededDevice[]> {
  const kdb = db as unknown as Kysely<ResourceTables>;
  const rand = random(20260122);
  const created = new Date(opts.now).toISOString();
  const devices: SeededDevice[] = [];

  const gateways: (DemoGateway & { id: number; lat: number })[] = [];
  for (const town of ['Kiruna', 'Umeå', 'Sundsvall', 'Uppsala', 'Göteborg', 'Malmö']) {
    const place = PLACES.find((p) => p.town === town)!;
    const gateway = {
      title: `Gateway ${town}`,
      external_gateway_id: `gw-${eui(rand)}`,
      lat: place.lat,
      lng: place.lng,
      created_at: created,
    };
    const row = await kdb.insertInto('gateways').values(gateway).returning('id').executeTakeFirstOrThrow();
    gateways.push({ ...gateway, id: row.id });
  }
  const demoDevices: DemoDevice[] = [];

  const specs: {
    title: string;
    place: (typeof PLACES)[number] | null;
    kinds: (keyof typeof SENSOR_KINDS)[];
    team: number | null;
  }[] = [];
  PLACES.forEach((place) => {
    const team = place.lat > 60 ? opts.north : opts.south;
    specs.push({ title: `Temperaturspjut ${place.town} 1`, place, kinds: ['temperature', 'battery'], team });
    if (CLIMATE_TOWNS.has(place.town)) {
      specs.push({
        title: `Klimatgivare ${place.town}`,
        place,
        kinds: ['temperature', 'humidity', 'battery'],
        team,
      });
    }
  });
  specs.push({
    title: 'Temperaturspjut Kiruna 2',
    place: PLACES[1]!,
    kinds: ['temperature', 'battery'],
    team: null,
  });
  specs.push({
    title: 'Temperaturspjut Visby 2',
    place: PLACES[24]!,
    kinds: ['temperature', 'battery'],
    team: null,
  });
  // The NZ temperature-sensor page's spears (public, looked after by the support team).
  for (const place of NZ_PLACES) {
    specs.push({
      title: `Temperaturspjut ${place.town}`,
      place,
      kinds: ['temperature', 'battery'],
      team: opts.support,
    });
  }
  specs.push({ title: 'Ny enhet', place: null, kinds: ['temperature', 'battery'], team: null });
  specs.push({ title: 'Testenhet support', place: null, kinds: ['temperature'], team: opts.support });

  for (const spec of specs) {
    const jitter = () => (rand() - 0.5) * 0.05;
    const lat = spec.place ? spec.place.lat + jitter() : null;
    const lng = spec.place ? spec.place.lng + jitter() : null;
    const device = await kdb
      .insertInto('devices')
      .values({
        title: spec.title,
        external_device_id: `eui-${eui(rand)}`,
        lat,
        lng,
        is_public: spec.place && spec.team !== null && spec.title.startsWith('Temperaturspjut') ? 1 : 0,
        default_sensor_id: null,
        // The simulator's own: it continues their series while the demo runs (until a real reading).
        simulated: 1,
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sensors: SeededDevice['sensors'] = [];
    for (const type of spec.kinds) {
      const s = await kdb
        .insertInto('sensors')
        .values({ device_id: device.id, type, ...SENSOR_KINDS[type], created_at: created })
        .returning('id')
        .executeTakeFirstOrThrow();
      sensors.push({ id: s.id, type });
    }
    await kdb
      .updateTable('devices')
      .set({ default_sensor_id: sensors[0]!.id })
      .where('id', '=', device.id)
      .execute();
    if (spec.team !== null) {
      await kdb.insertInto('device_team').values({ device_id: device.id, team_id: spec.team }).execute();
    }
    // A spear far from every gateway (New Zealand) has none.
    const heardBy: DemoGateway[] = [];
    if (spec.place && spec.place.lat > 0) {
      const lat = spec.place.lat;
      const nearest = gateways.reduce((a, b) => (Math.abs(b.lat - lat) < Math.abs(a.lat - lat) ? b : a));
      await kdb
        .insertInto('device_gateway')
        .values({ device_id: device.id, gateway_id: nearest.id })
        .execute();
      heardBy.push(nearest);
    }
    demoDevices.push({ id: device.id, lat, lng, gateways: heardBy });
    devices.push({ id: device.id, title: spec.title, town: spec.place?.town ?? null, sensors });
  }

  const last = await seedHistory(db, devices, opts);
  await seedHealth(db as unknown as Kysely<DB>, demoDevices, last);
  return devices;
}

/**
 * Issue 21: the newest uplink of every device once more through ingestion's writer, with its battery and
 * its gateways' signal, as the device sent it: its health (last seen, battery, RSSI/SNR) is then what
 * ingestion makes of its readings, as for any device (the readings themselves are stored once).
 */
async function seedHealth(
  db: Kysely<DB>,
  devices: readonly DemoDevice[],
  last: ReadonlyMap<number, DemoReading[]>,
): Promise<void> {
  const rand = random(21);
  const items = devices
    .filter((d) => last.has(d.id))
    .map((device) => demoUplink(device, last.get(device.id)!, rand));
  await db.transaction().execute((trx) => writeBatch(trx, items, new IngestCache()));
}

/** Writes each sensor's history; returns each device's newest readings. */
async function seedHistory<T extends ResourceTables>(
  db: Kysely<T>,
  devices: SeededDevice[],
  opts: DeviceSeedOptions,
): Promise<Map<number, DemoReading[]>> {
  const step = (opts.stepMinutes ?? 15) * 60_000;
  const end = Math.floor(opts.now / step) * step;
  const start = end - (opts.days ?? 90) * 86_400_000;
  const rand = random(7);
  let batch: Reading[] = [];
  const last = new Map<number, DemoReading[]>();
  for (const device of devices) {
    const lat = [...PLACES, ...NZ_PLACES].find((p) => p.town === device.town)?.lat ?? 60;
    for (const sensor of device.sensors) {
      // Weather as a slowly wandering random walk, so neighbouring readings look related.
      let weather = 0;
      for (let ts = start; ts <= end; ts += step) {
        weather = Math.max(-1, Math.min(1, weather * 0.98 + (rand() - 0.5) * 0.15));
        batch.push({ sensor_id: sensor.id, ts, value: modelValue(sensor.type, lat, ts, weather) });
      }
      const newest = batch[batch.length - 1]!;
      const readings = last.get(device.id) ?? [];
      readings.push({ ...newest, type: sensor.type, unit: SENSOR_KINDS[sensor.type].unit });
      last.set(device.id, readings);
      if (batch.length >= 40_000) {
        await insertMeasurements(db, batch);
        batch = [];
      }
    }
  }
  await insertMeasurements(db, batch);
  return last;
}
