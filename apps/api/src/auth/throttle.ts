import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/types.js';
import { tooManyRequests } from '../http/errors.js';

export interface ThrottleLimit {
  maxAttempts: number;
  decaySeconds: number;
}

/**
 * Fixed-window attempt counters in the database, so every process behind a load balancer shares them.
 * An attempt is counted first, in one atomic upsert, and only then compared with the limit: parallel
 * attempts each see their own count, so a burst can never get more than `maxAttempts` through.
 */
export class Throttle {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts an attempt on `key`; returns the attempts in the window (this one included) and its end. */
  async hit(key: string, decaySeconds: number): Promise<{ hits: number; resetAt: number }> {
    const now = this.clock();
    const resetAt = now + decaySeconds * 1000;
    const row = await this.db
      .insertInto('throttle_hits')
      .values({ key, hits: 1, reset_at: resetAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`case when throttle_hits.reset_at <= ${now} then 1 else throttle_hits.hits + 1 end`,
          reset_at: sql<number>`case when throttle_hits.reset_at <= ${now} then ${resetAt} else throttle_hits.reset_at end`,
        }),
      )
      .returning(['hits', 'reset_at'])
      .executeTakeFirstOrThrow();
    return { hits: Number(row.hits), resetAt: Number(row.reset_at) };
  }

  /** Counts an attempt and throws 429 (with Retry-After) when it is over the limit. */
  async attempt(key: string, limit: ThrottleLimit): Promise<void> {
    const { hits, resetAt } = await this.hit(key, limit.decaySeconds);
    if (hits > limit.maxAttempts) throw tooManyRequests((resetAt - this.clock()) / 1000);
  }

  /** Takes one attempt back (a login that succeeded is no failure of its IP). */
  async refund(key: string): Promise<void> {
    await this.db
      .updateTable('throttle_hits')
      .set((eb) => ({ hits: eb('hits', '-', 1) }))
      .where('key', '=', key)
      .where('hits', '>', 0)
      .execute();
  }

  /** Forgets `key` (a successful login clears its failures). */
  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('throttle_hits').where('key', '=', key).execute();
  }

  /** Removes windows that have ended; run with the session pruning. */
  async prune(): Promise<void> {
    await this.db.deleteFrom('throttle_hits').where('reset_at', '<=', this.clock()).execute();
  }
}

/**
 * Throttles a request that mails `email` (register, password reset, guest order): per address and IP, and
 * per IP, so one client can neither flood a mailbox nor walk through many.
 */
export async function throttleMail(request: FastifyRequest, kind: string, email: string): Promise<void> {
  const { maxAttempts, perIp, decaySeconds } = request.server.config.mailThrottle;
  await request.server.throttle.attempt(`${kind}:${email}|${request.ip}`, { maxAttempts, decaySeconds });
  await request.server.throttle.attempt(`${kind}-ip:${request.ip}`, { maxAttempts: perIp, decaySeconds });
}
