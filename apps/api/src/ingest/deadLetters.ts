import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';

export interface DeadLetter {
  source: 'mqtt';
  /** The device id the message named (normalised), when it could be read. */
  eui: string | undefined;
  reason: string;
  topic: string;
}

/**
 * Counts a message that can never be stored (issue 24): per way in, device and reason, so a device's page
 * can say what it sends that is refused, and a flood of bad messages adds to a count rather than rows.
 */
export async function recordDeadLetter(db: Kysely<DB>, letter: DeadLetter): Promise<void> {
  const device = letter.eui
    ? await db
        .selectFrom('devices')
        .select('id')
        .where('external_device_id', '=', letter.eui)
        .executeTakeFirst()
    : undefined;
  const at = new Date().toISOString();
  const deviceId = device?.id ?? null;
  const topic = letter.topic.slice(0, 200);
  await db
    .insertInto('ingest_dead_letters')
    .values({
      key: `${letter.source}|${deviceId ?? ''}|${letter.reason}`,
      device_id: deviceId,
      source: letter.source,
      reason: letter.reason,
      topic,
      count: 1,
      first_at: at,
      last_at: at,
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        count: eb('ingest_dead_letters.count', '+', 1),
        last_at: at,
        topic,
      })),
    )
    .execute();
}
