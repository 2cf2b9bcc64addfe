import {
  PasswordEmailBody,
  PasswordResetBody,
  ThrottledErrorBody,
  ValidationErrorBody,
} from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import { now } from '../http/envelope.js';
import { unprocessable } from '../http/errors.js';
import type { ZodTypeProvider } from '../http/zod.js';
import { sendOrLog } from '../mail/mailer.js';
import { authMessages, errorMessages, mailMessages } from '../messages.js';
import { announceAccessChange } from './accessChanges.js';
import { LINK_MINUTES, Message } from './accountRoutes.js';
import { hashPassword } from './passwords.js';
import { throttleMail } from './throttle.js';
import { randomToken, safeEqual, sha256 } from './tokens.js';
import { findUserByEmail } from './users.js';

const tags = ['account'];

/** Stores a new reset token for `email` and mails its link, when the address has an account. */
async function mailResetLink(app: FastifyInstance, email: string): Promise<void> {
  if (!(await findUserByEmail(app.db, email))) return;
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

/** Password reset: the mailed link, and the new password set with its single-use token. */
export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      await throttleMail(request, 'reset', email);
      // Looking the address up, storing the token and mailing all happen after the answer, so a known
      // address answers exactly as fast as an unknown one.
      app.background.run('password reset mail', () => mailResetLink(app, email));
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
      const tokenHash = sha256(token);
      const since = new Date(Date.now() - LINK_MINUTES * 60_000).toISOString();
      const badLink = () => unprocessable({ token: [errorMessages.badLink] });
      const reset = await app.db
        .selectFrom('password_resets')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirst();
      const user = await findUserByEmail(app.db, email);
      // A cheap look first, so a wrong token costs no password hashing; the delete below decides.
      if (!user || !reset || reset.created_at <= since || !safeEqual(tokenHash, reset.token_hash))
        throw badLink();
      const passwordHash = await hashPassword(password, app.config.password);
      await app.db.transaction().execute(async (trx) => {
        // Of parallel resets with one token, only one deletes it: the token is single-use under any race.
        const consumed = await trx
          .deleteFrom('password_resets')
          .where('email', '=', email)
          .where('token_hash', '=', tokenHash)
          .where('created_at', '>', since)
          .returning('email')
          .executeTakeFirst();
        if (!consumed) throw badLink();
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
        await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
      });
      await announceAccessChange(app, { kind: 'user', id: user.id });
      return { message: authMessages.passwordReset };
    },
  );
}
