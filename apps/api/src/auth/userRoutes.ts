import {
  IdParam,
  IdParams,
  Me,
  MessageErrorBody,
  Team,
  User,
  UserAdminBody,
  UserAttributeBody,
  ValidationErrorBody,
} from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { data, now } from '../http/envelope.js';
import { forbidden, notFound, unprocessable } from '../http/errors.js';
import { parseListQuery } from '../http/query.js';
import type { ZodTypeProvider } from '../http/zod.js';
import { authMessages, errorMessages } from '../messages.js';
import { sendVerificationMail } from './accountRoutes.js';
import { audit } from './audit.js';
import { currentUser, isAdmin, requireAdmin, requireAuth } from './guards.js';
import { meResource } from './me.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { loadAuthUser, startSession } from './session.js';
import { findUserByEmail, findUsers, teamsOfUsers, userResource } from './users.js';

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

/** Users, teams, one-attribute profile edits and impersonation. */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch(
    '/api/user/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['users'],
        summary: 'Changes one attribute of a user (yourself; admins anyone)',
        params: IdParams,
        body: UserAttributeBody,
        response: { 200: z.object({ data: User }), 403: MessageErrorBody, 422: ValidationErrorBody },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      if (id !== actor.id && !isAdmin(actor)) throw forbidden(errorMessages.selfOnly);
      const target = await app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      if (!target) throw notFound();
      const body = request.body;
      const at = now();
      switch (body.attribute) {
        case 'name':
        case 'photo_url':
          await app.db
            .updateTable('users')
            .set({ [body.attribute]: body.value, updated_at: at })
            .where('id', '=', id)
            .execute();
          break;
        case 'email': {
          if (body.value !== target.email) {
            const other = await findUserByEmail(app.db, body.value);
            if (other) throw unprocessable({ value: [authMessages.emailTaken] });
            await app.db
              .updateTable('users')
              .set({ email: body.value, email_verified_at: null, updated_at: at })
              .where('id', '=', id)
              .execute();
            await sendVerificationMail(app, { id, email: body.value, name: target.name });
          }
          break;
        }
        case 'password': {
          // Someone changing their own password proves they know it; an admin resetting another's does not.
          const ownChange = id === actor.id || request.impersonatorId !== null;
          if (ownChange && target.password_hash !== null) {
            const ok = await verifyPassword(target.password_hash, body.current_password ?? '');
            if (!ok) throw unprocessable({ current_password: [authMessages.wrongPassword] });
          }
          const passwordHash = await hashPassword(body.value, app.config.password);
          await app.db.transaction().execute(async (trx) => {
            await trx
              .updateTable('users')
              .set({ password_hash: passwordHash, updated_at: at })
              .where('id', '=', id)
              .execute();
            let others = trx.deleteFrom('sessions').where('user_id', '=', id);
            if (request.authSession) others = others.where('id', '!=', request.authSession.id);
            await others.execute();
          });
          break;
        }
      }
      const user = await loadAuthUser(app, id);
      if (!user) throw notFound();
      if (id === actor.id) request.user = user;
      return data(userResource(user, (await teamsOfUsers(app.db, [id])).get(id)));
    },
  );

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
      let users = await findUsers(app.db);
      const teams = await teamsOfUsers(
        app.db,
        users.map((u) => u.id),
      );
      const { name, email, is_admin, team_id } = query.filter;
      if (name !== undefined) users = users.filter((u) => u.name.toLowerCase().includes(name.toLowerCase()));
      if (email !== undefined) users = users.filter((u) => u.email.includes(email.toLowerCase()));
      if (is_admin !== undefined)
        users = users.filter((u) => (u.is_admin === 1) === ['1', 'true'].includes(is_admin));
      if (team_id !== undefined)
        users = users.filter((u) => teams.get(u.id)?.some((t) => String(t.id) === team_id));
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
      const user = await loadAuthUser(app, id);
      if (!user) throw notFound();
      return data(userResource(user, (await teamsOfUsers(app.db, [id])).get(id)));
    },
  );

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
      const target = await loadAuthUser(app, id);
      if (!target) throw notFound();
      if (id === actor.id && is_admin === false) throw unprocessable({ is_admin: [authMessages.ownAdmin] });
      if (team_ids) {
        const found = team_ids.length
          ? await app.db.selectFrom('teams').select('id').where('id', 'in', team_ids).execute()
          : [];
        if (found.length !== new Set(team_ids).size)
          throw unprocessable({ team_ids: [authMessages.noAccess('teamet')] });
      }
      await app.db.transaction().execute(async (trx) => {
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
      await audit(app.db, {
        actorId: actor.id,
        action: 'user.update',
        subjectType: 'user',
        subjectId: id,
        details: request.body,
        ip: request.ip,
      });
      const user = await loadAuthUser(app, id);
      if (!user) throw notFound();
      return data(userResource(user, (await teamsOfUsers(app.db, [id])).get(id)));
    },
  );

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
