import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { embedAllows } from '../auth/embedAuth.js';
import { requireViewer, visibleDeviceIds } from '../auth/scope.js';
import type { SensorsTable } from '../db/tables/resources.js';
import { notFound } from '../http/errors.js';

export type SensorRow = Selectable<SensorsTable>;

/**
 * The sensors among `sensorIds` the request may read, by id: a signed-in user's through their teams (admins:
 * all), an embed token's through a device it names or a panel it names that shows the sensor, and only
 * while the token's creator can read the sensor's device themselves. Sensors that
 * do not exist or may not be read are absent. A fixed number of queries however many ids, plus one per
 * panel the token names that shows one of them.
 */
export async function readableSensors(
  request: FastifyRequest,
  sensorIds: readonly number[],
): Promise<Map<number, SensorRow>> {
  const db = request.server.db;
  const readable = new Map<number, SensorRow>();
  const unique = [...new Set(sensorIds)];
  if (unique.length === 0) return readable;
  const sensors = await db.selectFrom('sensors').selectAll().where('id', 'in', unique).execute();

  if (request.user) {
    const viewer = await requireViewer(request);
    const devices = await visibleDeviceIds(
      db,
      viewer,
      sensors.map((s) => s.device_id),
    );
    for (const sensor of sensors) if (devices.has(sensor.device_id)) readable.set(sensor.id, sensor);
    return readable;
  }

  const embed = request.embedScope;
  if (!embed) return readable;
  // A token never reads more than its creator can read now.
  const creatorDevices = await visibleDeviceIds(
    db,
    embed.creator,
    sensors.map((s) => s.device_id),
  );
  const rest: SensorRow[] = [];
  for (const sensor of sensors) {
    if (!creatorDevices.has(sensor.device_id)) continue;
    if (embed.allows({ kind: 'device', id: sensor.device_id })) readable.set(sensor.id, sensor);
    else rest.push(sensor);
  }
  if (rest.length === 0) return readable;
  const restIds = rest.map((s) => s.id);
  const shown = await db
    .selectFrom('panels')
    .select(['panels.id as panel_id', 'panels.sensor_id'])
    .where('panels.sensor_id', 'in', restIds)
    .unionAll((eb) =>
      eb
        .selectFrom('line_chart_items')
        .select(['line_chart_items.panel_id', 'line_chart_items.sensor_id'])
        .where('line_chart_items.sensor_id', 'in', restIds),
    )
    .execute();
  const byId = new Map(rest.map((s) => [s.id, s]));
  for (const { panel_id, sensor_id } of shown) {
    const sensor = sensor_id === null ? undefined : byId.get(sensor_id);
    if (sensor && (await embedAllows(request, { kind: 'panel', id: panel_id })))
      readable.set(sensor.id, sensor);
  }
  return readable;
}

/** The sensor, if the request may read it (see `readableSensors`); 404 otherwise, as for a missing one. */
export async function readableSensor(request: FastifyRequest, sensorId: number): Promise<SensorRow> {
  const sensor = (await readableSensors(request, [sensorId])).get(sensorId);
  if (!sensor) throw notFound();
  return sensor;
}
