import { type Kysely, sql } from 'kysely';
import { forgetPartman, installPartman, partmanDropBefore, partmanUpkeep } from './partman.js';

/**
 * PostgreSQL keeps raw readings in a table partitioned by month of `ts` (issue 23 point 7, migration
 * 0013): `measurements_p2026_11` holds November 2026 (UTC), `measurements_default` whatever falls in a
 * month without its own partition yet (a late reading from years ago). A month's partition is made ahead
 * of time, and a month that turns up in the default partition gets its own with those rows moved in.
 * Retention drops whole months. pg_partman does this when the server has it (partman.ts), plain SQL
 * here otherwise; both name the partitions alike. SQLite keeps one table.
 */

// biome-ignore lint/suspicious/noExplicitAny: used by migrations as well as the app
type AnyDb = Kysely<any>;

/**
 * Who keeps the partitions: pg_partman's schema, or null for plain SQL. Left out, the database is asked
 * (pg_partman when the server has it, the extension created if need be: `installPartman`).
 */
export type PartitionManager = string | null;

/** The months ahead of the current one that always have a partition. */
const MONTHS_AHEAD = 2;
/** How long the upkeep waits for the default partition before it gives up until the next one. */
const UPKEEP_LOCK_TIMEOUT = '5s';
/** One lock for everything that creates or drops partitions: processes take turns. */
const PARTITION_LOCK = 0x6d61_746e;
/** Migration 0013's first names (`measurements_y2026m11`), renamed to pg_partman's on the next upkeep. */
const FIRST_NAME = /^measurements_y(\d{4})m(\d{2})$/;
const BOUNDS = /FROM \('(-?\d+)'\) TO \('(-?\d+)'\)/;

const monthStart = (year: number, month: number) => Date.UTC(year, month, 1);

/** The UTC month an instant is in, as [year, month 0–11]. */
function monthOf(ms: number): [number, number] {
  const date = new Date(ms);
  return [date.getUTCFullYear(), date.getUTCMonth()];
}

/** A month's partition as pg_partman names it (`measurements_p2026_11`). */
export function partitionName(year: number, month: number): string {
  return `measurements_p${year}_${String(month + 1).padStart(2, '0')}`;
}

/** The partitions of months (all but the default), with the instant each ends (exclusive), oldest first. */
export async function monthPartitions(db: AnyDb): Promise<{ name: string; start: number; end: number }[]> {
  const { rows } = await sql<{ name: string; bound: string }>`select c.relname as name,
    pg_get_expr(c.relpartbound, c.oid) as bound from pg_inherits i
    join pg_class c on c.oid = i.inhrelid where i.inhparent = 'measurements'::regclass`.execute(db);
  return rows
    .flatMap(({ name, bound }) => {
      const m = BOUNDS.exec(bound);
      return m ? [{ name, start: Number(m[1]), end: Number(m[2]) }] : [];
    })
    .sort((a, b) => a.end - b.end);
}

/** Partitions of migration 0013's first names take pg_partman's (`measurements_p2026_11`). */
async function renameFirstNames(db: AnyDb): Promise<void> {
  for (const { name, start } of await monthPartitions(db)) {
    if (!FIRST_NAME.test(name)) continue;
    const to = partitionName(...monthOf(start));
    await sql`alter table ${sql.table(name)} rename to ${sql.table(to)}`.execute(db);
  }
}

/**
 * The month's partition, unless it exists: made beside the table, filled with the month's rows that the
 * default partition held, and attached (in the caller's transaction).
 */
async function addMonth(db: AnyDb, year: number, month: number): Promise<void> {
  const name = partitionName(year, month);
  const exists = await sql<{ r: string | null }>`select to_regclass(${name}) as r`.execute(db);
  if (exists.rows[0]?.r) return;
  const from = monthStart(year, month);
  const to = monthStart(year, month + 1);
  const table = sql.table(name);
  await sql`create table ${table} (like measurements including defaults including constraints)`.execute(db);
  // One statement: the rows deleted are the rows copied (two statements see two snapshots, and a reading
  // committed between them would be deleted without being copied).
  await sql`with moved as (delete from measurements_default where ts >= ${from} and ts < ${to} returning *)
    insert into ${table} select * from moved`.execute(db);
  await sql`alter table measurements attach partition ${table}
    for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(db);
}

/** The current month and `MONTHS_AHEAD` after it. */
function monthsAround(now: number): [number, number][] {
  const [year, month] = monthOf(now);
  return Array.from({ length: MONTHS_AHEAD + 1 }, (_, i) => monthOf(monthStart(year, month + i)));
}

/** Every month that `table` holds rows of. */
async function monthsIn(db: AnyDb, table: string): Promise<[number, number][]> {
  const { rows } = await sql<{ ts: string }>`select min(ts) as ts from ${sql.table(table)}
    group by date_trunc('month', to_timestamp(ts / 1000.0) at time zone 'UTC')`.execute(db);
  return rows.map((row) => monthOf(Number(row.ts)));
}

/**
 * The default partition held against every other writer and reader until the upkeep's transaction ends
 * (ACCESS EXCLUSIVE, which ATTACH PARTITION takes anyway). A month's rows move out of it and the month's
 * partition is attached; a reading committed into the default partition meanwhile would otherwise be left
 * behind (and the attach fail on it), or — plain SQL's copy and delete being two statements until
 * 2026-11-28 — deleted without having been copied: `npm run test:deploy` lost MQTT readings of a month
 * without a partition so. Writers of that month wait for the upkeep instead (milliseconds; readings of
 * the current months go to their own partitions and do not wait). A backup or a long query holding the
 * default partition makes the upkeep give up after `UPKEEP_LOCK_TIMEOUT` rather than hold up every reader
 * queued behind it; the next upkeep, an hour later, tries again.
 */
async function holdDefault(db: AnyDb): Promise<void> {
  await sql`set local lock_timeout = ${sql.lit(UPKEEP_LOCK_TIMEOUT)}`.execute(db);
  await sql`lock table measurements_default in access exclusive mode`.execute(db);
}

/** `run` in a transaction holding the partition lock, with who keeps the partitions (asked if left out). */
async function underLock<T>(
  db: AnyDb,
  manager: PartitionManager | undefined,
  run: (trx: AnyDb, manager: PartitionManager) => Promise<T>,
): Promise<T> {
  const resolved = manager === undefined ? await installPartman(db) : manager;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`.execute(trx);
    return run(trx, resolved);
  });
}

