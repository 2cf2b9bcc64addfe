import { IdParams, MeasurementQuery } from '@matnat/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { embedAllows } from '../auth/embedTokens.js';
import { requireUserOrEmbed } from '../auth/guards.js';
import { data } from '../http/envelope.js';
import { notFound } from '../http/errors.js';
import type { ZodTypeProvider } from '../http/zod.js';
import { queryBuckets } from '../measurements/query.js';
import { INTERVAL_MS, resolveRange } from '../measurements/ranges.js';
import { latestReading } from '../measurements/store.js';
import { requireViewer, visibleSensor } from './scope.js';

/**
 * The sensor, if the request may read it: a signed-in user through their teams, an embed token through a
 * device it names or a panel (of its creator) that shows the sensor.
 */
async function readableSensor(request: FastifyRequest, sensorId: number) {
  const db = request.server.db;
  if (request.user) {
    const sensor = await visibleSensor(db, await requireViewer(request), sensorId);
    if (!sensor) throw notFound();
    return sensor;
  }
  const sensor = await db.selectFrom('sensors').selectAll().where('id', '=', sensorId).executeTakeFirst();
  if (!sensor) throw notFound();
  if (embedAllows(request, { kind: 'device', id: sensor.device_id })) return sensor;
  const panels = await db
    .selectFrom('panels')
    .select('panels.id')
    .where((eb) =>
      eb.or([
        eb('panels.sensor_id', '=', sensorId),
        eb.exists(
          eb
            .selectFrom('line_chart_items')
            .select('line_chart_items.id')
            .whereRef('line_chart_items.panel_id', '=', 'panels.id')
            .where('line_chart_items.sensor_id', '=', sensorId),
        ),
      ]),
    )
    .execute();
  if (panels.some((p) => embedAllows(request, { kind: 'panel', id: p.id }))) return sensor;
  throw notFound();
}

export async function measurementRoutes(app: FastifyInstance) {
  const db = app.db;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/sensor/:id/measurements',
    { onRequest: requireUserOrEmbed, schema: { params: IdParams, querystring: MeasurementQuery } },
    async (request) => {
      const sensor = await readableSensor(request, request.params.id);
      const q = request.query;
      const range =
        q.from !== undefined && q.to !== undefined
          ? { from: Date.parse(q.from), to: Date.parse(q.to) }
          : resolveRange(q.range_slug ?? 'prev_5_days', Date.now());
      const series = await queryBuckets(db, sensor.id, {
        from: range.from,
        to: range.to,
        intervalMs: INTERVAL_MS[q.interval_slug],
        maxPoints: q.max_points,
      });
      return data(series);
    },
  );

  r.get(
    '/api/v1/sensor/:id/latest',
    { onRequest: requireUserOrEmbed, schema: { params: IdParams } },
    async (request) => {
      const sensor = await readableSensor(request, request.params.id);
      const latest = await latestReading(db, sensor.id);
      // The unit travels with the reading so a panel given only a sensor id can show it.
      return data(latest.value === null ? null : { ...latest, unit: sensor.unit });
    },
  );
}
