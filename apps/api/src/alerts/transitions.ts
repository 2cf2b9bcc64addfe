import type { Kysely } from 'kysely';
import type { AlertWatchKind } from '../db/tables/resources.js';
import type { DB } from '../db/types.js';
import type { MailMessage } from '../mail/mailer.js';
import { type QueuedEvent, queueDeliveries } from '../webhooks/deliveries.js';
import { alertEvent } from '../webhooks/payloads.js';
import type { AlertMessage } from './bus.js';
import { type StateRow, type Transition, tellsTeam, type WatchedAlert } from './model.js';
import { type NoticeSensor, noticeOf } from './notices.js';
import { chunks } from './stateRows.js';

const UNIQUE = new Set(['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/** Another process wrote the same episode first (the unique history index refused ours). */
export const isUniqueViolation = (error: unknown) => UNIQUE.has(String((error as { code?: unknown }).code));

/** The transitions of one watch (alert, sensor, kind), computed from the state row `before`. */
export interface Change {
  alert: WatchedAlert;
  sensorId: number;
  kind: AlertWatchKind;
  before: StateRow;
  steps: [StateRow, Transition][];
}

export interface WriterOptions {
  db: Kysely<DB>;
  /** Runs inside each transaction (PostgreSQL: NOTIFY, delivered on commit). */
  announceInTransaction?: (trx: Kysely<DB>, messages: readonly AlertMessage[]) => Promise<void>;
  /** Called with each committed transaction's messages (SQLite: the bus of this process). */
  announce?: (messages: readonly AlertMessage[]) => void;
  /** Sends one e-mail after the commit. */
  mail?: (message: MailMessage) => void;
  /** Called after a commit that queued webhook deliveries (this process's deliverer sends them at once). */
  webhooksQueued?: () => void;
}

/** What a transaction leaves to do once it has committed. */
interface AfterCommit {
  mails: MailMessage[];
  /** Webhook deliveries it queued. */
  deliveries: number;
}

/** Transitions the timer writes per transaction: 50,000 firings one transaction each took 101 s on SQLite. */
export const SWEEP_BATCH = 500;

/** Computes the transitions of a watch from its state row. */
export type Step = (row: StateRow) => [StateRow, Transition][];

/** A change, and how to compute it again from a fresh row if another process changes the row first. */
export interface Retryable {
  change: Change;
  step: Step;
}

/** What a batch wrote (with the state rows now stored) and what another process changed meanwhile. */
export interface BatchResult {
  written: [Change, StateRow][];
  conflicts: Change[];
}

/**
 * Writes transitions: each change only over the `version` of the state it was computed from, with its
 * history (unique per episode), the notifications of the team and the announcements in the same
 * transaction; the e-mails after the commit.
 */
export class TransitionWriter {
  readonly #options: WriterOptions;

  constructor(options: WriterOptions) {
    this.#options = options;
  }

  /**
   * Writes the changes `batch` at a time, one transaction each. The changes whose rows another process
   * changed meanwhile go to `retry`; so do all of a batch that meets an episode already written (the
   * unique history index), rolled back. Resolves to the changes written in batches.
   */
  async writeAll(
    items: readonly Retryable[],
    batch: number,
    retry: (item: Retryable) => Promise<unknown>,
  ): Promise<number> {
    let written = 0;
    for (const part of chunks(items, batch)) {
      let again: readonly Retryable[];
      try {
        const result = await this.writeBatch(part.map((i) => i.change));
        written += result.written.length;
        const conflicts = new Set(result.conflicts);
        again = part.filter((i) => conflicts.has(i.change));
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        again = part;
      }
      for (const item of again) await retry(item);
    }
    return written;
  }

  /** Writes the changes in one transaction; a change whose state moved meanwhile is left out. */
  async writeBatch(changes: readonly Change[]): Promise<BatchResult> {
    const later: AfterCommit = { mails: [], deliveries: 0 };
    const { result, messages } = await this.#options.db.transaction().execute(async (trx) => {
      const people = new Audience(trx);
      await people.prefetch(changes);
      const out: BatchResult = { written: [], conflicts: [] };
      const all: AlertMessage[] = [];
      for (const change of changes) {
        const after = afterOf(change);
        const said = await writeChange(trx, change, after, people, later);
        if (said === null) out.conflicts.push(change);
        else {
          out.written.push([change, after]);
          all.push(...said);
        }
      }
      await this.#options.announceInTransaction?.(trx, all);
      return { result: out, messages: all };
    });
    this.#options.announce?.(messages);
    for (const mail of later.mails) this.#options.mail?.(mail);
    if (later.deliveries > 0) this.#options.webhooksQueued?.();
    return result;
  }
}

/** The row a change leaves, its version bumped and the time the team was last told. */
function afterOf({ alert, before, steps }: Change): StateRow {
  const after = { ...steps.at(-1)![0], version: before.version + 1 };
  const lastTold = steps
    .map(([, t]) => t)
    .filter((t) => tellsTeam(t, alert) && t.event !== 'resolved')
    .at(-1);
  return lastTold ? { ...after, notified_at: new Date(lastTold.at).toISOString() } : after;
}