/**
 * Partitions for the current month and `MONTHS_AHEAD` after it, and for every month with rows in the
 * default partition (those rows moved into it); with pg_partman also its retention set to
 * `retentionDays` and the months past it dropped (run_maintenance). Safe to run from several processes.
 */
export async function ensurePartitions(
  db: AnyDb,
  now = Date.now(),
  retentionDays: number | null = null,
  manager?: PartitionManager,
): Promise<void> {
  await underLock(db, manager, async (trx, partman) => {
    await renameFirstNames(trx);
    if (partman) return partmanUpkeep(trx, partman, MONTHS_AHEAD, retentionDays, () => holdDefault(trx));
    await holdDefault(trx);
    for (const [y, m] of [...monthsAround(now), ...(await monthsIn(trx, 'measurements_default'))]) {
      await addMonth(trx, y, m);
    }
  });
}

/** Drops the partitions of months that ended at or before `cutoff`; returns how many rows they held. */
export async function dropPartitionsBefore(
  db: AnyDb,
  cutoff: number,
  manager?: PartitionManager,
): Promise<number> {
  return underLock(db, manager, async (trx, partman) => {
    let rows = 0;
    const ended = (await monthPartitions(trx)).filter((p) => p.end <= cutoff);
    for (const { name } of ended) {
      const count = await sql<{ n: string }>`select count(*) as n from ${sql.table(name)}`.execute(trx);
      rows += Number(count.rows[0]?.n ?? 0);
      if (!partman) await sql`drop table ${sql.table(name)}`.execute(trx);
    }
    // pg_partman drops what ended before its reference instant: the same months.
    if (partman && ended.length > 0) await partmanDropBefore(trx, partman, cutoff + 1);
    return rows;
  });
}

/** The current table renamed to `old` (its key too), and a new `measurements`, partitioned or not. */
async function replaceTable(db: AnyDb, old: string, partitioned: boolean): Promise<void> {
  await sql`alter table measurements rename to ${sql.table(old)}`.execute(db);
  await sql`alter table ${sql.table(old)} rename constraint measurements_pk to ${sql.id(`${old}_pk`)}`.execute(
    db,
  );
  await sql`create table measurements (
      sensor_id integer not null,
      ts bigint not null,
      value double precision not null,
      constraint measurements_pk primary key (sensor_id, ts)
    ) ${partitioned ? sql`partition by range (ts)` : sql``}`.execute(db);
}

/** Every row of `old` into the new table, then `old` dropped. */
async function moveRows(db: AnyDb, old: string): Promise<void> {
  await sql`insert into measurements select sensor_id, ts, value from ${sql.table(old)}`.execute(db);
  await sql`drop table ${sql.table(old)}`.execute(db);
}

/**
 * The partitioned table in place of a plain one, every row moved (migration 0013, inside its
 * transaction): a partition for each month the rows are in and for the months around `now`, and the
 * default partition.
 */
export async function partitionMeasurements(db: AnyDb, now = Date.now()): Promise<void> {
  await replaceTable(db, 'measurements_unpartitioned', true);
  await sql`create table measurements_default partition of measurements default`.execute(db);
  for (const [y, m] of [...monthsAround(now), ...(await monthsIn(db, 'measurements_unpartitioned'))]) {
    await addMonth(db, y, m);
  }
  await moveRows(db, 'measurements_unpartitioned');
}

/** Back to one plain table (migration 0013's down), every row kept. */
export async function unpartitionMeasurements(db: AnyDb): Promise<void> {
  await forgetPartman(db);
  await replaceTable(db, 'measurements_partitioned', false);
  await moveRows(db, 'measurements_partitioned');
}
