import { createHash } from 'node:crypto';
import {
  IdParam,
  Me,
  MessageErrorBody,
  PasswordEmailBody,
  PasswordResetBody,
  RegisterBody,
  ThrottledErrorBody,
  ValidationErrorBody,
} from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { data, now } from '../http/envelope.js';
import { HttpError, tooManyRequests, unprocessable } from '../http/errors.js';
import type { ZodTypeProvider } from '../http/zod.js';
import { sendOrLog } from '../mail/mailer.js';
import { authMessages, errorMessages, mailMessages } from '../messages.js';
import { currentUser, requireAuth } from './guards.js';
import { meResource } from './me.js';
import { hashPassword } from './passwords.js';
import { type AuthUser, startSession } from './session.js';
import { hmac, randomToken, safeEqual, sha256 } from './tokens.js';
import { findUserByEmail } from './users.js';

const tags = ['account'];
const LINK_MINUTES = 60;
const Message = z.object({ message: z.string() });

function emailHash(email: string): string {
  return createHash('sha1').update(email).digest('hex');
}

function signature(key: string, userId: number, hash: string, expires: number): string {
  return hmac(key, `verify|${userId}|${hash}|${expires}`);
}

/** The signed, expiring link of the e-mail verification mail. */
export function verificationLink(
  app: FastifyInstance,
  user: Pick<AuthUser, 'id' | 'email'>,
  at = Date.now(),
): string {
  const hash = emailHash(user.email);
  const expires = Math.floor(at / 1000) + LINK_MINUTES * 60;
  const sig = signature(app.config.appKey, user.id, hash, expires);
  return `${app.config.appUrl}/api/email/verify/${user.id}/${hash}?expires=${expires}&signature=${sig}`;
}

export async function sendVerificationMail(
  app: FastifyInstance,
  user: Pick<AuthUser, 'id' | 'email' | 'name'>,
) {
  const link = verificationLink(app, user);
  await sendOrLog(app.mailer, app.log, {
    to: user.email,
    subject: mailMessages.verifySubject,
    text: mailMessages.verifyText(user.name, link),
    links: [link],
  });
}

/** Register, e-mail verification and password reset. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/register',
    {
      schema: {
        tags,
        summary: 'Creates an account, signs it in and mails a verification link',
        body: RegisterBody,
        response: { 201: z.object({ data: Me }), 422: ValidationErrorBody },
      },
    },
    async (request, reply) => {
      const { name, email, password } = request.body;
      if (await findUserByEmail(app.db, email)) throw unprocessable({ email: [authMessages.emailTaken] });
      const at = now();
      const user = await app.db
        .insertInto('users')
        .values({
          name,
          email,
          password_hash: await hashPassword(password, app.config.password),
          photo_url: null,
          is_admin: 0,
          email_verified_at: null,
          created_at: at,
          updated_at: at,
        })
        .returning(['id', 'email', 'name'])
        .executeTakeFirstOrThrow();
      await startSession(request, reply, { userId: user.id });
      await sendVerificationMail(app, user);
      return reply.code(201).send(data(await meResource(request)));
    },
  );

  r.post(
    '/api/email/verification-notification',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'Mails a new verification link (throttled: 6 a minute)',
        response: { 202: Message, 429: ThrottledErrorBody },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const attempt = app.throttle.attempt(`verify:${user.id}`, 6, 60);
      if (!attempt.allowed) throw tooManyRequests(attempt.retryAfter);
      if (user.email_verified_at === null) await sendVerificationMail(app, user);
      return reply.code(202).send({ message: authMessages.verificationSent });
    },
  );

  r.get(
    '/api/email/verify/:id/:hash',
    {
      schema: {
        tags,
        summary: 'The signed link of the verification mail (valid 60 minutes); redirects to the app',
        params: z.object({ id: IdParam, hash: z.string().max(128) }),
        querystring: z.object({
          expires: z.string().max(20).optional(),
          signature: z.string().max(128).optional(),
        }),
        response: { 403: MessageErrorBody },
      },
    },
    async (request, reply) => {
      const { id, hash } = request.params;
      const expires = Number(request.query.expires);
      const given = request.query.signature ?? '';
      const user = await app.db
        .selectFrom('users')
        .select(['id', 'email', 'email_verified_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      const valid =
        user !== undefined &&
        Number.isInteger(expires) &&
        expires * 1000 >= Date.now() &&
        safeEqual(hash, emailHash(user.email)) &&
        safeEqual(given, signature(app.config.appKey, id, hash, expires));
      if (!valid) throw new HttpError(403, errorMessages.badLink);
      if (user.email_verified_at === null) {
        await app.db
          .updateTable('users')
          .set({ email_verified_at: now(), updated_at: now() })
          .where('id', '=', id)
          .execute();
      }
      return reply.redirect('/dashboard?verified=1', 302);
    },
  );

  r.post(
    '/api/password/email',
    {
      schema: {
        tags,
        summary: 'Mails a reset link; the same answer whether or not the address exists',
        body: PasswordEmailBody,
        response: { 200: Message, 429: ThrottledErrorBody },
      },
    },
    async (request) => {
      const { email } = request.body;
      const attempt = app.throttle.attempt(`reset:${email}|${request.ip}`, 5, 60);
      if (!attempt.allowed) throw tooManyRequests(attempt.retryAfter);
      const user = await findUserByEmail(app.db, email);
      if (user) {
        const token = randomToken(32);
        const at = now();
        await app.db.transaction().execute(async (trx) => {
          await trx.deleteFrom('password_resets').where('email', '=', email).execute();
          await trx
            .insertInto('password_resets')
            .values({ email, token_hash: sha256(token), created_at: at })
            .execute();
        });
        const link = `${app.config.appUrl}/password/reset/${token}?email=${encodeURIComponent(email)}`;
        await sendOrLog(app.mailer, app.log, {
          to: email,
          subject: mailMessages.resetSubject,
          text: mailMessages.resetText(link),
          links: [link],
        });
      }
      return { message: authMessages.resetLinkSent };
    },
  );

  r.post(
    '/api/password/reset',
    {
      schema: {
        tags,
        summary: 'Sets a new password with the mailed token (single use, 60 minutes); signs out everywhere',
        body: PasswordResetBody,
        response: { 200: Message, 422: ValidationErrorBody },
      },
    },
    async (request) => {
      const { token, email, password } = request.body;
      const reset = await app.db
        .selectFrom('password_resets')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirst();
      const fresh = reset !== undefined && Date.now() - Date.parse(reset.created_at) <= LINK_MINUTES * 60_000;
      const user = await findUserByEmail(app.db, email);
      if (!user || !fresh || !safeEqual(sha256(token), reset.token_hash)) {
        throw unprocessable({ token: [errorMessages.badLink] });
      }
      const passwordHash = await hashPassword(password, app.config.password);
      await app.db.transaction().execute(async (trx) => {
        const at = now();
        await trx
          .updateTable('users')
          .set({
            password_hash: passwordHash,
            email_verified_at: user.email_verified_at ?? at,
            updated_at: at,
          })
          .where('id', '=', user.id)
          .execute();
        await trx.deleteFrom('password_resets').where('email', '=', email).execute();
        await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
      });
      return { message: authMessages.passwordReset };
    },
  );
}
