import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeasurementRollupsTable } from '../db/tables/resources.js';
import { random } from '../seed/world.js';
import { createTestApp, type TestApp, testDialects } from '../test/harness.js';
import { insertMeasurements, type Reading, refreshRollups } from './store.js';

const dialects = await testDialects();
const H = 3_600_000;

/** A rollup table's row with every column read as a number. */
type RollupRow = { [K in keyof MeasurementRollupsTable]: number };

async function rollups(t: TestApp, table: string): Promise<RollupRow[]> {
  const { rows } =
    await sql<RollupRow>`select * from ${sql.table(table)} order by sensor_id, bucket_ts`.execute(t.db);
  return rows.map((r) => ({
    ...r,
    bucket_ts: Number(r.bucket_ts),
    count: Number(r.count),
    sum: Math.round(Number(r.sum) * 1000) / 1000,
    last_ts: Number(r.last_ts),
  }));
}

describe.each(dialects)('incremental rollups (%s)', (dialect) => {
  let t: TestApp;
  let sensors: number[];
  beforeAll(async () => {
    t = await createTestApp({ dialect, accounts: false });
    const device = await t.db
      .insertInto('devices')
      .values({
        external_device_id: 'ROLLUP',
        title: null,
        lat: null,
        lng: null,
        default_sensor_id: null,
        created_at: 'x',
        updated_at: 'x',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    sensors = [];
    for (const name of ['a', 'b']) {
      const s = await t.db
        .insertInto('sensors')
        .values({ device_id: device.id, type: 'other', name, unit: '', created_at: 'x' })
        .returning('id')
        .executeTakeFirstOrThrow();
      sensors.push(s.id);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('issue 10: rollups written in shuffled batches, with re-deliveries and a replaced value, equal a recomputation from the raw rows', async () => {
    const rand = random(7);
    const start = Date.UTC(2026, 0, 1, 22);
    const readings: Reading[] = [];
    for (const sensor of sensors)
      for (let i = 0; i < 400; i++)
        readings.push({
          sensor_id: sensor,
          ts: start + i * 7 * 60_000,
          value: Math.round(rand() * 1000) / 10,
        });
    const shuffled = [...readings].sort(() => rand() - 0.5);
    for (let i = 0; i < shuffled.length; i += 37) await insertMeasurements(t.db, shuffled.slice(i, i + 37));
    // TTS retries and MQTT QoS 1 redeliveries: the same readings again, in one batch and in another order.
    await insertMeasurements(t.db, readings.slice(100, 180));
    await insertMeasurements(t.db, [...readings.slice(0, 50), ...readings.slice(0, 50)]);
    // A correction of one stored value.
    await insertMeasurements(t.db, [{ ...readings[5]!, value: -12.5 }]);

    const count = await t.db
      .selectFrom('measurements')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(readings.length);
    const incremental = {
      h: await rollups(t, 'measurement_rollups_1h'),
      d: await rollups(t, 'measurement_rollups_1d'),
    };
    for (const sensor of sensors) await refreshRollups(t.db, sensor, start - 2 * H, start + 400 * 7 * 60_000);
    expect(incremental.h).toEqual(await rollups(t, 'measurement_rollups_1h'));
    expect(incremental.d).toEqual(await rollups(t, 'measurement_rollups_1d'));
    expect(incremental.h.find((r) => r.min === -12.5)).toBeDefined();
  });
});
