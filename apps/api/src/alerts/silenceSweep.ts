import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { OK_STATE, onSilence, type StateRow, type WatchedAlert } from './model.js';
import { chunks, readStates, stateKey } from './stateRows.js';
import { type Retryable, SWEEP_BATCH } from './transitions.js';

export interface SilenceSweep {
  db: Kysely<DB>;
  alerts: Iterable<WatchedAlert>;
  watching(sensorId: number): readonly WatchedAlert[];
  /** Writes one batch of firings (`TransitionWriter.writeAll`); resolves to how many it wrote. */
  write(items: readonly Retryable[]): Promise<number>;
  /** Watched sensors read (and their firings written) at a time. @default SWEEP_BATCH */
  batch?: number;
}

/**
 * Fires the no-data watches of sensors whose latest reading (at or before now; without any, the
 * alert's creation) is too old: for each batch of watched sensors one read of their latest readings and
 * states, and one transaction for the firings due among them. Resolves to the watches fired in batches.
 */
export async function sweepSilence(sweep: SilenceSweep, now: number): Promise<number> {
  const silent = [...sweep.alerts].filter((a) => a.noDataMinutes !== null);
  const sensorIds = [...new Set(silent.flatMap((a) => [...a.sensors.keys()]))];
  let fired = 0;
  for (const ids of chunks(sensorIds, sweep.batch ?? SWEEP_BATCH)) {
    const items = await silences(sweep, ids, now);
    if (items.length > 0) fired += await sweep.write(items);
  }
  return fired;
}

/** The firings due among these sensors. */
async function silences(sweep: SilenceSweep, ids: readonly number[], now: number): Promise<Retryable[]> {
  const latest = await latestReadings(sweep.db, ids, now);
  const rows = await readStates(sweep.db, ids, 'no_data');
  const out: Retryable[] = [];
  for (const sensorId of ids)
    for (const alert of sweep.watching(sensorId)) {
      const minutes = alert.noDataMinutes;
      if (minutes === null) continue;
      const last = latest.get(sensorId) ?? alert.createdAt;
      const step = (row: StateRow) => {
        const next = onSilence(row, minutes, last, now);
        return next ? [next] : [];
      };
      const before = rows.get(stateKey(alert.id, sensorId, 'no_data')) ?? OK_STATE;
      const steps = step(before);
      if (steps.length > 0) out.push({ change: { alert, sensorId, kind: 'no_data', before, steps }, step });
    }
  return out;
}

/** The latest reading of each sensor at or before `now` (epoch ms). */
async function latestReadings(
  db: Kysely<DB>,
  sensorIds: readonly number[],
  now: number,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('measurements')
    .select(['sensor_id', (eb) => eb.fn.max('ts').as('ts')])
    .where('sensor_id', 'in', sensorIds)
    .where('ts', '<=', now)
    .groupBy('sensor_id')
    .execute();
  return new Map(rows.map((r) => [r.sensor_id, Number(r.ts)]));
}
