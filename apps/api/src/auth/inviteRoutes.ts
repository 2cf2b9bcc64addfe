import {
  Invite,
  InviteAcceptBody,
  InviteCreateBody,
  InviteLookup,
  Me,
  MessageErrorBody,
  ValidationErrorBody,
} from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { z } from 'zod';
import type { InvitesTable } from '../db/tables/auth.js';
import type { DB } from '../db/types.js';
import { data, now } from '../http/envelope.js';
import { notFound, unprocessable } from '../http/errors.js';
import type { ZodApp, ZodTypeProvider } from '../http/zod.js';
import { sendOrLog } from '../mail/mailer.js';
import { authMessages, mailMessages } from '../messages.js';
import { currentUser, requireAdmin } from './guards.js';
import { meResource } from './me.js';
import { hashPassword } from './passwords.js';
import { startSession } from './session.js';
import { randomToken, sha256 } from './tokens.js';
import { findUserByEmail } from './users.js';

const tags = ['invites'];
const INVITE_DAYS = 7;
const TokenParams = z.object({ token: z.string().min(1).max(200) });

function inviteResource(row: Selectable<InvitesTable>, name: string | null): Invite {
  return {
    id: row.id,
    email: row.email,
    name,
    expires_at: row.expires_at,
    accepted_at: row.accepted_at,
    created_at: row.created_at,
  };
}

async function pendingInvite(db: Kysely<DB>, token: string) {
  const row = await db
    .selectFrom('invites')
    .innerJoin('users', 'users.id', 'invites.user_id')
    .selectAll('invites')
    .select('users.name as user_name')
    .where('invites.token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row || row.accepted_at !== null || row.expires_at <= now()) throw notFound();
  return row;
}

/** Admins invite an e-mail address to teams; the invitee sets a name and password through the mailed link. */
export async function inviteRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerInviteCreate(r);
  registerInviteLookup(r);
  registerInviteAccept(r);
}

function registerInviteCreate(r: ZodApp) {
  r.post(
    '/api/v1/invite',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Admin: invites an e-mail address to teams (the account has no password until accepted)',
        body: InviteCreateBody,
        response: { 201: z.object({ data: Invite }), 422: ValidationErrorBody },
      },
    },
    async (request, reply) => {
      const admin = currentUser(request);
      const { email, name, team_ids } = request.body;
      const existing = await findUserByEmail(r.db, email);
      if (existing?.password_hash) throw unprocessable({ email: [authMessages.invitedExists] });
      await checkTeams(r.db, team_ids);

      const token = randomToken(32);
      const at = now();
      const invite = await r.db.transaction().execute(async (trx) => {
        const userId = await invitedUser(trx, existing, request.body, at);
        for (const teamId of new Set(team_ids)) {
          await trx.insertInto('team_user').values({ team_id: teamId, user_id: userId }).execute();
        }
        return trx
          .insertInto('invites')
          .values({
            email,
            user_id: userId,
            team_id: team_ids[0] ?? null,
            invited_by: admin.id,
            token_hash: sha256(token),
            expires_at: new Date(Date.now() + INVITE_DAYS * 86_400_000).toISOString(),
            accepted_at: null,
            created_at: at,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      const link = `${r.config.appUrl}/invite?token=${token}`;
      await sendOrLog(r.mailer, r.log, {
        to: email,
        subject: mailMessages.inviteSubject,
        text: mailMessages.inviteText(admin.name, link),
        links: [link],
      });
      return reply.code(201).send(data(inviteResource(invite, name ?? null)));
    },
  );
}

async function checkTeams(db: Kysely<DB>, teamIds: readonly number[]) {
  const teams = teamIds.length
    ? await db.selectFrom('teams').select('id').where('id', 'in', teamIds).execute()
    : [];
  if (teams.length !== new Set(teamIds).size)
    throw unprocessable({ team_ids: [authMessages.noAccess('teamet')] });
}

/** The invited user's id: a new account without a password, or the existing one reset to this invite. */
async function invitedUser(
  trx: Transaction<DB>,
  existing: Awaited<ReturnType<typeof findUserByEmail>>,
  { email, name, is_admin }: InviteCreateBody,
  at: string,
): Promise<number> {
  if (existing === undefined) {
    const user = await trx
      .insertInto('users')
      .values({
        name: name ?? email.split('@')[0] ?? email,
        email,
        password_hash: null,
        photo_url: null,
        is_admin: is_admin ? 1 : 0,
        email_verified_at: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return user.id;
  }
  // A repeated invite replaces the earlier, unaccepted one.
  await trx
    .deleteFrom('invites')
    .where('user_id', '=', existing.id)
    .where('accepted_at', 'is', null)
    .execute();
  await trx.deleteFrom('team_user').where('user_id', '=', existing.id).execute();
  await trx
    .updateTable('users')
    .set({ name: name ?? existing.name ?? email, is_admin: is_admin ? 1 : 0, updated_at: at })
    .where('id', '=', existing.id)
    .execute();
  return existing.id;
}

function registerInviteLookup(r: ZodApp) {
  r.get(
    '/api/invite/:token',
    {
      schema: {
        tags,
        summary: 'Looks up an unaccepted, unexpired invite',
        params: TokenParams,
        response: { 200: z.object({ data: InviteLookup }), 404: MessageErrorBody },
      },
    },
    async (request) => {
      const invite = await pendingInvite(r.db, request.params.token);
      return data({ email: invite.email, name: invite.user_name, expires_at: invite.expires_at });
    },
  );
}

function registerInviteAccept(r: ZodApp) {
  r.post(
    '/api/invite/:token',
    {
      schema: {
        tags,
        summary: 'Accepts an invite: sets name and password and signs in',
        params: TokenParams,
        body: InviteAcceptBody,
        response: { 200: z.object({ data: Me }), 404: MessageErrorBody, 422: ValidationErrorBody },
      },
    },
    async (request, reply) => {
      const invite = await pendingInvite(r.db, request.params.token);
      const passwordHash = await hashPassword(request.body.password, r.config.password);
      const at = now();
      await r.db.transaction().execute(async (trx) => {
        // The accepted_at guard makes the token single-use even when two accepts race.
        const accepted = await trx
          .updateTable('invites')
          .set({ accepted_at: at })
          .where('id', '=', invite.id)
          .where('accepted_at', 'is', null)
          .executeTakeFirst();
        if (Number(accepted.numUpdatedRows) !== 1) throw notFound();
        await trx
          .updateTable('users')
          .set({
            name: request.body.name,
            password_hash: passwordHash,
            email_verified_at: at,
            updated_at: at,
          })
          .where('id', '=', invite.user_id)
          .execute();
      });
      await startSession(request, reply, { userId: invite.user_id });
      return data(await meResource(request));
    },
  );
}
