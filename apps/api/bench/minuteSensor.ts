// A sensor with a reading every minute, for the benchmarks (bench:api's year of readings, bench:render's
// year in a panel): one device, one temperature sensor, the readings written in 30-day transactions.
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/types.js';
import { insertMeasurements, type Reading } from '../src/measurements/store.js';

const MINUTE = 60_000;
const BATCH = 30 * 24 * 60;

export interface MinuteSensorOptions {
  title: string;
  externalId: string;
  /** First reading, epoch milliseconds (a whole minute). */
  start: number;
  minutes: number;
  /** The device's team, when team members (not only embed tokens) are to read it. */
  teamId?: number;
}

export async function addMinuteSensor(
  db: Kysely<DB>,
  opts: MinuteSensorOptions,
): Promise<{ deviceId: number; sensorId: number }> {
  const at = new Date().toISOString();
  const device = await db
    .insertInto('devices')
    .values({
      title: opts.title,
      external_device_id: opts.externalId,
      lat: 59.33,
      lng: 18.07,
      is_public: 0,
      default_sensor_id: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (opts.teamId !== undefined)
    await db.insertInto('device_team').values({ device_id: device.id, team_id: opts.teamId }).execute();
  const sensor = await db
    .insertInto('sensors')
    .values({ device_id: device.id, type: 'temperature', name: 'Temperatur', unit: '°C', created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < opts.minutes; i += BATCH) {
    const batch: Reading[] = [];
    for (let j = i; j < Math.min(opts.minutes, i + BATCH); j++) {
      const ts = opts.start + j * MINUTE;
      const value = 5 + 12 * Math.sin(ts / 5e9) + 4 * Math.sin(ts / 1.4e7);
      batch.push({ sensor_id: sensor.id, ts, value: Math.round(value * 100) / 100 });
    }
    await insertMeasurements(db, batch);
  }
  return { deviceId: device.id, sensorId: sensor.id };
}
