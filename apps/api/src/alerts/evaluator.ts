import type { Kysely } from 'kysely';
import type { AlertWatchKind } from '../db/tables/resources.js';
import type { DB } from '../db/types.js';
import type { Reading } from '../measurements/store.js';
import {
  acknowledge,
  type Condition,
  OK_STATE,
  onData,
  onPendingTimer,
  onRenotifyTimer,
  onValue,
  type StateRow,
  type Transition,
  type WatchedAlert,
} from './model.js';
import { sweepSilence } from './silenceSweep.js';
import { readStates, stateKey } from './stateRows.js';
import {
  isUniqueViolation,
  type Retryable,
  type Step,
  SWEEP_BATCH,
  TransitionWriter,
  type WriterOptions,
} from './transitions.js';
import { loadWatches } from './watches.js';

export interface AlertEvaluatorOptions extends WriterOptions {
  /** @default Date.now */
  now?: () => number;
  onError?: (error: unknown) => void;
  /** How long the loaded alerts are trusted before checking the tables for changes. @default 5000 */
  refreshMs?: number;
  /** Transitions the sweep writes per transaction (silent sensors, reminders due). @default SWEEP_BATCH */
  sweepBatch?: number;
  /** Tells the other processes an alert's definition changed, inside its transaction (PostgreSQL: NOTIFY). */
  announceChange?: (trx: Kysely<DB>, alertId: number) => Promise<void>;
  /** Told of each evaluation as it is queued: of committed readings, or the timer's sweep (metrics). */
  onEvaluate?: (trigger: 'readings' | 'sweep') => void;
}

const CONFLICT = new Error('alert state changed meanwhile');

/** Steps `first`, then keeps stepping its result: every transition one batch of readings causes. */
function chain(row: StateRow, steps: readonly ((row: StateRow) => [StateRow, Transition] | null)[]) {
  const out: [StateRow, Transition][] = [];
  let current = row;
  for (const step of steps) {
    const next = step(current);
    if (next) {
      out.push(next);
      current = next[0];
    }
  }
  return out;
}

/**
 * Evaluates alerts on the readings that arrive and on a timer (pending that has lasted, silence,
 * re-notification). Every state lives in `alert_states`; a transition is written only if the row still
 * has the version it was computed from (and its history entry is unique per episode), so a restart never
 * re-fires an episode, a reading delivered twice changes nothing and two processes never both fire one
 * episode: the loser re-reads the row and computes again. Work runs one piece at a time per process.
 */
export class AlertEvaluator {
  readonly #db: Kysely<DB>;
  readonly #now: () => number;
  readonly #options: AlertEvaluatorOptions;
  readonly #writer: TransitionWriter;
  #alerts = new Map<number, WatchedAlert>();
  #bySensor = new Map<number, WatchedAlert[]>();
  #hasKinds = false;
  /** The highest sensor id at the last load: a reading of a higher one is of a sensor created since. */
  #maxSensorId = 0;
  #signature: string | null = null;
  #checkedAt = Number.NEGATIVE_INFINITY;
  #chain: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;

  constructor(options: AlertEvaluatorOptions) {
    this.#db = options.db;
    this.#now = options.now ?? Date.now;
    this.#options = options;
    this.#writer = new TransitionWriter(options);
  }

  /** Evaluates the readings after the work queued before them. */
  onReadings(readings: readonly Reading[]): Promise<void> {
    this.#options.onEvaluate?.('readings');
    return this.#enqueue(() => this.#evaluate(readings));
  }

  /** The timer's work once: pending that has lasted, silent sensors, repeats due. */
  sweep(): Promise<void> {
    this.#options.onEvaluate?.('sweep');
    return this.#enqueue(() => this.#sweep());
  }

