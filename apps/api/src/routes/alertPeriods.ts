import { IdParams, RangeWindowQuery, SensorAlertPeriods, sensorKind } from '@matnat/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { requireUserOrEmbed } from '../auth/guards.js';
import { requireViewer, type Viewer } from '../auth/scope.js';
import type { DB } from '../db/types.js';
import { answers, dataOf } from '../http/answers.js';
import { data } from '../http/envelope.js';
import type { ZodTypeProvider } from '../http/zod.js';
import { alertQuery } from './alerts.js';
import { queryRange } from './measurements.js';
import { readableSensor, type SensorRow } from './sensorAccess.js';

type Sensor = Pick<SensorRow, 'id' | 'device_id' | 'key' | 'type'>;

/** The enabled alerts the viewer may read with a condition on the sensor (itself, or its device's kind). */
async function watchingAlerts(db: Kysely<DB>, viewer: Viewer, sensor: Sensor) {
  const kind = sensorKind(sensor);
  const rows = await alertQuery(db, viewer)
    .innerJoin('alert_conditions as c', 'c.alert_id', 'alerts.id')
    .select(['c.operator', 'c.threshold', 'c.clear_threshold'])
    .where('alerts.is_enabled', '=', 1)
    .where((eb) =>
      eb.or([
        eb('c.sensor_id', '=', sensor.id),
        eb.and([eb('c.device_id', '=', sensor.device_id), eb('c.sensor_key', '=', kind)]),
      ]),
    )
    .orderBy('alerts.id')
    .orderBy('c.id')
    .execute();
  const alerts = new Map<number, { alert_id: number; name: string; limits: Limit[] }>();
  for (const row of rows) {
    const alert = alerts.get(row.id) ?? { alert_id: row.id, name: row.name, limits: [] };
    alert.limits.push({
      operator: row.operator,
      threshold: Number(row.threshold),
      clear_threshold: row.clear_threshold === null ? null : Number(row.clear_threshold),
    });
    alerts.set(row.id, alert);
  }
  return [...alerts.values()];
}

type Limit = { operator: '>' | '>=' | '<' | '<='; threshold: number; clear_threshold: number | null };

/**
 * The value-firing episodes of the alerts on the sensor that overlap `[from, to)`: each from its `firing`
 * to its `resolved`, or open (`to: null`) while its state is still that episode's firing or acknowledged.
 * An episode neither resolved nor current (its alert was changed meanwhile) is left out.
 */
async function firingPeriods(
  db: Kysely<DB>,
  alertIds: readonly number[],
  sensorId: number,
  range: { from: number; to: number },
) {
  if (alertIds.length === 0) return [];
  const from = new Date(range.from).toISOString();
  const to = new Date(range.to).toISOString();
  return db
    .selectFrom('alert_history as f')
    .leftJoin('alert_history as r', (join) =>
      join
        .onRef('r.alert_id', '=', 'f.alert_id')
        .onRef('r.sensor_id', '=', 'f.sensor_id')
        .onRef('r.kind', '=', 'f.kind')
        .onRef('r.episode', '=', 'f.episode')
        .on('r.event', '=', 'resolved'),
    )
    .leftJoin('alert_states as s', (join) =>
      join
        .onRef('s.alert_id', '=', 'f.alert_id')
        .onRef('s.sensor_id', '=', 'f.sensor_id')
        .onRef('s.kind', '=', 'f.kind')
        .onRef('s.episode', '=', 'f.episode')
        .on('s.state', 'in', ['firing', 'acknowledged']),
    )
    .select(['f.alert_id', 'f.at as from', 'r.at as to'])
    .where('f.alert_id', 'in', alertIds)
    .where('f.sensor_id', '=', sensorId)
    .where('f.kind', '=', 'value')
    .where('f.event', '=', 'firing')
    .where('f.at', '<', to)
    .where((eb) =>
      eb.or([eb('r.at', '>', from), eb.and([eb('r.at', 'is', null), eb('s.alert_id', 'is not', null)])]),
    )
    .orderBy('f.at')
    .execute();
}

/** The alerts watching the sensor that the viewer may read, with their limits and firing periods in the range. */
async function sensorAlertPeriods(
  db: Kysely<DB>,
  viewer: Viewer,
  sensor: Sensor,
  range: { from: number; to: number },
) {
  const alerts = await watchingAlerts(db, viewer, sensor);
  const periods = await firingPeriods(
    db,
    alerts.map((a) => a.alert_id),
    sensor.id,
    range,
  );
  return alerts.map((alert) => ({
    ...alert,
    periods: periods
      .filter((p) => p.alert_id === alert.alert_id)
      .map((p) => ({ from: p.from, to: p.to ?? null })),
  }));
}

/** Whose alerts a request sees: the signed-in user's teams', or an embed token's creator's (as for readings). */
async function viewerOf(request: FastifyRequest): Promise<Viewer> {
  return request.embedScope && !request.user ? request.embedScope.creator : requireViewer(request);
}

/** `GET /api/v1/sensor/:id/alert-periods`: the alert limits and firing periods drawn on a sensor's chart (issue 21). */
export async function alertPeriodRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/sensor/:id/alert-periods',
    {
      onRequest: requireUserOrEmbed,
      schema: {
        tags: ['readings'],
        summary: 'The alerts watching a sensor, with their limits and the periods they fired in a range',
        params: IdParams,
        querystring: RangeWindowQuery,
        response: answers({ 200: dataOf(SensorAlertPeriods) }, [401, 403, 404, 422]),
      },
    },
    async (request) => {
      const sensor = await readableSensor(request, request.params.id);
      const range = queryRange(request.query);
      const alerts = await sensorAlertPeriods(r.db, await viewerOf(request), sensor, range);
      return data({
        sensor_id: sensor.id,
        from: new Date(range.from).toISOString(),
        to: new Date(range.to).toISOString(),
        alerts,
      });
    },
  );
}
