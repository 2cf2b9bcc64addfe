import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/types.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ROWS_PER_DELETE = 50_000;

/**
 * Deletes raw readings older than `days` (the hourly and daily rollups stay, so long ranges still
 * answer), a bounded number of rows per statement so writers are never blocked for long. Returns how
 * many rows went.
 */
export async function pruneRawReadings(db: Kysely<DB>, days: number, now = Date.now()): Promise<number> {
  const cutoff = now - days * DAY;
  let total = 0;
  for (;;) {
    const { numAffectedRows } = await sql`delete from measurements where (sensor_id, ts) in (
      select sensor_id, ts from measurements where ts < ${cutoff} limit ${ROWS_PER_DELETE})`.execute(db);
    const n = Number(numAffectedRows ?? 0n);
    total += n;
    if (n < ROWS_PER_DELETE) return total;
  }
}

/** Runs `pruneRawReadings` now and every hour while `days` is set; returns the stopper. */
export function startRetention(
  db: Kysely<DB>,
  days: number | null,
  onError: (error: unknown) => void,
): { stop(): void } {
  if (!days) return { stop() {} };
  const run = () => void pruneRawReadings(db, days).catch(onError);
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
