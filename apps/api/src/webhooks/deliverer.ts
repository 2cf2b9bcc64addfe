import { signWebhook } from '@matnat/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { AlertMessage } from '../alerts/bus.js';
import type { WebhookConfig } from '../config.js';
import type { WebhookChannelsTable } from '../db/tables/integrations.js';
import type { DB } from '../db/types.js';
import { claimDelivery, type DeliveryRow, dueDeliveries } from './deliveries.js';
import { webhookMessages as M } from './messages.js';
import { renderBody } from './payloads.js';
import { openSecret } from './secrets.js';
import { type Attempt, postOnce } from './send.js';
import { TargetRules } from './target.js';

type ChannelRow = Selectable<WebhookChannelsTable>;

export interface DelivererOptions {
  db: Kysely<DB>;
  config: WebhookConfig;
  appKey: string;
  /** The app's public origin, for the links in the bodies. */
  appUrl: string;
  log: FastifyBaseLogger;
  /** Runs inside the transaction that pauses a channel (PostgreSQL: NOTIFY of the owner's notification). */
  announceInTransaction?: (trx: Kysely<DB>, messages: readonly AlertMessage[]) => Promise<void>;
  /** Called after that transaction (SQLite: this process's bus). */
  announce?: (messages: readonly AlertMessage[]) => void;
}

/** Deliveries attempted at once per process; a slow receiver holds one of them for its timeout at most. */
const PARALLEL = 16;
const RETRY_MAX_MS = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Sends the queued webhook deliveries of every process's transitions: at once when this process queued
 * them (`kick`, after the commit), otherwise when its timer finds them due (retries, deliveries another
 * process queued and left). Each attempt is signed; failures are retried with exponential backoff and
 * jitter up to `maxAttempts`, then given up; a channel whose deliveries are given up `pauseAfter` times in
 * a row is paused and its owner told in the bell.
 */
export class WebhookDeliverer {
  readonly #o: DelivererOptions;
  readonly #rules: TargetRules;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = false;

  constructor(options: DelivererOptions) {
    this.#o = options;
    this.#rules = new TargetRules(options.config.allowPrivate);
  }

  get rules(): TargetRules {
    return this.#rules;
  }

  start(): void {
    this.#timer = setInterval(() => this.kick(), this.#o.config.pollMs);
    this.#timer.unref();
  }

