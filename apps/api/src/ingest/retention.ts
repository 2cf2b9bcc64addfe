import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/types.js';
import { dropPartitionsBefore, ensurePartitions, type PartitionManager } from '../measurements/partitions.js';
import { isPostgres } from '../measurements/store.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ROWS_PER_DELETE = 50_000;

/**
 * Deletes raw readings older than `days` (the hourly and daily rollups stay, so long ranges still
 * answer). On PostgreSQL the months that ended before the cutoff go as whole partitions (a drop, not a
 * delete of each row; by pg_partman when the server has it, `manager`); the rest in bounded deletes, so
 * writers are never blocked for long. Returns how many rows went.
 */
export async function pruneRawReadings(
  db: Kysely<DB>,
  days: number,
  now = Date.now(),
  manager?: PartitionManager,
): Promise<number> {
  const cutoff = now - days * DAY;
  let total = isPostgres(db) ? await dropPartitionsBefore(db, cutoff, manager) : 0;
  for (;;) {
    const { numAffectedRows } = await sql`delete from measurements where (sensor_id, ts) in (
      select sensor_id, ts from measurements where ts < ${cutoff} limit ${ROWS_PER_DELETE})`.execute(db);
    const n = Number(numAffectedRows ?? 0n);
    total += n;
    if (n < ROWS_PER_DELETE) return total;
  }
}

/**
 * The month partitions ahead (PostgreSQL; pg_partman, when the server has it, also drops the months past
 * `days`), then the retention of raw readings when `days` is set.
 */
async function maintain(db: Kysely<DB>, days: number | null): Promise<void> {
  if (isPostgres(db)) await ensurePartitions(db, Date.now(), days);
  if (days) await pruneRawReadings(db, days);
}

/**
 * Runs the upkeep of raw readings 10 s after start and every hour: on PostgreSQL the next months'
 * partitions, and the retention while `days` is set. Returns the stopper.
 */
export function startRetention(
  db: Kysely<DB>,
  days: number | null,
  onError: (error: unknown) => void,
): { stop(): void } {
  if (!days && !isPostgres(db)) return { stop() {} };
  const run = () => void maintain(db, days).catch(onError);
  const first = setTimeout(run, 10_000);
  const timer = setInterval(run, HOUR);
  first.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
