import { ALLOWED_QUERY, IdParams, Notification } from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { currentUser, requireAuth } from '../auth/guards.js';
import type { NotificationsTable } from '../db/tables/resources.js';
import { answers, dataOf } from '../http/answers.js';
import { data, now } from '../http/envelope.js';
import { notFound } from '../http/errors.js';
import { parseListQuery, type SortField } from '../http/query.js';
import type { ZodTypeProvider } from '../http/zod.js';

const ALLOWED = {
  ...ALLOWED_QUERY.notification,
  defaultSort: [{ field: 'created_at', direction: 'desc' }] as SortField[],
};

function notificationJson(n: Selectable<NotificationsTable>): Notification {
  return {
    id: n.id,
    level: n.level,
    title: n.title,
    body: n.body,
    read_at: n.read_at,
    created_at: n.created_at,
    alert_id: n.alert_id,
  };
}

/** The bell's notifications: each user sees only their own. */
export async function notificationRoutes(app: FastifyInstance) {
  const db = app.db;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/notification',
    {
      onRequest: requireAuth,
      schema: { response: answers({ 200: dataOf(z.array(Notification)) }, [400, 401]) },
    },
    async (request) => {
      const user = currentUser(request);
      const query = parseListQuery(request.query, ALLOWED);
      let q = db.selectFrom('notifications').selectAll().where('user_id', '=', user.id);
      if (query.filter.unread !== undefined && ['1', 'true'].includes(query.filter.unread)) {
        q = q.where('read_at', 'is', null);
      }
      if (query.filter.level !== undefined) q = q.where('level', '=', query.filter.level as 'warn');
      for (const s of query.sort) q = q.orderBy('created_at', s.direction);
      const rows = await q.orderBy('id', 'desc').limit(200).execute();
      return data(rows.map(notificationJson));
    },
  );

  r.post(
    '/api/v1/notification/:id/read',
    {
      onRequest: requireAuth,
      schema: { params: IdParams, response: answers({ 200: dataOf(Notification) }, [401, 404, 419]) },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await db
        .selectFrom('notifications')
        .selectAll()
        .where('id', '=', request.params.id)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (!row) throw notFound();
      const readAt = row.read_at ?? now();
      if (!row.read_at)
        await db.updateTable('notifications').set({ read_at: readAt }).where('id', '=', row.id).execute();
      return data(notificationJson({ ...row, read_at: readAt }));
    },
  );
}
