import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { ResourceTables } from '../db/tables/resources.js';
import { readingBus } from '../events.js';
import { DAY } from './ranges.js';

const HOUR = 3_600_000;

export interface Reading {
  sensor_id: number;
  /** Epoch milliseconds. */
  ts: number;
  value: number;
}

/** Rollup tables and their period, coarsest first. */
export const ROLLUPS = [
  { table: 'measurement_rollups_1d', width: DAY },
  { table: 'measurement_rollups_1h', width: HOUR },
] as const;

export function isPostgres<T>(db: Kysely<T>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

// 3 parameters a row: stays well under SQLite's and PostgreSQL's bound-parameter limits.
const ROWS_PER_INSERT = 2000;

/**
 * Stores readings (a re-delivered reading replaces the stored value) and brings the hourly and daily
 * rollups of the touched periods up to date, all in one transaction; once it has committed, the readings
 * go to `readingBus` (the live stream). Given a caller's transaction it cannot know when that commits:
 * the caller then publishes with `readingBus.publish(readings)` after its commit.
 */
export async function insertMeasurements<T extends ResourceTables>(
  db: Kysely<T>,
  readings: readonly Reading[],
): Promise<void> {
  if (readings.length === 0) return;
  if (db.isTransaction) return writeReadings(db, readings);
  await db.transaction().execute((trx) => writeReadings(trx, readings));
  readingBus.publish(readings);
}

async function writeReadings<T>(db: Kysely<T>, readings: readonly Reading[]): Promise<void> {
  for (let i = 0; i < readings.length; i += ROWS_PER_INSERT) {
    const chunk = readings.slice(i, i + ROWS_PER_INSERT);
    const values = sql.join(chunk.map((r) => sql`(${r.sensor_id}, ${Math.trunc(r.ts)}, ${r.value})`));
    await sql`insert into measurements (sensor_id, ts, value) values ${values}
      on conflict (sensor_id, ts) do update set value = excluded.value`.execute(db);
  }
  const spans = new Map<number, { min: number; max: number }>();
  for (const r of readings) {
    const span = spans.get(r.sensor_id);
    if (!span) spans.set(r.sensor_id, { min: r.ts, max: r.ts });
    else {
      if (r.ts < span.min) span.min = r.ts;
      if (r.ts > span.max) span.max = r.ts;
    }
  }
  for (const [sensorId, span] of spans) await refreshRollups(db, sensorId, span.min, span.max);
}

/**
 * Recomputes the rollups of one sensor for every period touching [minTs, maxTs] from the rows beneath
 * them: idempotent, so replaced and re-delivered readings never count twice.
 */
export async function refreshRollups<T>(db: Kysely<T>, sensorId: number, minTs: number, maxTs: number) {
  const hourFrom = Math.floor(minTs / HOUR) * HOUR;
  const hourTo = Math.floor(maxTs / HOUR) * HOUR + HOUR;
  const h = sql.lit(HOUR);
  await sql`insert into measurement_rollups_1h (sensor_id, bucket_ts, count, sum, min, max, last_ts, last_value)
    select g.sensor_id, g.b, g.c, g.s, g.mn, g.mx, g.lt, m.value
    from (
      select sensor_id, (ts / ${h}) * ${h} as b, count(*) as c, sum(value) as s, min(value) as mn,
        max(value) as mx, max(ts) as lt
      from measurements
      where sensor_id = ${sensorId} and ts >= ${hourFrom} and ts < ${hourTo}
      group by 1, 2
    ) g
    join measurements m on m.sensor_id = g.sensor_id and m.ts = g.lt
    where true
    on conflict (sensor_id, bucket_ts) do update set count = excluded.count, sum = excluded.sum,
      min = excluded.min, max = excluded.max, last_ts = excluded.last_ts, last_value = excluded.last_value`.execute(
    db,
  );

  const dayFrom = Math.floor(minTs / DAY) * DAY;
  const dayTo = Math.floor(maxTs / DAY) * DAY + DAY;
  const d = sql.lit(DAY);
  await sql`insert into measurement_rollups_1d (sensor_id, bucket_ts, count, sum, min, max, last_ts, last_value)
    select g.sensor_id, g.b, g.c, g.s, g.mn, g.mx, g.lt, r.last_value
    from (
      select sensor_id, (bucket_ts / ${d}) * ${d} as b, sum(count) as c, sum(sum) as s, min(min) as mn,
        max(max) as mx, max(last_ts) as lt
      from measurement_rollups_1h
      where sensor_id = ${sensorId} and bucket_ts >= ${dayFrom} and bucket_ts < ${dayTo}
      group by 1, 2
    ) g
    join measurement_rollups_1h r on r.sensor_id = g.sensor_id and r.bucket_ts = (g.lt / ${h}) * ${h}
    where true
    on conflict (sensor_id, bucket_ts) do update set count = excluded.count, sum = excluded.sum,
      min = excluded.min, max = excluded.max, last_ts = excluded.last_ts, last_value = excluded.last_value`.execute(
    db,
  );
}

export interface LatestReading {
  sensor_id: number;
  value: number | null;
  measured_at: string | null;
}

export async function latestReading<T>(db: Kysely<T>, sensorId: number): Promise<LatestReading> {
  const { rows } = await sql<{ ts: number | string; value: number }>`select ts, value from measurements
    where sensor_id = ${sensorId} order by ts desc limit 1`.execute(db);
  const row = rows[0];
  return {
    sensor_id: sensorId,
    value: row ? Number(row.value) : null,
    measured_at: row ? new Date(Number(row.ts)).toISOString() : null,
  };
}

/** Latest reading of each given sensor (sensors without readings are absent from the map). */
export async function latestReadings<T>(
  db: Kysely<T>,
  sensorIds: readonly number[],
): Promise<Map<number, { value: number; ts: number }>> {
  const out = new Map<number, { value: number; ts: number }>();
  if (sensorIds.length === 0) return out;
  // One primary-key probe per sensor: cheaper than a grouped scan of the whole table.
  const { rows } = await sql<{ sensor_id: number; ts: number | string; value: number }>`
    select m.sensor_id, m.ts, m.value from measurements m
    join (
      select sensor_id, max(last_ts) as lt from measurement_rollups_1d
      where sensor_id in (${sql.join(sensorIds)}) group by sensor_id
    ) l on m.sensor_id = l.sensor_id and m.ts = l.lt`.execute(db);
  for (const r of rows) out.set(Number(r.sensor_id), { value: Number(r.value), ts: Number(r.ts) });
  return out;
}
