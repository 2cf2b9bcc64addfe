import { IdParams } from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guards.js';
import { data } from '../http/envelope.js';
import { notFound } from '../http/errors.js';
import { parseListQuery } from '../http/query.js';
import type { ZodTypeProvider } from '../http/zod.js';
import { gatewayJson } from './relations.js';
import { requireViewer, type Viewer } from './scope.js';

function gatewayQuery(app: FastifyInstance, viewer: Viewer) {
  let q = app.db.selectFrom('gateways').selectAll('gateways');
  if (!viewer.isAdmin) {
    // A user sees the gateways their teams' devices talk through.
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('device_gateway')
          .innerJoin('device_team', 'device_team.device_id', 'device_gateway.device_id')
          .select('device_gateway.gateway_id')
          .whereRef('device_gateway.gateway_id', '=', 'gateways.id')
          .where('device_team.team_id', 'in', viewer.teamIds.length > 0 ? viewer.teamIds : [0]),
      ),
    );
  }
  return q;
}

export async function gatewayRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/gateway', { onRequest: requireAuth }, async (request) => {
    const viewer = await requireViewer(request);
    parseListQuery(request.query, {});
    const rows = await gatewayQuery(app, viewer).orderBy('gateways.title').execute();
    return data(rows.map(gatewayJson));
  });

  r.get('/api/v1/gateway/:id', { onRequest: requireAuth, schema: { params: IdParams } }, async (request) => {
    const viewer = await requireViewer(request);
    const row = await gatewayQuery(app, viewer)
      .where('gateways.id', '=', request.params.id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return data(gatewayJson(row));
  });
}
