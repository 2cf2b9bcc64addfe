import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { pendingMigrations } from '../db/database.js';
import type { ZodTypeProvider } from './zod.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on SIGTERM: `/api/ready` answers 503 while requests in flight finish. */
    draining: boolean;
  }
}

const CHECK_TIMEOUT_MS = 2000;

type CheckResult = 'ok' | 'not configured' | string;

/** `work`'s answer, or a failure after two seconds: a hung database must not hang the probe. */
async function within<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Each readiness check's outcome: 'ok', 'not configured', or what is wrong. */
async function readiness(app: FastifyInstance): Promise<Record<string, CheckResult>> {
  const checks: Record<string, CheckResult> = {};
  try {
    await within(sql`select 1`.execute(app.db));
    checks.database = 'ok';
  } catch (error) {
    checks.database = `unreachable: ${(error as Error).message}`;
  }
  if (checks.database === 'ok') {
    try {
      const pending = await within(pendingMigrations(app.db));
      checks.migrations = pending.length === 0 ? 'ok' : `pending: ${pending.join(', ')}`;
    } catch (error) {
      checks.migrations = `unknown: ${(error as Error).message}`;
    }
  } else checks.migrations = 'unknown: no database';
  if (!app.config.mqtt.url) checks.broker = 'not configured';
  else checks.broker = app.ingest.mqtt?.connected ? 'ok' : 'disconnected';
  if (app.draining) checks.server = 'shutting down';
  return checks;
}

const Checks = z.record(z.string(), z.string());

/**
 * `GET /api/health`: the process is alive (answers without touching the database, so a database outage
 * does not get healthy processes restarted). `GET /api/ready`: it can serve: the database answers, its
 * schema is current, the broker is connected when one is configured, and it is not shutting down.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers',
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) }) },
      },
    },
    async () => ({ status: 'ok' as const, database: app.dialect }),
  );
  r.get(
    '/api/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: database reachable, migrations current, broker connected, not shutting down',
        response: {
          200: z.object({ status: z.literal('ready'), checks: Checks }),
          503: z.object({ status: z.literal('not ready'), checks: Checks }),
        },
      },
    },
    async (_request, reply) => {
      const checks = await readiness(app);
      const ready = Object.values(checks).every((c) => c === 'ok' || c === 'not configured');
      if (ready) return { status: 'ready' as const, checks };
      return reply.code(503).send({ status: 'not ready' as const, checks });
    },
  );
}
