import { IdParam, IdParams, Me, MessageErrorBody } from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { data } from '../http/envelope.js';
import { forbidden, notFound } from '../http/errors.js';
import type { ZodTypeProvider } from '../http/zod.js';
import { errorMessages } from '../messages.js';
import { audit } from './audit.js';
import { currentUser, requireAdmin, requireAuth } from './guards.js';
import { meResource } from './me.js';
import { loadAuthUser, startSession } from './session.js';

/** An admin acting as another user, and back; both audit-logged. */
export async function impersonationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/user/:id/impersonate',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Admin: act as another (non-admin) user; audit-logged',
        params: IdParams,
        response: { 200: z.object({ data: Me }), 403: MessageErrorBody, 404: MessageErrorBody },
      },
    },
    async (request, reply) => {
      const admin = currentUser(request);
      const target = await loadAuthUser(app, request.params.id);
      if (!target) throw notFound();
      if (target.is_admin === 1) throw forbidden(errorMessages.impersonateAdmin);
      await startSession(request, reply, {
        userId: target.id,
        impersonatorId: admin.id,
        remember: request.authSession?.remember ?? false,
      });
      await audit(app.db, {
        actorId: admin.id,
        action: 'impersonate.start',
        subjectType: 'user',
        subjectId: target.id,
        ip: request.ip,
      });
      return data(await meResource(request));
    },
  );

  r.post(
    '/api/v1/user/:user_id/impersonate/revert',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['users'],
        summary: "Ends impersonation; user_id is the impersonating admin's id",
        params: z.object({ user_id: IdParam }),
        response: { 200: z.object({ data: Me }), 403: MessageErrorBody },
      },
    },
    async (request, reply) => {
      const impersonated = currentUser(request);
      const adminId = request.impersonatorId;
      if (adminId === null || adminId !== request.params.user_id)
        throw forbidden(errorMessages.notImpersonating);
      await startSession(request, reply, {
        userId: adminId,
        remember: request.authSession?.remember ?? false,
      });
      await audit(app.db, {
        actorId: adminId,
        action: 'impersonate.stop',
        subjectType: 'user',
        subjectId: impersonated.id,
        ip: request.ip,
      });
      return data(await meResource(request));
    },
  );
}
