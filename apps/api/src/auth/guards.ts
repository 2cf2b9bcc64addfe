import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from '../http/errors.js';
import type { AuthUser } from './session.js';

/**
 * Hooks for routes. Use them as `onRequest` (or `preHandler`) hooks; as `onRequest` they answer 401/403
 * before the body is even parsed, so an anonymous request never learns about validation rules.
 */
export async function requireAuth(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  if (!request.user) throw unauthenticated();
}

export async function requireAdmin(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  if (!request.user) throw unauthenticated();
  if (request.user.is_admin !== 1) throw forbidden();
}

/** Passes a signed-in user or an embed token; the route then checks the token's scope. */
export async function requireUserOrEmbed(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  if (!request.user && !request.embedScope) throw unauthenticated();
}

/** The signed-in user, for handlers behind `requireAuth`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

export function isAdmin(user: AuthUser | null | undefined): boolean {
  return user?.is_admin === 1;
}
