import { type Kysely, sql } from 'kysely';
import pg from 'pg';

/**
 * Announces payloads on a PostgreSQL channel inside the caller's transaction, in one round trip:
 * PostgreSQL delivers a NOTIFY only when its transaction commits, so no listener hears of a change that
 * was rolled back.
 */
export async function notifyEach<T>(
  trx: Kysely<T>,
  channel: string,
  payloads: readonly string[],
): Promise<void> {
  if (payloads.length === 0) return;
  await sql`select pg_notify(${channel}, p) from unnest(${payloads}::text[]) as p`.execute(trx);
}

/** The process's one LISTEN connection; each module adds the channels it owns before `start`. */
export interface ChannelListener {
  on(channel: string, handler: (payload: string) => void): void;
  /** Connects and LISTENs; resolves once every channel added so far is listened to. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * One connection per process that LISTENs to every channel a module added (readings, alert messages,
 * alert changes), so an SSE stream hears what any process stored. Reconnects a second after a lost
 * connection.
 */
export function createChannelListener(databaseUrl: string, onError: (error: Error) => void): ChannelListener {
  const handlers = new Map<string, (payload: string) => void>();
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (message) => {
      if (message.payload) handlers.get(message.channel)?.(message.payload);
    });
    c.on('error', (error) => {
      onError(error);
      c.end().catch(() => {});
      if (client === c) client = null;
      if (!stopped) retry = setTimeout(() => void connect().catch(onError), 1000);
    });
    await c.connect();
    for (const channel of handlers.keys()) await c.query(`LISTEN ${channel}`);
    if (stopped) await c.end();
    else client = c;
  };
  return {
    on: (channel, handler) => void handlers.set(channel, handler),
    start: connect,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
