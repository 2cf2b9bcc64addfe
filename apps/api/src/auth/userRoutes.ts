import { IdParams, MessageErrorBody, User, UserAdminBody, ValidationErrorBody } from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/types.js';
import { data, now } from '../http/envelope.js';
import { forbidden, notFound, unprocessable } from '../http/errors.js';
import { filterId, parseListQuery } from '../http/query.js';
import type { ZodApp, ZodTypeProvider } from '../http/zod.js';
import { authMessages } from '../messages.js';
import { announceAccessChange } from './accessChanges.js';
import { audit } from './audit.js';
import { currentUser, isAdmin, requireAdmin, requireAuth } from './guards.js';
import { loadAuthUser } from './session.js';
import { findUsers, teamsOfUsers, userResource } from './users.js';

// include, sort and filter are checked by parseListQuery: 400 naming the allowed values.
const ListQuery = z.record(z.string(), z.unknown());
const USER_QUERY = {
  include: ['teams'],
  sort: ['name', 'email', 'id', 'created_at'],
  filter: ['name', 'email', 'is_admin', 'team_id'],
  defaultSort: [{ field: 'name', direction: 'asc' }],
} as const;

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), 'sv');
}

/** Users as an admin sees them: the list, one user (also yourself) and role and team changes. */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerUserList(r);
  registerUserShow(r);
  registerUserUpdate(r);
}

function registerUserList(r: ZodApp) {
  r.get(
    '/api/v1/user',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Admin: every user, sorted by name; include=teams',
        querystring: ListQuery,
        response: { 200: z.object({ data: z.array(User) }) },
      },
    },
    async (request) => {
      const query = parseListQuery(request.query, USER_QUERY);
      let users = await findUsers(r.db);
      const teams = await teamsOfUsers(
        r.db,
        users.map((u) => u.id),
      );
      const { name, email, is_admin } = query.filter;
      const team_id = filterId(query.filter, 'team_id');
      if (name !== undefined) users = users.filter((u) => u.name.toLowerCase().includes(name.toLowerCase()));
      if (email !== undefined) users = users.filter((u) => u.email.includes(email.toLowerCase()));
      if (is_admin !== undefined)
        users = users.filter((u) => (u.is_admin === 1) === ['1', 'true'].includes(is_admin));
      if (team_id !== undefined) users = users.filter((u) => teams.get(u.id)?.some((t) => t.id === team_id));
      users.sort((a, b) => {
        for (const { field, direction } of query.sort) {
          const order = compare(a[field as keyof typeof a], b[field as keyof typeof b]);
          if (order !== 0) return direction === 'asc' ? order : -order;
        }
        return a.id - b.id;
      });
      return data(
        users.map((u) => userResource(u, query.include.has('teams') ? teams.get(u.id) : undefined)),
      );
    },
  );
}

function registerUserShow(r: ZodApp) {
  r.get(
    '/api/v1/user/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['users'],
        summary: 'One user with teams (yourself; admins anyone)',
        params: IdParams,
        response: { 200: z.object({ data: User }), 403: MessageErrorBody, 404: MessageErrorBody },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      if (id !== actor.id && !isAdmin(actor)) throw forbidden();
      const user = await loadAuthUser(r, id);
      if (!user) throw notFound();
      return data(userResource(user, (await teamsOfUsers(r.db, [id])).get(id)));
    },
  );
}

function registerUserUpdate(r: ZodApp) {
  r.patch(
    '/api/v1/user/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['users'],
        summary: "Admin: changes a user's role or teams",
        params: IdParams,
        body: UserAdminBody,
        response: { 200: z.object({ data: User }), 404: MessageErrorBody, 422: ValidationErrorBody },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const { is_admin, team_ids } = request.body;
      const target = await loadAuthUser(r, id);
      if (!target) throw notFound();
      if (id === actor.id && is_admin === false) throw unprocessable({ is_admin: [authMessages.ownAdmin] });
      if (team_ids) {
        const found = team_ids.length
          ? await r.db.selectFrom('teams').select('id').where('id', 'in', team_ids).execute()
          : [];
        if (found.length !== new Set(team_ids).size)
          throw unprocessable({ team_ids: [authMessages.noAccess('teamet')] });
      }
      await writeUserChange(r.db, id, is_admin, team_ids);
      await announceAccessChange(request.server, { kind: 'user', id });
      await audit(r.db, {
        actorId: actor.id,
        action: 'user.update',
        subjectType: 'user',
        subjectId: id,
        details: request.body,
        ip: request.ip,
      });
      const user = await loadAuthUser(r, id);
      if (!user) throw notFound();
      return data(userResource(user, (await teamsOfUsers(r.db, [id])).get(id)));
    },
  );
}

async function writeUserChange(
  db: Kysely<DB>,
  id: number,
  is_admin: boolean | undefined,
  team_ids: readonly number[] | undefined,
) {
  await db.transaction().execute(async (trx) => {
    if (is_admin !== undefined) {
      await trx
        .updateTable('users')
        .set({ is_admin: is_admin ? 1 : 0, updated_at: now() })
        .where('id', '=', id)
        .execute();
    }
    if (team_ids) {
      await trx.deleteFrom('team_user').where('user_id', '=', id).execute();
      for (const teamId of new Set(team_ids)) {
        await trx.insertInto('team_user').values({ team_id: teamId, user_id: id }).execute();
      }
    }
  });
}