  /** Looks for deliveries due now (soon after, when a round is running). */
  kick(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#drain()
      .catch((err) => this.#o.log.warn({ err }, 'webhook deliveries failed'))
      .finally(() => {
        this.#running = null;
        if (this.#again) {
          this.#again = false;
          this.kick();
        }
      });
  }

  /** Resolves once no round is running. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.idle();
  }

  async #drain(): Promise<void> {
    for (;;) {
      const ids = await dueDeliveries(this.#o.db, iso(Date.now()), PARALLEL);
      await Promise.all(ids.map((id) => this.attempt(id)));
      if (ids.length < PARALLEL || this.#stopped) return;
    }
  }

  /**
   * One attempt of a delivery, if it is due and no other process took it. `once`: a held test delivery,
   * whose failure is final (it shows what happens now). Resolves to the row as recorded, or undefined.
   */
  async attempt(id: number, once = false): Promise<DeliveryRow | undefined> {
    const { db, config } = this.#o;
    const now = Date.now();
    const row = await claimDelivery(db, id, iso(now), iso(now + config.timeoutMs + 10_000), once);
    if (!row) return undefined;
    const channel = await db
      .selectFrom('webhook_channels')
      .selectAll()
      .where('id', '=', row.channel_id)
      .executeTakeFirst();
    if (!channel) return undefined;
    const refused = (error: string): Attempt => ({ ok: false, status: null, error, retry: false, ms: 0 });
    if (channel.paused_at !== null && row.event !== 'test')
      return this.#record(row, channel, refused(M.channelPaused), true);
    let secret: string;
    try {
      secret = openSecret(this.#o.appKey, channel.secret);
    } catch {
      return this.#record(row, channel, refused(M.secretUnreadable), true);
    }
    const body = renderBody(channel.format, JSON.parse(row.payload), row.id, this.#o.appUrl);
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'x-matnat-event': row.event,
      'x-matnat-delivery': String(row.id),
      'x-matnat-timestamp': String(timestamp),
      'x-matnat-signature': await signWebhook(secret, timestamp, body),
    };
    const attempt = await postOnce(new URL(channel.url), body, headers, {
      rules: this.#rules,
      timeoutMs: config.timeoutMs,
    });
    return this.#record(row, channel, attempt, once);
  }

  /** The wait before attempt `n + 1`: doubling from the base, at most an hour, with half of it random. */
  #backoff(attempts: number): number {
    const wait = Math.min(RETRY_MAX_MS, this.#o.config.retryBaseMs * 2 ** (attempts - 1));
    return wait / 2 + (Math.random() * wait) / 2;
  }

  async #record(row: DeliveryRow, channel: ChannelRow, attempt: Attempt, final: boolean) {
    const { db, config } = this.#o;
    const now = Date.now();
    const again = !attempt.ok && attempt.retry && !final && row.attempts < config.maxAttempts;
    const status = attempt.ok ? 'delivered' : again ? 'pending' : 'failed';
    const givenUp = status === 'failed' && row.event !== 'test';
    const { recorded, messages } = await db.transaction().execute(async (trx) => {
      const recorded = await trx
        .updateTable('webhook_deliveries')
        .set({
          status,
          status_code: attempt.status,
          latency_ms: attempt.ms,
          error: attempt.error,
          locked_until: null,
          next_attempt_at: again ? iso(now + this.#backoff(row.attempts)) : null,
          delivered_at: attempt.ok ? iso(now) : null,
        })
        .where('id', '=', row.id)
        .where('status', '=', 'sending')
        .returningAll()
        .executeTakeFirst();
      if (!recorded || row.event === 'test') return { recorded, messages: [] };
      if (attempt.ok)
        await trx
          .updateTable('webhook_channels')
          .set({ failures: 0, last_delivery_at: iso(now) })
          .where('id', '=', channel.id)
          .execute();
      // Given up in the same transaction: the log never shows a failure its channel has not counted.
      return { recorded, messages: givenUp ? await this.#givenUp(trx, channel, attempt.error ?? '') : [] };
    });
    if (messages.length > 0) {
      this.#o.log.warn({ channel: channel.id }, 'webhook channel paused after repeated failures');
      this.#o.announce?.(messages);
    }
    return recorded;
  }

  /**
   * A delivery given up: counted on its channel, which is paused at the limit, its pending deliveries given
   * up with it and its owner told in the bell. Returns the bell's messages (announced after the commit).
   */
  async #givenUp(trx: Kysely<DB>, channel: ChannelRow, error: string): Promise<AlertMessage[]> {
    const counted = await trx
      .updateTable('webhook_channels')
      .set((eb) => ({ failures: eb('failures', '+', 1) }))
      .where('id', '=', channel.id)
      .returning(['failures', 'paused_at'])
      .executeTakeFirst();
    const failures = Number(counted?.failures ?? 0);
    if (!counted || counted.paused_at !== null || failures < this.#o.config.pauseAfter) return [];
    const at = iso(Date.now());
    await trx
      .updateTable('webhook_channels')
      .set({ paused_at: at, pause_reason: M.pausedReason(failures), updated_at: at })
      .where('id', '=', channel.id)
      .execute();
    await trx
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', error: M.channelPaused, next_attempt_at: null })
      .where('channel_id', '=', channel.id)
      .where('status', '=', 'pending')
      .execute();
    if (channel.created_by === null) return [];
    const n = await trx
      .insertInto('notifications')
      .values({
        user_id: channel.created_by,
        level: 'error',
        title: M.pausedTitle(channel.name),
        body: M.pausedBody(channel.name, failures, error),
        alert_id: null,
        read_at: null,
        created_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const notification = {
      id: n.id,
      level: n.level,
      title: n.title,
      body: n.body,
      read_at: null,
      created_at: n.created_at,
      alert_id: null,
    };
    const out: AlertMessage[] = [{ userId: n.user_id, event: { type: 'notification', notification } }];
    await this.#o.announceInTransaction?.(trx, out);
    return out;
  }
}
