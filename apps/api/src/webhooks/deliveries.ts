import type { Kysely, Selectable } from 'kysely';
import type { WebhookDeliveriesTable, WebhookEvent } from '../db/tables/integrations.js';
import type { DB } from '../db/types.js';
import type { WebhookFacts } from './payloads.js';

export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** One transition told through webhooks: its unique key (as in alert_history) and its facts. */
export interface QueuedEvent {
  key: string;
  event: WebhookEvent;
  facts: WebhookFacts;
}

/**
 * Queues one delivery per event and active channel, inside the transaction that writes the transitions:
 * committed together or not at all, and at most once per transition and channel (a unique index: another
 * process writing the same transition, or a replay, adds nothing). Returns how many were queued.
 */
export async function queueDeliveries(
  trx: Kysely<DB>,
  alertId: number | null,
  channelIds: readonly number[],
  events: readonly QueuedEvent[],
  /**
   * A test delivery: `paused` queues to a paused channel too, `held` leaves it to the caller's attempt
   * (no time set, so no timer takes it meanwhile).
   */
  options: { paused?: boolean; held?: boolean } = {},
): Promise<number> {
  if (channelIds.length === 0 || events.length === 0) return 0;
  let q = trx.selectFrom('webhook_channels').select('id').where('id', 'in', channelIds);
  if (!options.paused) q = q.where('paused_at', 'is', null);
  const active = await q.execute();
  if (active.length === 0) return 0;
  const at = new Date().toISOString();
  const result = await trx
    .insertInto('webhook_deliveries')
    .values(
      active.flatMap((channel) =>
        events.map((e) => ({
          channel_id: channel.id,
          alert_id: alertId,
          event_key: e.key,
          event: e.event,
          payload: JSON.stringify(e.facts),
          status: 'pending' as const,
          attempts: 0,
          next_attempt_at: options.held ? null : at,
          locked_until: null,
          status_code: null,
          latency_ms: null,
          error: null,
          transition_at: e.facts.at,
          delivered_at: null,
          created_at: at,
        })),
      ),
    )
    .onConflict((oc) => oc.columns(['channel_id', 'event_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Ids of deliveries due now: pending ones whose time has come, and attempts a crashed process left. */
export async function dueDeliveries(db: Kysely<DB>, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', now)]),
      ]),
    )
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes a delivery for one attempt, if it is still due (compare-and-set: of several processes one wins),
 * counting the attempt; the row as taken, or undefined. `held`: a held test delivery, due whenever.
 */
export async function claimDelivery(
  db: Kysely<DB>,
  id: number,
  now: string,
  lockedUntil: string,
  held = false,
): Promise<DeliveryRow | undefined> {
  return db
    .updateTable('webhook_deliveries')
    .set((eb) => ({ status: 'sending', locked_until: lockedUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where((eb) =>
      held
        ? eb('status', '=', 'pending')
        : eb.or([
            eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
            eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', now)]),
          ]),
    )
    .returningAll()
    .executeTakeFirst();
}
