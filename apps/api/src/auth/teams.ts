import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import type { AuthUser } from './session.js';

/** Ids of the teams a user belongs to. */
export async function userTeamIds(db: Kysely<DB>, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('team_user').select('team_id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.team_id);
}

/**
 * Whether a user may reach a resource owned by `resourceTeamIds`: admins reach everything, others need a
 * team in common. A resource of no team (an unassigned device) is for admins only.
 */
export function canAccessTeams(
  user: Pick<AuthUser, 'is_admin'>,
  userTeams: readonly number[],
  resourceTeamIds: readonly number[],
): boolean {
  if (user.is_admin === 1) return true;
  return resourceTeamIds.some((id) => userTeams.includes(id));
}
