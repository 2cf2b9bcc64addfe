import { createHash } from 'node:crypto';
import {
  IdParam,
  Me,
  MessageErrorBody,
  RegisterBody,
  ThrottledErrorBody,
  ValidationErrorBody,
} from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { data, now } from '../http/envelope.js';
import { HttpError, unprocessable } from '../http/errors.js';
import type { ZodApp, ZodTypeProvider } from '../http/zod.js';
import { sendOrLog } from '../mail/mailer.js';
import { authMessages, errorMessages, mailMessages } from '../messages.js';
import { currentUser, requireAuth } from './guards.js';
import { meResource } from './me.js';
import { hashPassword } from './passwords.js';
import { type AuthUser, startSession } from './session.js';
import { throttleMail } from './throttle.js';
import { hmac, safeEqual } from './tokens.js';
import { findUserByEmail } from './users.js';

const tags = ['account'];
/** How long mailed links (verification, password reset) hold. */
export const LINK_MINUTES = 60;
export const Message = z.object({ message: z.string() });

function emailHash(email: string): string {
  return createHash('sha1').update(email).digest('hex');
}

function signature(key: string, userId: number, hash: string, expires: number): string {
  return hmac(key, `verify|${userId}|${hash}|${expires}`);
}

/**
 * The signed, expiring link of the e-mail verification mail: the app's verification.verify screen
 * (`/verifiera-epost/{id}/{hash}?expires&signature`), which sends it on to `GET /api/email/verify/…`.
 */
export function verificationLink(
  app: FastifyInstance,
  user: Pick<AuthUser, 'id' | 'email'>,
  at = Date.now(),
): string {
  const hash = emailHash(user.email);
  const expires = Math.floor(at / 1000) + LINK_MINUTES * 60;
  const sig = signature(app.config.appKey, user.id, hash, expires);
  return `${app.config.appUrl}/verifiera-epost/${user.id}/${hash}?expires=${expires}&signature=${sig}`;
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

/** Register and e-mail verification. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerRegister(r);
  registerVerificationResend(r);
  registerEmailVerify(r);
}

function registerRegister(r: ZodApp) {
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
      await throttleMail(request, 'register', email);
      if (await findUserByEmail(r.db, email)) throw unprocessable({ email: [authMessages.emailTaken] });
      const at = now();
      const user = await r.db
        .insertInto('users')
        .values({
          name,
          email,
          password_hash: await hashPassword(password, r.config.password),
          photo_url: null,
          is_admin: 0,
          email_verified_at: null,
          created_at: at,
          updated_at: at,
        })
        .returning(['id', 'email', 'name'])
        .executeTakeFirstOrThrow();
      await startSession(request, reply, { userId: user.id });
      await sendVerificationMail(r, user);
      return reply.code(201).send(data(await meResource(request)));
    },
  );
}

function registerVerificationResend(r: ZodApp) {
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
      await r.throttle.attempt(`verify:${user.id}`, { maxAttempts: 6, decaySeconds: 60 });
      if (user.email_verified_at === null) await sendVerificationMail(r, user);
      return reply.code(202).send({ message: authMessages.verificationSent });
    },
  );
}

function registerEmailVerify(r: ZodApp) {
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
        response: { 302: z.null().describe('Redirect to /dashboard?verified=1'), 403: MessageErrorBody },
      },
    },
    async (request, reply) => {
      const { id, hash } = request.params;
      const expires = Number(request.query.expires);
      const given = request.query.signature ?? '';
      const user = await r.db
        .selectFrom('users')
        .select(['id', 'email', 'email_verified_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      const valid =
        user !== undefined &&
        Number.isInteger(expires) &&
        expires * 1000 >= Date.now() &&
        safeEqual(hash, emailHash(user.email)) &&
        safeEqual(given, signature(r.config.appKey, id, hash, expires));
      if (!valid) throw new HttpError(403, errorMessages.badLink);
      if (user.email_verified_at === null) {
        await r.db
          .updateTable('users')
          .set({ email_verified_at: now(), updated_at: now() })
          .where('id', '=', id)
          .execute();
      }
      return reply.redirect('/dashboard?verified=1', 302);
    },
  );
}
