import type { Kysely } from 'kysely';
import type { AlertWatchKind } from '../db/tables/resources.js';
import type { DB } from '../db/types.js';
import type { MailMessage } from '../mail/mailer.js';
import type { Reading } from '../measurements/store.js';
import type { AlertMessage } from './bus.js';
import {
  acknowledge,
  type Condition,
  OK_STATE,
  onData,
  onPendingTimer,
  onRenotifyTimer,
  onSilence,
  onValue,
  type StateRow,
  type Transition,
  tellsTeam,
  type WatchedAlert,
} from './model.js';
import { noticeOf } from './notices.js';

export interface AlertEvaluatorOptions {
  db: Kysely<DB>;
  /** @default Date.now */
  now?: () => number;
  /** Runs inside each transition's transaction (PostgreSQL: NOTIFY, delivered on commit). */
  announceInTransaction?: (trx: Kysely<DB>, messages: readonly AlertMessage[]) => Promise<void>;
  /** Called with each committed transition's messages (SQLite: the bus of this process). */
  announce?: (messages: readonly AlertMessage[]) => void;
  /** Sends one e-mail after the commit (the mailer, in the background). */
  mail?: (message: MailMessage) => void;
  onError?: (error: unknown) => void;
  /** How long the loaded alerts are trusted before checking the table for changes. @default 5000 */
  refreshMs?: number;
}

type Step = (row: StateRow) => [StateRow, Transition][];

