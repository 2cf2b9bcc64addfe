import { EventEmitter } from 'node:events';
import type { AlertEvent, NotificationEvent } from '@matnat/contract';
import type { Kysely } from 'kysely';
import { notifyEach } from '../db/channels.js';

/** What the alert evaluator announces: a state change for a team, a new notification for a user. */
export type AlertMessage =
  | { teamId: number; event: AlertEvent }
  | { userId: number; event: NotificationEvent };

/** The PostgreSQL channel alert messages go out on, to every API process. */
export const ALERTS_CHANNEL = 'matnat_alerts';
/** The PostgreSQL channel on which an alert's changed definition is announced (payload: its id). */
export const ALERT_CHANGES_CHANNEL = 'matnat_alert_changes';

/**
 * In-process publish/subscribe of alert messages, for the SSE stream. Like the reading bus: on
 * PostgreSQL the evaluator announces them with NOTIFY inside its transaction and every process hears
 * them through its LISTEN connection; on SQLite (one process) they are published after the commit.
 */
export class AlertBus {
  readonly #emitter = new EventEmitter();

  constructor() {
    this.#emitter.setMaxListeners(0);
  }

  publish(messages: readonly AlertMessage[]): void {
    for (const message of messages) this.#emitter.emit('message', message);
  }

  /** Calls `listener` with every message from now on; returns the unsubscribe. */
  subscribe(listener: (message: AlertMessage) => void): () => void {
    const guarded = (message: AlertMessage) => {
      try {
        listener(message);
      } catch (error) {
        this.#emitter.off('message', guarded);
        process.emitWarning(`alert subscriber failed and was removed: ${String(error)}`);
      }
    };
    this.#emitter.on('message', guarded);
    return () => this.#emitter.off('message', guarded);
  }
}

/** Announces messages inside the caller's transaction (delivered only if it commits). */
export async function notifyAlerts<T>(trx: Kysely<T>, messages: readonly AlertMessage[]): Promise<void> {
  await notifyEach(
    trx,
    ALERTS_CHANNEL,
    messages.map((m) => JSON.stringify(m)),
  );
}

export function parseAlertMessage(payload: string): AlertMessage {
  return JSON.parse(payload) as AlertMessage;
}

/**
 * Announces inside the caller's transaction that an alert was created, edited, muted or deleted: every
 * process (this one too) reloads its alerts once the transaction commits, before its next evaluation.
 */
export async function notifyAlertChange<T>(trx: Kysely<T>, alertId: number): Promise<void> {
  await notifyEach(trx, ALERT_CHANGES_CHANNEL, [String(alertId)]);
}