  /** Acknowledges the firing sensors of an alert (or one of them); resolves to how many. */
  acknowledge(alertId: number, userId: number, comment: string | null, sensorId?: number): Promise<number> {
    let count = 0;
    return this.#enqueue(async () => {
      count = await this.#acknowledge(alertId, userId, comment, sensorId);
    }).then(() => count);
  }

  /**
   * Inside the transaction that creates, edits, mutes or deletes an alert: once it commits, the other
   * processes reload their alerts before their next evaluation (this one: `invalidate()` after the commit).
   */
  async announceChange(trx: Kysely<DB>, alertId: number): Promise<void> {
    await this.#options.announceChange?.(trx, alertId);
  }

  /** Alerts changed (in this process, or announced by another): reload them before the next evaluation. */
  invalidate(): void {
    this.#checkedAt = Number.NEGATIVE_INFINITY;
    this.#signature = null;
  }

  /** Resolves once everything queued so far has run. */
  async idle(): Promise<void> {
    let seen: Promise<void> | undefined;
    while (seen !== this.#chain) {
      seen = this.#chain;
      await seen;
    }
  }

  /** Sweeps every `intervalMs` until `stop()`. */
  start(intervalMs: number): void {
    this.#timer = setInterval(() => void this.sweep().catch(() => {}), intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.idle();
  }

  /** The alerts watching a sensor (loaded as of the last refresh). */
  watching(sensorId: number): readonly WatchedAlert[] {
    return this.#bySensor.get(sensorId) ?? [];
  }

  #enqueue(work: () => Promise<void>): Promise<void> {
    const run = this.#chain.then(work);
    this.#chain = run.catch((error: unknown) => this.#options.onError?.(error));
    return run;
  }

  /**
   * Reloads the enabled alerts when the alerts changed, or, when a condition watches every sensor of a
   * kind on a device, when the sensors did (checked at most every `refreshMs`).
   */
  async refresh(): Promise<void> {
    const now = Date.now();
    if (now - this.#checkedAt < (this.#options.refreshMs ?? 5000)) return;
    this.#checkedAt = now;
    const signature = await this.#tablesSignature();
    if (signature === this.#signature) return;
    const watches = await loadWatches(this.#db);
    this.#alerts = watches.alerts;
    this.#bySensor = watches.bySensor;
    this.#hasKinds = watches.hasKinds;
    // Read before the load: a sensor created meanwhile counts as new and brings the next reload.
    this.#maxSensorId = Number(signature.split('|')[3] ?? 0);
    this.#signature = signature;
  }

  async #tablesSignature(): Promise<string> {
    const alerts = await this.#db
      .selectFrom('alerts')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('at')])
      .executeTakeFirstOrThrow();
    const sensors = await this.#db
      .selectFrom('sensors')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('id').as('id')])
      .executeTakeFirstOrThrow();
    return `${alerts.n}|${alerts.at}|${sensors.n}|${sensors.id ?? 0}`;
  }

  /** The sensors the loaded alerts watch (kind conditions expanded). */
  watchedSensorIds(): number[] {
    return [...this.#bySensor.keys()];
  }

  async #evaluate(readings: readonly Reading[]): Promise<void> {
    // A sensor created since the last load may be of a kind a condition watches on its device.
    if (this.#hasKinds && readings.some((r) => r.sensor_id > this.#maxSensorId)) this.invalidate();
    await this.refresh();
    const bySensor = new Map<number, Reading[]>();
    for (const r of readings) {
      if (!this.#bySensor.has(r.sensor_id)) continue;
      const list = bySensor.get(r.sensor_id) ?? [];
      list.push(r);
      bySensor.set(r.sensor_id, list);
    }
    if (bySensor.size === 0) return;
    const rows = await readStates(this.#db, [...bySensor.keys()]);
    for (const [sensorId, list] of bySensor) {
      list.sort((a, b) => a.ts - b.ts);
      for (const alert of this.#bySensor.get(sensorId) ?? []) {
        const conditions = alert.sensors.get(sensorId)!;
        await this.#apply(alert, sensorId, 'value', rows, (row) =>
          chain(
            row,
            list.map((r) => (current: StateRow) => onValue(current, conditions, r.value, r.ts)),
          ),
        );
        if (alert.noDataMinutes !== null)
          await this.#apply(alert, sensorId, 'no_data', rows, (row) =>
            chain(
              row,
              list.map((r) => (current: StateRow) => onData(current, r.value, r.ts)),
            ),
          );
      }
    }
  }

  async #sweep(): Promise<void> {
    await this.refresh();
    const now = this.#now();
    const active = await this.#db
      .selectFrom('alert_states')
      .selectAll()
      .where('state', 'in', ['pending', 'firing'])
      .execute();
    const due: Retryable[] = [];
    for (const row of active) {
      const alert = this.#alerts.get(row.alert_id);
      const conditions = alert?.sensors.get(row.sensor_id);
      if (!alert || !conditions) continue;
      // A firing that just happened on the timer is the telling itself: a reminder is for one told earlier
      // (chained, the fresh firing's unset `notified_at` would count as "never told" and remind at once).
      const step: Step = (current) => {
        const fired = row.kind === 'value' ? onPendingTimer(current, conditions, now) : null;
        return chain(current, [fired ? () => fired : (r) => onRenotifyTimer(r, alert, now)]);
      };
      const steps = step(row);
      if (steps.length > 0)
        due.push({ change: { alert, sensorId: row.sensor_id, kind: row.kind, before: row, steps }, step });
    }
    await this.#writeAll(due);
    await sweepSilence(
      {
        db: this.#db,
        alerts: this.#alerts.values(),
        watching: (sensorId) => this.watching(sensorId),
        write: (items) => this.#writeAll(items),
        batch: this.#batch,
      },
      now,
    );
  }

  get #batch(): number {
    return this.#options.sweepBatch ?? SWEEP_BATCH;
  }

  /** The sweep's changes in batches; one another process changed first is computed again on its own. */
  #writeAll(items: readonly Retryable[]): Promise<number> {
    return this.#writer.writeAll(items, this.#batch, async ({ change: { alert, sensorId, kind }, step }) => {
      const rows = new Map<string, StateRow>();
      await this.#reread(alert.id, sensorId, kind, rows);
      return this.#apply(alert, sensorId, kind, rows, step);
    });
  }

  async #acknowledge(alertId: number, userId: number, comment: string | null, sensorId?: number) {
    await this.refresh();
    const alert = this.#alerts.get(alertId);
    if (!alert) return 0;
    let q = this.#db
      .selectFrom('alert_states')
      .selectAll()
      .where('alert_id', '=', alertId)
      .where('state', '=', 'firing');
    if (sensorId !== undefined) q = q.where('sensor_id', '=', sensorId);
    const firing = await q.execute();
    const rows = new Map(firing.map((r) => [stateKey(r.alert_id, r.sensor_id, r.kind), r]));
    const at = this.#now();
    let count = 0;
    for (const row of firing)
      count += await this.#apply(alert, row.sensor_id, row.kind, rows, (current) =>
        chain(current, [(r) => acknowledge(r, userId, comment, at)]),
      );
    return count;
  }

  /**
   * Computes the transitions of one watch from its stored state and writes them, re-reading the state
   * and computing again when another process changed it meanwhile. Resolves to the transitions written.
   */
  async #apply(
    alert: WatchedAlert,
    sensorId: number,
    kind: AlertWatchKind,
    rows: Map<string, StateRow>,
    step: Step,
  ): Promise<number> {
    const key = stateKey(alert.id, sensorId, kind);
    for (let attempt = 1; ; attempt++) {
      const before = rows.get(key) ?? OK_STATE;
      const steps = step(before);
      if (steps.length === 0) return 0;
      try {
        const { written } = await this.#writer.writeBatch([{ alert, sensorId, kind, before, steps }]);
        if (written.length === 0) throw CONFLICT;
        rows.set(key, written[0]![1]);
        return steps.length;
      } catch (error) {
        if ((error !== CONFLICT && !isUniqueViolation(error)) || attempt >= 5) throw error;
        await this.#reread(alert.id, sensorId, kind, rows);
      }
    }
  }

  async #reread(alertId: number, sensorId: number, kind: AlertWatchKind, rows: Map<string, StateRow>) {
    const fresh = await this.#db
      .selectFrom('alert_states')
      .selectAll()
      .where('alert_id', '=', alertId)
      .where('sensor_id', '=', sensorId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    const key = stateKey(alertId, sensorId, kind);
    if (fresh) rows.set(key, fresh);
    else rows.delete(key);
  }
}

export type { Condition };
