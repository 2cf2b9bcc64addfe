import { coarsenPosition, TemperatureMap } from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import { answers } from '../http/answers.js';
import { latestReadings } from '../measurements/store.js';

/**
 * Issue 26: an owner's opt-out is immediate — a browser asks again on every load (no-cache), never
 * keeping an answer that still shows a device switched off; unchanged, that costs a 304.
 */
const PUBLIC_MAP_CACHE_CONTROL = 'public, no-cache';

export async function publicMapRoutes(app: FastifyInstance) {
  const db = app.db;

  app.get(
    '/api/v1/public/temperature-map',
    { schema: { response: answers({ 200: TemperatureMap }) } },
    async (request, reply) =>
      // One answer for every caller within a window (an access change, e.g. a device's opt-in switched,
      // drops it at once); an ETag answers a browser that has it with 304.
      app.sharedAnswers.send(
        request,
        reply,
        'public-map',
        PUBLIC_MAP_CACHE_CONTROL,
        async () => reply.serialize(await temperatureMap(db)) as string,
      ),
  );
}

/**
 * The public temperature map (guest): every device its team showed on the public map (issue 26: opt-in,
 * `is_public`, "Visa på den publika kartan") with a position and a temperature sensor, as a
 * GeoJSON FeatureCollection with its latest reading, each position rounded to the device's public grid.
 * Devices without lat or lng are left out (spec §3).
 */
async function temperatureMap(db: FastifyInstance['db']): Promise<TemperatureMap> {
  const rows = await db
    .selectFrom('devices')
    .innerJoin('sensors', (join) =>
      join.onRef('sensors.device_id', '=', 'devices.id').on('sensors.type', '=', 'temperature'),
    )
    .select([
      'devices.id',
      'devices.title',
      'devices.external_device_id',
      'devices.lat',
      'devices.lng',
      'devices.public_grid_m',
      'devices.default_sensor_id',
      'sensors.id as sensor_id',
      'sensors.unit',
    ])
    .where('devices.is_public', '=', 1)
    .where('devices.lat', 'is not', null)
    .where('devices.lng', 'is not', null)
    .orderBy('devices.id')
    .orderBy('sensors.id')
    .execute();
  // One spear, one feature: the default sensor when it measures temperature, else the first one.
  const chosen = new Map<number, (typeof rows)[number]>();
  for (const row of rows) {
    const current = chosen.get(row.id);
    if (
      !current ||
      (row.sensor_id === row.default_sensor_id && current.sensor_id !== row.default_sensor_id)
    ) {
      chosen.set(row.id, row);
    }
  }
  const latest = await latestReadings(
    db,
    [...chosen.values()].map((r) => r.sensor_id),
  );
  return {
    type: 'FeatureCollection',
    features: [...chosen.values()].map((row) => {
      const reading = latest.get(row.sensor_id);
      // Issue 26: never the exact position, whoever asks — the nearest point of the device's grid.
      const { lat, lng } = coarsenPosition(Number(row.lat), Number(row.lng), Number(row.public_grid_m));
      return {
        type: 'Feature',
        id: row.id,
        geometry: { type: 'Point', coordinates: [lng, lat] },
        properties: {
          device_id: row.id,
          title: row.title,
          external_device_id: row.external_device_id,
          temperature: reading?.value ?? null,
          unit: row.unit,
          measured_at: reading ? new Date(reading.ts).toISOString() : null,
        },
      };
    }),
  };
}
