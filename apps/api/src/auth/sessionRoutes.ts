import { LoginBody, Me, MessageErrorBody, ThrottledErrorBody, ValidationErrorBody } from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answers, noContent } from '../http/answers.js';
import { data } from '../http/envelope.js';
import { unprocessable } from '../http/errors.js';
import type { ZodTypeProvider } from '../http/zod.js';
import { errorMessages } from '../messages.js';
import { requireAuth } from './guards.js';
import { meResource } from './me.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { issueCsrfCookie, setXsrfCookie, startSession } from './session.js';
import { randomToken } from './tokens.js';
import { normalizeEmail } from './users.js';

const tags = ['auth'];

/** GET /sanctum/csrf-cookie, POST /api/login, POST /api/logout, GET /api/me. */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Unknown addresses are checked against this hash, so the answer time does not reveal who has an account.
  const dummyHash = hashPassword(randomToken(), app.config.password);

  r.get(
    '/sanctum/csrf-cookie',
    {
      schema: {
        tags,
        summary: 'Starts a session and sets the readable XSRF-TOKEN cookie',
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await issueCsrfCookie(request, reply);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/login',
    {
      schema: {
        tags,
        summary:
          'Signs in; 422 on bad credentials, 429 after repeated failures per e-mail and IP, and per IP',
        body: LoginBody,
        response: { 200: z.object({ data: Me }), 422: ValidationErrorBody, 429: ThrottledErrorBody },
      },
    },
    async (request, reply) => {
      const { email, password, remember } = request.body;
      const { maxAttempts, decaySeconds, perIp, perIpDecaySeconds } = app.config.loginThrottle;
      const key = `login:${normalizeEmail(email)}|${request.ip}`;
      await app.throttle.attempt(key, { maxAttempts, decaySeconds });
      // One address trying many accounts: counted first like every attempt, given back when it succeeds.
      const ipKey = `login-ip:${request.ip}`;
      await app.throttle.attempt(ipKey, { maxAttempts: perIp, decaySeconds: perIpDecaySeconds });

      const user = await app.db
        .selectFrom('users')
        .select(['id', 'password_hash'])
        .where('email', '=', normalizeEmail(email))
        .executeTakeFirst();
      const ok = await verifyPassword(user?.password_hash ?? (await dummyHash), password);
      if (!user?.password_hash || !ok) {
        throw unprocessable({ email: [errorMessages.badCredentials] }, errorMessages.badCredentials);
      }
      await app.throttle.clear(key);
      await app.throttle.refund(ipKey);
      await startSession(request, reply, { userId: user.id, remember });
      return data(await meResource(request));
    },
  );

  r.post(
    '/api/logout',
    {
      schema: {
        tags,
        summary: 'Signs out and starts a fresh guest session',
        response: answers({ 204: noContent }, [419]),
      },
    },
    async (request, reply) => {
      // A guest has nothing to sign out of: their session (and its cart) stays. The app logs out after
      // every failed GET /api/me, which for a guest is every page load.
      const session = request.authSession;
      if (session && session.userId === null && session.impersonatorId === null) {
        setXsrfCookie(app, reply, session);
      } else {
        await startSession(request, reply, { userId: null, freshToken: true });
      }
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/me',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'The current user, with teams and the impersonating admin',
        response: { 200: z.object({ data: Me }), 401: MessageErrorBody },
      },
    },
    async (request) => data(await meResource(request)),
  );
}
