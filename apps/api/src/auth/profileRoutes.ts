import { IdParams, MessageErrorBody, User, UserAttributeBody, ValidationErrorBody } from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { UsersTable } from '../db/tables/auth.js';
import { data, now } from '../http/envelope.js';
import { forbidden, notFound, unprocessable } from '../http/errors.js';
import type { ZodTypeProvider } from '../http/zod.js';
import { authMessages, errorMessages } from '../messages.js';
import { announceAccessChange } from './accessChanges.js';
import { sendVerificationMail } from './accountRoutes.js';
import { audit } from './audit.js';
import { currentUser, isAdmin, requireAuth } from './guards.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { loadAuthUser } from './session.js';
import { findUserByEmail, teamsOfUsers, userResource } from './users.js';

type UserRow = Selectable<UsersTable>;

/** A new address is unverified until its link is opened: the mail goes to the new address. */
async function changeEmail(app: FastifyInstance, target: UserRow, email: string): Promise<void> {
  if (await findUserByEmail(app.db, email)) throw unprocessable({ value: [authMessages.emailTaken] });
  await app.db
    .updateTable('users')
    .set({ email, email_verified_at: null, updated_at: now() })
    .where('id', '=', target.id)
    .execute();
  await sendVerificationMail(app, { id: target.id, email, name: target.name });
}

/** A new password signs the user out everywhere but in the session that changed it. */
async function changePassword(
  app: FastifyInstance,
  id: number,
  password: string,
  keepSession: string | null,
) {
  const passwordHash = await hashPassword(password, app.config.password);
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now() })
      .where('id', '=', id)
      .execute();
    let others = trx.deleteFrom('sessions').where('user_id', '=', id);
    if (keepSession) others = others.where('id', '!=', keepSession);
    await others.execute();
  });
  await announceAccessChange(app, { kind: 'user', id });
}

/** 422 on `current_password` unless it is the user's password (nothing to check before one is set). */
async function checkCurrentPassword(target: UserRow, given: string | undefined): Promise<void> {
  if (target.password_hash === null) return;
  if (!given) throw unprocessable({ current_password: [authMessages.currentPasswordNeeded] });
  if (!(await verifyPassword(target.password_hash, given)))
    throw unprocessable({ current_password: [authMessages.wrongPassword] });
}

/** `PATCH /api/user/{id}`: one attribute of a user's profile at a time (yourself; admins anyone). */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
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
      // Someone changing their own password or e-mail proves they know the password; an admin changing
      // another's does not, and is audited instead.
      const ownChange = id === actor.id || request.impersonatorId !== null;
      if ((body.attribute === 'password' || body.attribute === 'email') && ownChange)
        await checkCurrentPassword(target, body.current_password);
      switch (body.attribute) {
        case 'name':
        case 'photo_url':
          await app.db
            .updateTable('users')
            .set({ [body.attribute]: body.value, updated_at: at })
            .where('id', '=', id)
            .execute();
          break;
        case 'email':
          if (body.value !== target.email) await changeEmail(app, target, body.value);
          break;
        case 'password':
          await changePassword(app, id, body.value, request.authSession?.id ?? null);
          break;
      }
      if (id !== actor.id || request.impersonatorId !== null)
        await audit(app.db, {
          actorId: request.impersonatorId ?? actor.id,
          action: 'user.profile',
          subjectType: 'user',
          subjectId: id,
          // What changed, never a password; an address from and to.
          details:
            body.attribute === 'email'
              ? { attribute: 'email', from: target.email, to: body.value }
              : { attribute: body.attribute },
          ip: request.ip,
        });
      const user = await loadAuthUser(app, id);
      if (!user) throw notFound();
      if (id === actor.id) request.user = user;
      return data(userResource(user, (await teamsOfUsers(app.db, [id])).get(id)));
    },
  );
}
