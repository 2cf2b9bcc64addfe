import type { Team, User } from '@matnat/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { bool } from '../http/envelope.js';
import type { AuthUser } from './session.js';

/** Up to two initials: first letters of the first and last name ("Anna Lind" → "AL"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** The public shape of a user (spec §3 User); `teams` only when given. */
export function userResource(user: AuthUser, teams?: Team[]): User {
  const resource: User = {
    id: user.id,
    name: user.name,
    email: user.email,
    photo_url: user.photo_url,
    initials: initials(user.name),
    is_admin: bool(user.is_admin),
    has_set_password: user.has_set_password,
    email_verified_at: user.email_verified_at,
    created_at: user.created_at,
    updated_at: user.updated_at,
  };
  if (teams) resource.teams = teams;
  return resource;
}

/** The teams of each of `userIds`, sorted by name. */
export async function teamsOfUsers(db: Kysely<DB>, userIds: readonly number[]): Promise<Map<number, Team[]>> {
  const byUser = new Map<number, Team[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('team_user')
    .innerJoin('teams', 'teams.id', 'team_user.team_id')
    .select(['team_user.user_id', 'teams.id', 'teams.name'])
    .where('team_user.user_id', 'in', [...userIds])
    .orderBy('teams.name')
    .execute();
  for (const row of rows) byUser.get(row.user_id)?.push({ id: row.id, name: row.name });
  return byUser;
}

/** Users as the request sees them: without the password hash. */
export async function findUsers(db: Kysely<DB>, ids?: readonly number[]): Promise<AuthUser[]> {
  let query = db.selectFrom('users').selectAll();
  if (ids) {
    if (ids.length === 0) return [];
    query = query.where('id', 'in', [...ids]);
  }
  const rows = await query.execute();
  return rows.map(({ password_hash, ...user }) => ({ ...user, has_set_password: password_hash !== null }));
}

export async function findUserByEmail(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