/** One change inside `trx`; null when the state is no longer at `before`'s version. */
async function writeChange(
  trx: Kysely<DB>,
  change: Change,
  after: StateRow,
  people: Audience,
  later: AfterCommit,
): Promise<AlertMessage[] | null> {
  const { alert, sensorId, kind, before, steps } = change;
  if (!(await compareAndSet(trx, change, after))) return null;
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
  const told = steps.filter(([, t]) => tellsTeam(t, alert));
  if (told.length > 0) out.push(...(await tell(trx, change, told, people, later)));
  return out;
}

/** A sensor as notices (and webhook events) name it. */
export interface AboutSensor extends NoticeSensor {
  deviceId: number;
  title: string | null;
  externalId: string | null;
}

/** The sensors and team members notices name, read once a transaction. */
class Audience {
  readonly #trx: Kysely<DB>;
  readonly #sensors = new Map<number, AboutSensor>();
  readonly #members = new Map<number, { id: number; email: string }[]>();

  constructor(trx: Kysely<DB>) {
    this.#trx = trx;
  }

  async prefetch(changes: readonly Change[]): Promise<void> {
    const told = changes.filter((c) => c.steps.some(([, t]) => tellsTeam(t, c.alert)));
    await this.#loadSensors([...new Set(told.map((c) => c.sensorId))]);
    for (const teamId of new Set(told.map((c) => c.alert.teamId))) await this.members(teamId);
  }

  async sensor(sensorId: number): Promise<AboutSensor | undefined> {
    if (!this.#sensors.has(sensorId)) await this.#loadSensors([sensorId]);
    return this.#sensors.get(sensorId);
  }

  async members(teamId: number): Promise<{ id: number; email: string }[]> {
    let list = this.#members.get(teamId);
    if (!list) {
      list = await this.#trx
        .selectFrom('team_user')
        .innerJoin('users', 'users.id', 'team_user.user_id')
        .select(['users.id', 'users.email'])
        .where('team_user.team_id', '=', teamId)
        .execute();
      this.#members.set(teamId, list);
    }
    return list;
  }

  async #loadSensors(sensorIds: readonly number[]): Promise<void> {
    if (sensorIds.length === 0) return;
    const rows = await this.#trx
      .selectFrom('sensors')
      .innerJoin('devices', 'devices.id', 'sensors.device_id')
      .select([
        'sensors.id',
        'sensors.name',
        'sensors.unit',
        'sensors.device_id',
        'devices.title',
        'devices.external_device_id',
      ])
      .where('sensors.id', 'in', sensorIds)
      .execute();
    for (const s of rows)
      this.#sensors.set(s.id, {
        name: s.name,
        unit: s.unit,
        device: s.title ?? s.external_device_id ?? `Enhet ${s.id}`,
        deviceId: s.device_id,
        title: s.title,
        externalId: s.external_device_id,
      });
  }
}

/**
 * Notifications for every member of the alert's team, their e-mails (sent after the commit, unless the
 * alert mails no one) and a webhook delivery per channel of the alert (queued here, sent after the commit).
 */
async function tell(
  trx: Kysely<DB>,
  { alert, sensorId, kind }: Change,
  told: readonly [StateRow, Transition][],
  people: Audience,
  later: AfterCommit,
): Promise<AlertMessage[]> {
  const about = await people.sensor(sensorId);
  if (!about) return [];
  const members = await people.members(alert.teamId);
  const out: AlertMessage[] = [];
  const events: QueuedEvent[] = [];
  for (const [state, t] of told) {
    const notice = noticeOf(alert.name, about, kind, t, alert.noDataMinutes);
    events.push(
      alertEvent({ alert, sensorId, kind, episode: state.episode, transition: t, sensor: about, notice }),
    );
    if (members.length === 0) continue;
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
    if (alert.notifyEmail === false) continue;
    for (const m of members)
      later.mails.push({
        to: m.email,
        subject: notice.title,
        text: `${notice.body}\n\nMätnät, larmet ${alert.name}.`,
      });
  }
  later.deliveries += await queueDeliveries(trx, alert.id, alert.webhookIds ?? [], events);
  return out;
}

/** Writes `after` only over the version `before` was read at (or only if no row exists yet). */
async function compareAndSet(
  trx: Kysely<DB>,
  { alert, sensorId, kind, before }: Change,
  after: StateRow,
): Promise<boolean> {
  if (before.version === 0) {
    const result = await trx
      .insertInto('alert_states')
      .values({ ...after, alert_id: alert.id, sensor_id: sensorId, kind })
      .onConflict((oc) => oc.columns(['alert_id', 'sensor_id', 'kind']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const result = await trx
    .updateTable('alert_states')
    .set({ ...after })
    .where('alert_id', '=', alert.id)
    .where('sensor_id', '=', sensorId)
    .where('kind', '=', kind)
    .where('version', '=', before.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