const CONFLICT = new Error('alert state changed meanwhile');
const UNIQUE = new Set(['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);
const CHUNK = 1000;

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

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

const stateKey = (alertId: number, sensorId: number, kind: AlertWatchKind) =>
  `${alertId}:${sensorId}:${kind}`;

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
  #alerts = new Map<number, WatchedAlert>();
  #bySensor = new Map<number, WatchedAlert[]>();
  #signature: string | null = null;
  #checkedAt = Number.NEGATIVE_INFINITY;
  #chain: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;

  constructor(options: AlertEvaluatorOptions) {
    this.#db = options.db;
    this.#now = options.now ?? Date.now;
    this.#options = options;
  }

  /** Evaluates the readings after the work queued before them. */
  onReadings(readings: readonly Reading[]): Promise<void> {
    return this.#enqueue(() => this.#evaluate(readings));
  }

  /** The timer's work once: pending that has lasted, silent sensors, repeats due. */
  sweep(): Promise<void> {
    return this.#enqueue(() => this.#sweep());
  }

  /** Acknowledges the firing sensors of an alert (or one of them); resolves to how many. */
  acknowledge(alertId: number, userId: number, comment: string | null, sensorId?: number): Promise<number> {
    let count = 0;
    return this.#enqueue(async () => {
      count = await this.#acknowledge(alertId, userId, comment, sensorId);
    }).then(() => count);
  }

  /** Alerts changed in this process: reload them before the next evaluation. */
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

  /** Reloads the enabled alerts when the table changed (checked at most every `refreshMs`). */
  async refresh(): Promise<void> {
    const now = Date.now();
    if (now - this.#checkedAt < (this.#options.refreshMs ?? 5000)) return;
    this.#checkedAt = now;
    const sig = await this.#db
      .selectFrom('alerts')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('at')])
      .executeTakeFirstOrThrow();
    const signature = `${sig.n}|${sig.at}`;
    if (signature === this.#signature) return;
    await this.#load();
    this.#signature = signature;
  }

  async #load(): Promise<void> {
    const alerts = await this.#db.selectFrom('alerts').selectAll().where('is_enabled', '=', 1).execute();
    const conditions = await this.#db
      .selectFrom('alert_conditions')
      .innerJoin('alerts', 'alerts.id', 'alert_conditions.alert_id')
      .select([
        'alert_conditions.alert_id',
        'alert_conditions.sensor_id',
        'alert_conditions.operator',
        'alert_conditions.threshold',
        'alert_conditions.duration_s',
        'alert_conditions.clear_threshold',
      ])
      .where('alerts.is_enabled', '=', 1)
      .execute();
    const byId = new Map<number, WatchedAlert>();
    for (const a of alerts)
      byId.set(a.id, {
        id: a.id,
        teamId: a.team_id,
        name: a.name,
        noDataMinutes: a.no_data_minutes,
        renotifyMinutes: a.renotify_minutes,
        mutedUntil: a.muted_until === null ? null : Date.parse(a.muted_until),
        createdAt: Date.parse(a.created_at),
        sensors: new Map(),
      });
    const bySensor = new Map<number, WatchedAlert[]>();
    for (const c of conditions) {
      const alert = byId.get(c.alert_id);
      if (!alert) continue;
      const list = alert.sensors.get(c.sensor_id) ?? [];
      if (list.length === 0) {
        alert.sensors.set(c.sensor_id, list);
        bySensor.set(c.sensor_id, [...(bySensor.get(c.sensor_id) ?? []), alert]);
      }
      list.push({
        operator: c.operator,
        threshold: Number(c.threshold),
        duration_s: c.duration_s,
        clear_threshold: c.clear_threshold === null ? null : Number(c.clear_threshold),
      });
    }
    this.#alerts = byId;
    this.#bySensor = bySensor;
  }

  async #evaluate(readings: readonly Reading[]): Promise<void> {
    await this.refresh();
    const bySensor = new Map<number, Reading[]>();
    for (const r of readings) {
      if (!this.#bySensor.has(r.sensor_id)) continue;
      const list = bySensor.get(r.sensor_id) ?? [];
      list.push(r);
      bySensor.set(r.sensor_id, list);
    }
    if (bySensor.size === 0) return;
    const rows = await this.#states([...bySensor.keys()]);
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
    const rows = new Map(active.map((r) => [stateKey(r.alert_id, r.sensor_id, r.kind), r]));
    for (const row of active) {
      const alert = this.#alerts.get(row.alert_id);
      const conditions = alert?.sensors.get(row.sensor_id);
      if (!alert || !conditions) continue;
      await this.#apply(alert, row.sensor_id, row.kind, rows, (current) =>
        chain(current, [
          (r) => (row.kind === 'value' ? onPendingTimer(r, conditions, now) : null),
          (r) => onRenotifyTimer(r, alert, now),
        ]),
      );
    }
    await this.#sweepSilence(now);
  }

  /** Fires the no-data watches of sensors whose latest reading (at or before now) is too old. */
  async #sweepSilence(now: number): Promise<void> {
    const silent = [...this.#alerts.values()].filter((a) => a.noDataMinutes !== null);
    const sensorIds = [...new Set(silent.flatMap((a) => [...a.sensors.keys()]))];
    for (const ids of chunks(sensorIds)) {
      const latest = await this.#latest(ids, now);
      const rows = await this.#states(ids, 'no_data');
      for (const id of ids)
        for (const alert of this.watching(id)) {
          if (alert.noDataMinutes === null) continue;
          const last = latest.get(id) ?? alert.createdAt;
          await this.#apply(alert, id, 'no_data', rows, (row) =>
            chain(row, [(r) => onSilence(r, alert.noDataMinutes!, last, now)]),
          );
        }
    }
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

  async #latest(sensorIds: readonly number[], now: number): Promise<Map<number, number>> {
    const rows = await this.#db
      .selectFrom('measurements')
      .select(['sensor_id', (eb) => eb.fn.max('ts').as('ts')])
      .where('sensor_id', 'in', sensorIds)
      .where('ts', '<=', now)
      .groupBy('sensor_id')
      .execute();
    return new Map(rows.map((r) => [r.sensor_id, Number(r.ts)]));
  }

  async #states(sensorIds: readonly number[], kind?: AlertWatchKind): Promise<Map<string, StateRow>> {
    const out = new Map<string, StateRow>();
    for (const ids of chunks(sensorIds)) {
      let q = this.#db.selectFrom('alert_states').selectAll().where('sensor_id', 'in', ids);
      if (kind) q = q.where('kind', '=', kind);
      for (const r of await q.execute()) out.set(stateKey(r.alert_id, r.sensor_id, r.kind), r);
    }
    return out;
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
        const after = await this.#write(alert, sensorId, kind, before, steps);
        rows.set(key, after);
        return steps.length;
      } catch (error) {
        if ((error !== CONFLICT && !UNIQUE.has(String((error as { code?: unknown }).code))) || attempt >= 5)
          throw error;
        const fresh = await this.#db
          .selectFrom('alert_states')
          .selectAll()
          .where('alert_id', '=', alert.id)
          .where('sensor_id', '=', sensorId)
          .where('kind', '=', kind)
          .executeTakeFirst();
        if (fresh) rows.set(key, fresh);
        else rows.delete(key);
      }
    }
  }

  /** One transaction: the state (if unchanged since read), its history, notifications; then announce. */
  async #write(
    alert: WatchedAlert,
    sensorId: number,
    kind: AlertWatchKind,
    before: StateRow,
    steps: [StateRow, Transition][],
  ): Promise<StateRow> {
    let after = { ...steps.at(-1)![0], version: before.version + 1 };
    const told = steps.map(([, t]) => t).filter((t) => tellsTeam(t, alert));
    const lastTold = told.filter((t) => t.event !== 'resolved').at(-1);
    if (lastTold) after = { ...after, notified_at: new Date(lastTold.at).toISOString() };
    const mails: MailMessage[] = [];
    const messages = await this.#db.transaction().execute(async (trx) => {
      if (!(await compareAndSet(trx, alert.id, sensorId, kind, before, after))) throw CONFLICT;
      await trx
        .insertInto('alert_history')
        .values(
          steps.map(([state, t], i) => ({
            alert_id: alert.id,
            sensor_id: sensorId,
            kind,
            episode: state.episode,
            event: t.event,
            // Firing, acknowledging and resolving happen once an episode (seq 0, unique); pending may come
            // and go many times (numbered by the state's version), repeats count up.
            seq: t.event === 'pending' || t.event === 'cancelled' ? before.version + i + 1 : t.seq,
            value: t.value,
            at: new Date(t.at).toISOString(),
            user_id: t.event === 'acknowledged' ? state.acknowledged_by : null,
            comment: t.event === 'acknowledged' ? state.comment : null,
          })),
        )
        .execute();
      const fired = steps.filter(([, t]) => t.event === 'firing').at(-1);
      if (fired)
        await trx
          .updateTable('alerts')
          .set({ last_triggered_at: new Date(fired[1].at).toISOString() })
          .where('id', '=', alert.id)
          .execute();
      const out: AlertMessage[] = steps.map(([, t]) => ({
        teamId: alert.teamId,
        event: {
          type: 'alert',
          alert_id: alert.id,
          sensor_id: sensorId,
          kind,
          state: t.state,
          value: t.value,
          at: new Date(t.at).toISOString(),
        },
      }));
      if (told.length > 0) out.push(...(await this.#tell(trx, alert, sensorId, kind, told, mails)));
      await this.#options.announceInTransaction?.(trx, out);
      return out;
    });
    this.#options.announce?.(messages);
    for (const mail of mails) this.#options.mail?.(mail);
    return after;
  }

  /** Notifications for every member of the alert's team, and their e-mails (sent after the commit). */
  async #tell(
    trx: Kysely<DB>,
    alert: WatchedAlert,
    sensorId: number,
    kind: AlertWatchKind,
    told: readonly Transition[],
    mails: MailMessage[],
  ): Promise<AlertMessage[]> {
    const sensor = await trx
      .selectFrom('sensors')
      .innerJoin('devices', 'devices.id', 'sensors.device_id')
      .select(['sensors.name', 'sensors.unit', 'devices.title', 'devices.external_device_id'])
      .where('sensors.id', '=', sensorId)
      .executeTakeFirst();
    const members = await trx
      .selectFrom('team_user')
      .innerJoin('users', 'users.id', 'team_user.user_id')
      .select(['users.id', 'users.email'])
      .where('team_user.team_id', '=', alert.teamId)
      .execute();
    if (!sensor || members.length === 0) return [];
    const about = {
      name: sensor.name,
      unit: sensor.unit,
      device: sensor.title ?? sensor.external_device_id ?? `Enhet ${sensorId}`,
    };
    const out: AlertMessage[] = [];
    for (const t of told) {
      const notice = noticeOf(alert.name, about, kind, t, alert.noDataMinutes);
      const rows = await trx
        .insertInto('notifications')
        .values(
          members.map((m) => ({
            user_id: m.id,
            ...notice,
            alert_id: alert.id,
            read_at: null,
            created_at: new Date(t.at).toISOString(),
          })),
        )
        .returningAll()
        .execute();
      for (const n of rows)
        out.push({
          userId: n.user_id,
          event: {
            type: 'notification',
            notification: {
              id: n.id,
              level: n.level,
              title: n.title,
              body: n.body,
              read_at: null,
              created_at: n.created_at,
              alert_id: alert.id,
            },
          },
        });
      for (const m of members)
        mails.push({
          to: m.email,
          subject: notice.title,
          text: `${notice.body}\n\nMätnät, larmet ${alert.name}.`,
        });
    }
    return out;
  }
}

/** Writes `after` only over the version `before` was read at (or only if no row exists yet). */
async function compareAndSet(
  trx: Kysely<DB>,
  alertId: number,
  sensorId: number,
  kind: AlertWatchKind,
  before: StateRow,
  after: StateRow,
): Promise<boolean> {
  if (before.version === 0) {
    const result = await trx
      .insertInto('alert_states')
      .values({ ...after, alert_id: alertId, sensor_id: sensorId, kind })
      .onConflict((oc) => oc.columns(['alert_id', 'sensor_id', 'kind']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const result = await trx
    .updateTable('alert_states')
    .set({ ...after })
    .where('alert_id', '=', alertId)
    .where('sensor_id', '=', sensorId)
    .where('kind', '=', kind)
    .where('version', '=', before.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type { Condition };
