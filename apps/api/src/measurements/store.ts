import { CompiledQuery, type Kysely, PostgresAdapter, sql } from 'kysely';
import type { ResourceTables } from '../db/tables/resources.js';
import { DAY } from './bucketing.js';

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

/**
 * Runs `<head> values (…), (…) <tail>` with the rows as bound parameters, compiled here: Kysely's
 * template builds and walks a node per value, which for thousands of rows costs more than the database.
 * On SQLite the rows go in pieces of a few fixed sizes, so that each statement text recurs and stays
 * prepared (database.ts) instead of being compiled anew for every batch size; the pieces' answers are
 * concatenated. Use it only where pieces mean the same as one statement (rows that do not interact).
 */
export async function executeValues<R = unknown, T = unknown>(
  db: Kysely<T>,
  head: string,
  rows: readonly (readonly unknown[])[],
  tail = '',
  /** SQL types of the columns, for values a statement cannot infer (`with v(…) as (values …)`). */
  types?: readonly string[],
): Promise<R[]> {
  const out: R[] = [];
  for (const query of pieces(db, head, rows, tail, types))
    for (const row of (await db.executeQuery<R>(query)).rows) out.push(row);
  return out;
}

/** `executeValues` for a statement that answers no rows: how many rows it inserted, updated or deleted. */
export async function executeValuesCounted<T>(
  db: Kysely<T>,
  head: string,
  rows: readonly (readonly unknown[])[],
  tail = '',
): Promise<number> {
  let changed = 0;
  for (const query of pieces(db, head, rows, tail, undefined))
    changed += Number((await db.executeQuery(query)).numAffectedRows ?? 0);
  return changed;
}

const SQLITE_PIECES = [1024, 256, 64, 16, 4, 1];

/** The statements of `executeValues`: one on PostgreSQL, pieces of the fixed sizes on SQLite. */
function* pieces<T>(
  db: Kysely<T>,
  head: string,
  rows: readonly (readonly unknown[])[],
  tail: string,
  types: readonly string[] | undefined,
): Generator<CompiledQuery> {
  const pg = isPostgres(db);
  if (pg || rows.length === 0) {
    yield piece(pg, head, rows, tail, types);
    return;
  }
  for (let i = 0; i < rows.length; ) {
    const size = SQLITE_PIECES.find((n) => n <= rows.length - i)!;
    yield piece(pg, head, rows.slice(i, i + size), tail, types);
    i += size;
  }
}

function piece(
  pg: boolean,
  head: string,
  rows: readonly (readonly unknown[])[],
  tail: string,
  types: readonly string[] | undefined,
): CompiledQuery {
  const width = rows[0]?.length ?? 0;
  const params: unknown[] = new Array(rows.length * width);
  for (let r = 0; r < rows.length; r++) for (let c = 0; c < width; c++) params[r * width + c] = rows[r]![c];
  return CompiledQuery.raw(`${head} values ${valuesText(pg, rows.length, width, types)} ${tail}`, params);
}

const valuesTexts = new Map<string, string>();

/** `(?, ?), (?, ?)` or `($1, $2), ($3, $4)` (with casts when typed), built once per shape. */
function valuesText(pg: boolean, count: number, width: number, types: readonly string[] | undefined): string {
  const key = `${pg}:${count}:${width}:${types?.join(',') ?? ''}`;
  let text = valuesTexts.get(key);
  if (text !== undefined) return text;
  const groups: string[] = [];
  for (let r = 0; r < count; r++) {
    const cells: string[] = [];
    for (let c = 0; c < width; c++) {
      const slot = pg ? `$${r * width + c + 1}` : '?';
      cells.push(types ? `cast(${slot} as ${types[c]})` : slot);
    }
    groups.push(`(${cells.join(', ')})`);
  }
  text = groups.join(', ');
  if (valuesTexts.size >= 256) valuesTexts.clear();
  valuesTexts.set(key, text);
  return text;
}

// 3 parameters a row: stays well under SQLite's and PostgreSQL's bound-parameter limits.
const ROWS_PER_INSERT = 2000;

/**
 * Stores readings in one transaction (or the caller's) with their hourly and daily rollups. Idempotent:
 * a reading is keyed by (sensor, ts), so a re-delivered one is stored once; one with a new value replaces
 * the stored value. Publishing to the live stream is the caller's part, after its commit (the ingestion
 * queue does it).
 */
export async function insertMeasurements<T extends ResourceTables>(
  db: Kysely<T>,
  readings: readonly Reading[],
): Promise<void> {
  if (readings.length === 0) return;
  if (db.isTransaction) await writeReadings(db, readings);
  else await db.transaction().execute((trx) => writeReadings(trx, readings));
}

/**
 * The write of `insertMeasurements` inside a transaction. New readings are added to their rollups
 * incrementally (count, sum, min, max and the last value by time, so batches and out-of-order arrivals
 * add up the same); a reading that replaces a different stored value has its periods recomputed from
 * the raw rows. Returns the number of readings that were not stored before.
 */
export async function writeReadings<T>(db: Kysely<T>, readings: readonly Reading[]): Promise<number> {
  if (readings.length === 0) return 0;
  if (!db.isTransaction) return db.transaction().execute((trx) => writeReadings(trx, readings));
  // Usually every reading is new and none repeats another: one insert that answers nothing, and nothing to
  // sort out (no key a reading, no row answered a reading). When its count says otherwise (a redelivery),
  // it is undone and the readings are gone through one by one.
  await sql`savepoint readings`.execute(db);
  const rows = byKey(readings);
  let changed = 0;
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    changed += await executeValuesCounted(
      db,
      'insert into measurements (sensor_id, ts, value)',
      rows.slice(i, i + ROWS_PER_INSERT),
      'on conflict (sensor_id, ts) do nothing',
    );
  }
  if (changed === readings.length) {
    await sql`release savepoint readings`.execute(db);
    await addToRollups(db, rows);
    return changed;
  }
  await sql`rollback to savepoint readings`.execute(db);
  await sql`release savepoint readings`.execute(db);
  return writeSortedOut(db, readings);
}

