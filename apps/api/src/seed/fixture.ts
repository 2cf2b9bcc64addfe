import type { Config } from '../config.js';
import type { Dialect } from '../db/database.js';
import { createTestApp, type TestApp, type TestClient } from '../test/harness.js';
import { seedDemo } from './index.js';

export interface WorldApp extends TestApp {
  anna: TestClient;
  erik: TestClient;
  admin: TestClient;
  /** Ids by title, of the seeded world. */
  ids: {
    device(title: string): Promise<number>;
    sensor(deviceTitle: string, type: string): Promise<number>;
    dashboard(title: string): Promise<number>;
    alert(name: string): Promise<number>;
  };
}

/** A test app with the demo world (one day of hourly history) and signed-in anna, erik and admin. */
export async function createWorldApp(
  dialect: Dialect,
  now = Date.now(),
  config: Partial<Config> = {},
): Promise<WorldApp> {
  const t = await createTestApp({ dialect, config });
  await seedDemo(t.db, { accounts: t.accounts, days: 1, stepMinutes: 60, now });
  const [anna, erik, admin] = await Promise.all([
    t.loginAs('anna@matnat.se'),
    t.loginAs('erik@matnat.se'),
    t.loginAs('admin@matnat.se'),
  ]);
  const db = t.db;
  return Object.assign(t, {
    anna,
    erik,
    admin,
    ids: {
      async device(title: string) {
        return (
          await db.selectFrom('devices').select('id').where('title', '=', title).executeTakeFirstOrThrow()
        ).id;
      },
      async sensor(deviceTitle: string, type: string) {
        const row = await db
          .selectFrom('sensors')
          .innerJoin('devices', 'devices.id', 'sensors.device_id')
          .select('sensors.id')
          .where('devices.title', '=', deviceTitle)
          .where('sensors.type', '=', type as 'temperature')
          .executeTakeFirstOrThrow();
        return row.id;
      },
      async dashboard(title: string) {
        return (
          await db.selectFrom('dashboards').select('id').where('title', '=', title).executeTakeFirstOrThrow()
        ).id;
      },
      async alert(name: string) {
        return (await db.selectFrom('alerts').select('id').where('name', '=', name).executeTakeFirstOrThrow())
          .id;
      },
    },
  });
}

/** A new device of anna's with one empty temperature sensor: a series for a test to fill. */
export async function annasNewSensor(w: WorldApp, externalId: string): Promise<number> {
  const device = (
    await w.anna.post('/api/v1/device', { title: 'Mätspjut', external_device_id: externalId })
  ).json().data;
  const sensor = await w.db
    .insertInto('sensors')
    .values({ device_id: device.id, type: 'temperature', name: 'Temperatur', unit: '°C', created_at: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return sensor.id;
}
