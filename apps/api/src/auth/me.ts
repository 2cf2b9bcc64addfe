import type { Me } from '@matnat/contract';
import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../http/errors.js';
import { teamsOfUsers, userResource } from './users.js';

/** `GET /api/me`'s shape: the current user with teams, and the impersonating admin if any. */
export async function meResource(request: FastifyRequest): Promise<Me> {
  const user = request.user;
  if (!user) throw unauthenticated();
  const db = request.server.db;
  const teams = (await teamsOfUsers(db, [user.id])).get(user.id) ?? [];
  let impersonator: Me['impersonator'] = null;
  if (request.impersonatorId !== null) {
    const admin = await db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('id', '=', request.impersonatorId)
      .executeTakeFirst();
    if (admin) impersonator = { user_id: admin.id, name: admin.name };
  }
  return { ...userResource(user, teams), impersonator };
}