/**
 * The readings as rows `[sensor_id, ts, value]` in the order of the readings' key (sensor, time). A batch
 * of many sensors' readings then goes into the index page by page instead of jumping between them: half
 * of SQLite's CPU an insert at 750,000 readings of 1,000 sensors (issue 27 point 7).
 */
function byKey(readings: readonly Reading[]): [number, number, number][] {
  const rows = readings.map((r): [number, number, number] => [r.sensor_id, Math.trunc(r.ts), r.value]);
  return rows.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** `writeReadings` when some readings repeat each other or were stored before. */
async function writeSortedOut<T>(db: Kysely<T>, readings: readonly Reading[]): Promise<number> {
  const unique = new Map<string, Reading>();
  for (const r of readings) unique.set(`${r.sensor_id}:${Math.trunc(r.ts)}`, r);
  const rows = [...unique.values()];
  const returned: { sensor_id: number; ts: number | string }[][] = [];
  let allFresh = true;
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT);
    const inserted = await executeValues<{ sensor_id: number; ts: number | string }, T>(
      db,
      'insert into measurements (sensor_id, ts, value)',
      chunk.map((r) => [r.sensor_id, Math.trunc(r.ts), r.value]),
      'on conflict (sensor_id, ts) do nothing returning sensor_id, ts',
    );
    if (inserted.length < chunk.length) allFresh = false;
    returned.push(inserted);
  }
  // Usually every reading is new: then there is nothing to sort out (nor a key per reading to look up).
  const added: Reading[] = allFresh ? rows : [];
  const again: Reading[] = [];
  if (!allFresh) {
    const fresh = new Set(returned.flat().map((row) => `${row.sensor_id}:${Number(row.ts)}`));
    for (const [key, r] of unique) (fresh.has(key) ? added : again).push(r);
  }
  await addToRollups(db, byKey(added));
  await replaceValues(db, again);
  return added.length;
}

/** Stored readings delivered again: a changed value is written and its periods recomputed. */
async function replaceValues<T>(db: Kysely<T>, readings: readonly Reading[]): Promise<void> {
  for (const r of readings) {
    const ts = Math.trunc(r.ts);
    const { numAffectedRows } = await sql`update measurements set value = ${r.value}
      where sensor_id = ${r.sensor_id} and ts = ${ts} and value <> ${r.value}`.execute(db);
    if (numAffectedRows && numAffectedRows > 0n) await refreshRollups(db, r.sensor_id, ts, ts);
  }
}

interface RollupPart {
  sensor_id: number;
  bucket: number;
  count: number;
  sum: number;
  min: number;
  max: number;
  last_ts: number;
  last_value: number;
}

/**
 * The readings' parts of each period of `width`, from rows in key order (`byKey`): a period's readings are
 * next to each other, so one pass makes the parts, themselves in key order (no map, no key a reading).
 */
function partials(rows: readonly (readonly [number, number, number])[], width: number): RollupPart[] {
  const out: RollupPart[] = [];
  let p: RollupPart | undefined;
  for (const [sensor, ts, value] of rows) {
    const bucket = Math.floor(ts / width) * width;
    if (p === undefined || p.sensor_id !== sensor || p.bucket !== bucket) {
      p = {
        sensor_id: sensor,
        bucket,
        count: 1,
        sum: value,
        min: value,
        max: value,
        last_ts: ts,
        last_value: value,
      };
      out.push(p);
      continue;
    }
    p.count++;
    p.sum += value;
    if (value < p.min) p.min = value;
    if (value > p.max) p.max = value;
    // In key order the last row of a period is its newest (of equal times, the last received).
    p.last_ts = ts;
    p.last_value = value;
  }
  // Key order is also the one lock order of every writer: concurrent processes adding to the same periods never deadlock.
  return out;
}

// 8 parameters a row.
const ROLLUP_ROWS_PER_INSERT = 1000;

/** Adds readings, as rows in key order (`byKey`), to their hourly and daily rollups. */
async function addToRollups<T>(db: Kysely<T>, rows: readonly [number, number, number][]): Promise<void> {
  if (rows.length === 0) return;
  const pg = isPostgres(db as Kysely<unknown>);
  const least = pg ? 'least' : 'min';
  const greatest = pg ? 'greatest' : 'max';
  for (const { table, width } of ROLLUPS) {
    const all = partials(rows, width);
    for (let i = 0; i < all.length; i += ROLLUP_ROWS_PER_INSERT) {
      await executeValues(
        db,
        `insert into ${table} as r (sensor_id, bucket_ts, count, sum, min, max, last_ts, last_value)`,
        all
          .slice(i, i + ROLLUP_ROWS_PER_INSERT)
          .map((p) => [p.sensor_id, p.bucket, p.count, p.sum, p.min, p.max, p.last_ts, p.last_value]),
        `on conflict (sensor_id, bucket_ts) do update set count = r.count + excluded.count,
          sum = r.sum + excluded.sum, min = ${least}(r.min, excluded.min), max = ${greatest}(r.max, excluded.max),
          last_value = case when excluded.last_ts >= r.last_ts then excluded.last_value else r.last_value end,
          last_ts = ${greatest}(r.last_ts, excluded.last_ts)`,
      );
    }
  }
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
