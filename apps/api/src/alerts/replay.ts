import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { AlertEvaluator } from './evaluator.js';

export interface ReplayOptions {
  /** Epoch ms of the first reading to evaluate. */
  since: number;
  /** Epoch ms: the clock at the end. */
  until: number;
  /** The timer's step over the history. @default 15 minutes */
  stepMs?: number;
}

/**
 * Runs the evaluator over stored readings as if they had arrived live, the clock following them and
 * the timer sweeping every `stepMs`: the states, history and notifications of the seeded alerts are what
 * the seeded readings make them (no e-mail, nobody listening).
 */
export async function replayAlerts(db: Kysely<DB>, opts: ReplayOptions): Promise<void> {
  let clock = opts.since;
  // The alerts do not change meanwhile: loaded once.
  const evaluator = new AlertEvaluator({ db, now: () => clock, refreshMs: Number.POSITIVE_INFINITY });
  await evaluator.refresh();
  const watched = evaluator.watchedSensorIds();
  if (watched.length === 0) return;
  const readings = await db
    .selectFrom('measurements')
    .select(['sensor_id', 'ts', 'value'])
    .where('sensor_id', 'in', watched)
    .where('ts', '>=', opts.since)
    .where('ts', '<=', opts.until)
    .orderBy('ts')
    .execute();
  const step = opts.stepMs ?? 15 * 60_000;
  let i = 0;
  // The timer ticks on the step's grid (whole quarters of an hour), as the seeded readings do.
  for (let end = Math.floor(opts.since / step) * step + step; clock < opts.until; end += step) {
    clock = Math.min(end, opts.until);
    const batch = [];
    while (i < readings.length && Number(readings[i]!.ts) <= clock) {
      const r = readings[i++]!;
      batch.push({ sensor_id: r.sensor_id, ts: Number(r.ts), value: Number(r.value) });
    }
    if (batch.length > 0) await evaluator.onReadings(batch);
    await evaluator.sweep();
  }
}
