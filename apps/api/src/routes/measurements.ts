import {
  DEFAULT_EXPECTED_INTERVAL_S,
  DEFAULT_RANGE_SLUG,
  IdParams,
  INTERVAL_MS,
  LatestMeasurement,
  MeasurementBuckets,
  MeasurementQuery,
  type RangeSlug,
  resolveRange,
  type TimeRange,
} from '@matnat/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUserOrEmbed } from '../auth/guards.js';
import { answers, dataOf } from '../http/answers.js';
import { data } from '../http/envelope.js';
import { EMBED_CACHE_CONTROL, warmHits } from '../http/sharedAnswers.js';
import type { ZodTypeProvider } from '../http/zod.js';
import { queryBuckets } from '../measurements/query.js';
import { latestReading } from '../measurements/store.js';
import { readableSensor } from './sensorAccess.js';

/** The instants a query's window or range slug covers now (the default range without either). */
export function queryRange(
  q: { range_slug?: RangeSlug; from?: string; to?: string },
  now = Date.now(),
): TimeRange {
  return q.from !== undefined && q.to !== undefined
    ? { from: Date.parse(q.from), to: Date.parse(q.to) }
    : resolveRange(q.range_slug ?? DEFAULT_RANGE_SLUG, now);
}

// Every viewer of a partner's panel asks the same: one answer a token and URL (sensor and query) per window.
const measurementsKey = (request: FastifyRequest) =>
  request.embedScope ? `measurements|token:${request.embedScope.tokenId}|${request.url}` : null;
const latestKey = (request: FastifyRequest) =>
  request.embedScope ? `latest|token:${request.embedScope.tokenId}|${request.url}` : null;

export async function measurementRoutes(app: FastifyInstance) {
  const db = app.db;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/sensor/:id/measurements',
    {
      onRequest: [requireUserOrEmbed, warmHits(measurementsKey, EMBED_CACHE_CONTROL)],
      schema: {
        params: IdParams,
        querystring: MeasurementQuery,
        response: answers({ 200: dataOf(MeasurementBuckets) }, [401, 403, 404, 422]),
      },
    },
    async (request, reply) => {
      const load = async (now: number) => {
        const sensor = await readableSensor(request, request.params.id);
        const q = request.query;
        const range = queryRange(q, now);
        return data(
          await queryBuckets(db, sensor.id, {
            from: range.from,
            to: range.to,
            intervalMs: INTERVAL_MS[q.interval_slug],
            maxPoints: q.max_points,
          }),
        );
      };
      const key = measurementsKey(request);
      if (key === null) return load(Date.now());
      return app.sharedAnswers.send(
        request,
        reply,
        key,
        EMBED_CACHE_CONTROL,
        async (end) => reply.serialize(await load(end)) as string,
      );
    },
  );

  r.get(
    '/api/v1/sensor/:id/latest',
    {
      onRequest: [requireUserOrEmbed, warmHits(latestKey, EMBED_CACHE_CONTROL)],
      schema: {
        params: IdParams,
        response: answers({ 200: dataOf(LatestMeasurement.nullable()) }, [401, 403, 404]),
      },
    },
    async (request, reply) => {
      const load = async () => {
        const sensor = await readableSensor(request, request.params.id);
        const latest = await latestReading(db, sensor.id);
        if (latest.value === null) return data(null);
        // The unit and the device's expected interval travel with the reading, so a panel given only a
        // sensor id can show it and tell when it is stale (issue 21).
        const device = await db
          .selectFrom('devices')
          .select('expected_interval_s')
          .where('id', '=', sensor.device_id)
          .executeTakeFirst();
        const expected_interval_s = device?.expected_interval_s ?? DEFAULT_EXPECTED_INTERVAL_S;
        return data({ ...latest, unit: sensor.unit, expected_interval_s });
      };
      const key = latestKey(request);
      if (key === null) return load();
      return app.sharedAnswers.send(
        request,
        reply,
        key,
        EMBED_CACHE_CONTROL,
        async () => reply.serialize(await load()) as string,
      );
    },
  );
}
