import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { OK_STATE, onSilence, type StateRow, type Transition, type WatchedAlert } from './model.js';
import { chunks, readStates, stateKey } from './stateRows.js';
import { type Change, isUniqueViolation, type TransitionWriter } from './transitions.js';

/** Silent sensors fired per transaction: 50,000 firings one transaction each took 101 s on SQLite. */
export const SILENCE_BATCH = 500;

export interface SilenceSweep {
  db: Kysely<DB>;
  writer: TransitionWriter;
  alerts: Iterable<WatchedAlert>;
  watching(sensorId: number): readonly WatchedAlert[];
  /** Computes and writes one watch again from its stored row (after another process changed it). */
  retry(change: Change, step: (row: StateRow) => [StateRow, Transition] | null): Promise<unknown>;
  /** @default SILENCE_BATCH */
  batch?: number;
}

/**
 * Fires the no-data watches of sensors whose latest reading (at or before now; without any, the
 * alert's creation) is too old, a batch of sensors per transaction. A watch another process changed
 * meanwhile is computed again on its own; if the batch hits an episode already written (the unique
 * history index), it is rolled back and each of its watches is written on its own. Resolves to the
 * watches fired.
 */
export async function sweepSilence(sweep: SilenceSweep, now: number): Promise<number> {
  const silent = [...sweep.alerts].filter((a) => a.noDataMinutes !== null);
  const sensorIds = [...new Set(silent.flatMap((a) => [...a.sensors.keys()]))];
  let fired = 0;
  for (const ids of chunks(sensorIds, sweep.batch ?? SILENCE_BATCH)) {
    const silences = await silenceChanges(sweep, ids, now);
    if (silences.length === 0) continue;
    const changes = silences.map((s) => s.change);
    let again: Change[];
    try {
      const result = await sweep.writer.writeBatch(changes);
      fired += result.written.length;
      again = result.conflicts;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      again = changes;
    }
    const lastOf = new Map(silences.map((s) => [s.change, s.last]));
    for (const change of again)
      await sweep.retry(change, (row) =>
        onSilence(row, change.alert.noDataMinutes!, lastOf.get(change)!, now),
      );
  }
  return fired;
}

/** The firings due among these sensors, each with the latest reading its silence counts from. */
async function silenceChanges(sweep: SilenceSweep, ids: readonly number[], now: number) {
  const latest = await latestReadings(sweep.db, ids, now);
  const rows = await readStates(sweep.db, ids, 'no_data');
  const out: { change: Change; last: number }[] = [];
  for (const sensorId of ids)
    for (const alert of sweep.watching(sensorId)) {
      if (alert.noDataMinutes === null) continue;
      const before = rows.get(stateKey(alert.id, sensorId, 'no_data')) ?? OK_STATE;
      const last = latest.get(sensorId) ?? alert.createdAt;
      const step = onSilence(before, alert.noDataMinutes, last, now);
      if (!step) continue;
      out.push({ change: { alert, sensorId, kind: 'no_data', before, steps: [step] }, last });
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
