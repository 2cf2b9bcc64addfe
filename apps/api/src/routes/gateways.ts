import { Gateway, IdParams } from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/guards.js';
import { gatewayQuery, requireViewer } from '../auth/scope.js';
import { answers, dataOf } from '../http/answers.js';
import { data } from '../http/envelope.js';
import { notFound } from '../http/errors.js';
import { parseListQuery } from '../http/query.js';
import type { ZodTypeProvider } from '../http/zod.js';
import { gatewayJson } from './relations.js';

export async function gatewayRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/gateway',
    { onRequest: requireAuth, schema: { response: answers({ 200: dataOf(z.array(Gateway)) }, [400, 401]) } },
    async (request) => {
      const viewer = await requireViewer(request);
      parseListQuery(request.query, {});
      const rows = await gatewayQuery(app.db, viewer).orderBy('gateways.title').execute();
      return data(rows.map(gatewayJson));
    },
  );

  r.get(
    '/api/v1/gateway/:id',
    {
      onRequest: requireAuth,
      schema: { params: IdParams, response: answers({ 200: dataOf(Gateway) }, [401, 404]) },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      const row = await gatewayQuery(app.db, viewer)
        .where('gateways.id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw notFound();
      return data(gatewayJson(row));
    },
  );
}
