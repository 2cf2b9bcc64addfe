import { Team } from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { data } from '../http/envelope.js';
import { parseListQuery } from '../http/query.js';
import type { ZodTypeProvider } from '../http/zod.js';
import { currentUser, isAdmin, requireAdmin, requireAuth } from './guards.js';

// include, sort and filter are checked by parseListQuery: 400 naming the allowed values.
const ListQuery = z.record(z.string(), z.unknown());

/** Teams, and the audit log of what admins did. */
export async function teamRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/team',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['users'],
        summary: 'Teams, sorted by name (admins: all; others: their own)',
        querystring: ListQuery,
        response: { 200: z.object({ data: z.array(Team) }) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const query = parseListQuery(request.query, {
        sort: ['name', 'id'],
        defaultSort: [{ field: 'name', direction: 'asc' }],
      });
      let teams = app.db.selectFrom('teams').select(['teams.id', 'teams.name']);
      if (!isAdmin(user)) {
        teams = teams
          .innerJoin('team_user', 'team_user.team_id', 'teams.id')
          .where('team_user.user_id', '=', user.id);
      }
      for (const { field, direction } of query.sort)
        teams = teams.orderBy(field === 'id' ? 'teams.id' : 'teams.name', direction);
      return data(await teams.execute());
    },
  );

  r.get(
    '/api/v1/audit-log',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Admin: the latest 200 audit entries (impersonation, role changes)',
        response: {
          200: z.object({
            data: z.array(
              z.object({
                id: z.number(),
                actor_id: z.number().nullable(),
                action: z.string(),
                subject_type: z.string().nullable(),
                subject_id: z.number().nullable(),
                details: z.unknown(),
                ip: z.string().nullable(),
                created_at: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async () => {
      const rows = await app.db
        .selectFrom('audit_log')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      return data(rows.map((row) => ({ ...row, details: row.details ? JSON.parse(row.details) : null })));
    },
  );
}
