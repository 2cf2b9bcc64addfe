import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { ReadingBus } from '../events.js';
import type { Reading } from '../measurements/store.js';

/** The PostgreSQL channel committed readings are announced on, to every API process. */
export const READINGS_CHANNEL = 'matnat_readings';
// NOTIFY payloads must stay under 8000 bytes: ~30 bytes a reading as `sensor,ts,value;`.
const READINGS_PER_NOTIFY = 200;

/**
 * Announces readings inside the writing transaction: PostgreSQL delivers a NOTIFY only when its
 * transaction commits, so listeners never hear of a reading that was rolled back.
 */
export async function notifyReadings<T>(trx: Kysely<T>, readings: readonly Reading[]): Promise<void> {
  if (readings.length === 0) return;
  const payloads: string[] = [];
  for (let i = 0; i < readings.length; i += READINGS_PER_NOTIFY) {
    payloads.push(
      readings
        .slice(i, i + READINGS_PER_NOTIFY)
        .map((r) => `${r.sensor_id},${Math.trunc(r.ts)},${r.value}`)
        .join(';'),
    );
  }
  // One round trip for the whole batch.
  await sql`select pg_notify(${READINGS_CHANNEL}, p) from unnest(${payloads}::text[]) as p`.execute(trx);
}

export function parseNotification(payload: string): Reading[] {
  return payload.split(';').map((part) => {
    const [sensor, ts, value] = part.split(',');
    return { sensor_id: Number(sensor), ts: Number(ts), value: Number(value) };
  });
}

/**
 * One connection per process that LISTENs and hands every announced reading (its own process's too) to
 * the local bus, so an SSE stream hears readings whichever process stored them; `channels` adds other
 * channels on the same connection (the alert messages). Reconnects after a lost connection; returns the
 * function that stops listening.
 */
export function listenForReadings(
  databaseUrl: string,
  bus: ReadingBus,
  onError: (error: Error) => void = () => {},
  channels: Record<string, (payload: string) => void> = {},
): { ready: Promise<void>; stop(): Promise<void> } {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (message) => {
      if (!message.payload) return;
      if (message.channel === READINGS_CHANNEL) bus.publish(parseNotification(message.payload));
      else channels[message.channel]?.(message.payload);
    });
    c.on('error', (error) => {
      onError(error);
      c.end().catch(() => {});
      if (client === c) client = null;
      if (!stopped) retry = setTimeout(() => void connect().catch(onError), 1000);
    });
    await c.connect();
    for (const channel of [READINGS_CHANNEL, ...Object.keys(channels)]) await c.query(`LISTEN ${channel}`);
    if (stopped) await c.end();
    else client = c;
  };
  return {
    ready: connect(),
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
