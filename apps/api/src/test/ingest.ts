import type { FastifyInstance } from 'fastify';
import { knownSensorsItem } from '../ingest/writer.js';
import type { Reading } from '../measurements/store.js';

/** Stores readings of known sensors the way every reading gets in: through the app's ingestion queue. */
export async function ingestReadings(app: FastifyInstance, readings: readonly Reading[]): Promise<void> {
  const rows = await app.db
    .selectFrom('sensors')
    .select(['id', 'device_id'])
    .where(
      'id',
      'in',
      readings.map((r) => r.sensor_id),
    )
    .execute();
  const deviceOf = new Map(rows.map((row) => [row.id, row.device_id]));
  await Promise.all(
    readings.map((r) => app.ingest.queue.enqueue(knownSensorsItem(deviceOf.get(r.sensor_id)!, [r]))),
  );
}
