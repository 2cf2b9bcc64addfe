import type { Kysely } from 'kysely';
import { notifyEach } from '../db/channels.js';
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
  await notifyEach(trx, READINGS_CHANNEL, payloads);
}

export function parseNotification(payload: string): Reading[] {
  return payload.split(';').map((part) => {
    const [sensor, ts, value] = part.split(',');
    return { sensor_id: Number(sensor), ts: Number(ts), value: Number(value) };
  });
}
