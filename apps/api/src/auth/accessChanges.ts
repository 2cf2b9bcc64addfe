import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { notifyEach } from '../db/channels.js';

/**
 * Something that may take read access away from an open stream:
 * - `session`: the session ended (logout, login or impersonation rotated it) or its expiry is due;
 * - `user`: a user's sessions, teams or role changed (their sessions and the tokens they made re-check);
 * - `token`: an embed token was revoked or its expiry is due;
 * - `devices`: a device changed teams or was deleted, a panel or dashboard changed: every stream re-checks.
 */
export type AccessChange =
  | { kind: 'session'; id: string }
  | { kind: 'user'; id: number }
  | { kind: 'token'; id: number }
  | { kind: 'devices' };

/** The PostgreSQL channel access changes go out on, to every API process. */
export const ACCESS_CHANGES_CHANNEL = 'matnat_access_changes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Access changes of every process (PostgreSQL) or of this one (SQLite), for open streams. */
    accessChanges: AccessBus;
  }
}

/**
 * In-process publish/subscribe of access changes, like the reading and alert buses: on PostgreSQL they
 * are announced with NOTIFY (delivered on commit) and every process hears them through its LISTEN
 * connection; on SQLite (one process) they are published here directly.
 */
export class AccessBus {
  readonly #emitter = new EventEmitter();

  constructor() {
    this.#emitter.setMaxListeners(0);
  }

  publish(change: AccessChange): void {
    this.#emitter.emit('change', change);
  }

  /** Calls `listener` with every change from now on; returns the unsubscribe. */
  subscribe(listener: (change: AccessChange) => void): () => void {
    this.#emitter.on('change', listener);
    return () => this.#emitter.off('change', listener);
  }
}

/** The app's access bus; on PostgreSQL fed by the process's LISTEN connection. */
export function registerAccessChanges(app: FastifyInstance): void {
  const bus = new AccessBus();
  app.decorate('accessChanges', bus);
  app.pgChannels?.on(ACCESS_CHANGES_CHANNEL, (payload) => {
    const change = parseAccessChange(payload);
    if (change) bus.publish(change);
  });
}

/**
 * Tells every process's open streams and caches, after the change is committed, that access may have
 * changed (PostgreSQL: NOTIFY, heard by every process through its LISTEN connection).
 */
export async function announceAccessChange(app: FastifyInstance, change: AccessChange): Promise<void> {
  if (app.pgChannels) await notifyEach(app.db, ACCESS_CHANGES_CHANNEL, [JSON.stringify(change)]);
  // This process at once, before the answer (the NOTIFY reaches it a little later, a second time: every
  // listener takes a change twice without harm), so its next request never meets a stale token or answer.
  app.accessChanges.publish(change);
}

function parseAccessChange(payload: string): AccessChange | null {
  try {
    const change = JSON.parse(payload) as AccessChange;
    return typeof change?.kind === 'string' ? change : null;
  } catch {
    return null;
  }
}
