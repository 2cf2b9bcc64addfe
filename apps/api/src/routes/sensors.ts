import { ALLOWED_QUERY, IdParams, Sensor } from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/guards.js';
import { requireViewer, visibleSensor } from '../auth/scope.js';
import { answers, dataOf } from '../http/answers.js';
import { data } from '../http/envelope.js';
import { notFound } from '../http/errors.js';
import { filterId, parseListQuery, type SortField } from '../http/query.js';
import type { ZodTypeProvider } from '../http/zod.js';
import { sensorJson } from './relations.js';

const ALLOWED = {
  ...ALLOWED_QUERY.sensor,
  defaultSort: [{ field: 'name', direction: 'asc' }] as SortField[],
};

/** Sensors of the devices the user may see (spec §7 `GET /api/v1/sensor`). */
export async function sensorRoutes(app: FastifyInstance) {
  const db = app.db;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/sensor',
    { onRequest: requireAuth, schema: { response: answers({ 200: dataOf(z.array(Sensor)) }, [400, 401]) } },
    async (request) => {
      const viewer = await requireViewer(request);
      const query = parseListQuery(request.query, ALLOWED);
      let q = db.selectFrom('sensors').selectAll('sensors');
      if (!viewer.isAdmin) {
        q = q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('device_team')
              .select('device_team.device_id')
              .whereRef('device_team.device_id', '=', 'sensors.device_id')
              .where('device_team.team_id', 'in', viewer.teamIds.length > 0 ? viewer.teamIds : [0]),
          ),
        );
      }
      const deviceId = filterId(query.filter, 'device_id');
      if (deviceId !== undefined) q = q.where('sensors.device_id', '=', deviceId);
      if (query.filter.type !== undefined)
        q = q.where('sensors.type', '=', query.filter.type as 'temperature');
      for (const s of query.sort) q = q.orderBy(`sensors.${s.field as 'name' | 'type'}`, s.direction);
      const rows = await q.orderBy('sensors.id').execute();
      return data(rows.map(sensorJson));
    },
  );

  r.get(
    '/api/v1/sensor/:id',
    {
      onRequest: requireAuth,
      schema: { params: IdParams, response: answers({ 200: dataOf(Sensor) }, [401, 404]) },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      const sensor = await visibleSensor(db, viewer, request.params.id);
      if (!sensor) throw notFound();
      return data(sensorJson(sensor));
    },
  );
}
