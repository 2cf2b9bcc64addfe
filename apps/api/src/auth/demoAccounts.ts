import type { Kysely } from 'kysely';
import type { PasswordHashing } from '../config.js';
import type { DB } from '../db/types.js';
import { hashPassword } from './passwords.js';
import { randomToken, sha256 } from './tokens.js';

/** DESIGN.md §2's demo password of every demo account that has one. */
export const DEMO_PASSWORD = 'matnat-demo';

/** The demo teams (the demo world gives each its devices). */
export const DEMO_ACCOUNT_TEAMS = {
  north: 'Skogsbruk Norr',
  south: 'Stadsodling Syd',
  support: 'Mätnät Support',
} as const;

export interface DemoAccounts {
  admin: { id: number; team: number };
  anna: { id: number; team: number };
  erik: { id: number; team: number };
  ny: { id: number; team: number };
  teams: Record<keyof typeof DEMO_ACCOUNT_TEAMS, number>;
  /** Path of ny@matnat.se's invite (`/invite?token=…`), to log at start. */
  invitePath: string;
}

/**
 * DESIGN.md §2's demo accounts: admin@matnat.se (admin), anna@matnat.se and erik@matnat.se in different
 * teams, all with password `matnat-demo`, and ny@matnat.se, invited, without a password yet.
 */
export async function seedDemoAccounts(db: Kysely<DB>, cost: PasswordHashing): Promise<DemoAccounts> {
  const at = new Date().toISOString();
  const passwordHash = await hashPassword(DEMO_PASSWORD, cost);
  return db.transaction().execute(async (trx) => {
    const teams = {} as Record<keyof typeof DEMO_ACCOUNT_TEAMS, number>;
    for (const [key, name] of Object.entries(DEMO_ACCOUNT_TEAMS) as [
      keyof typeof DEMO_ACCOUNT_TEAMS,
      string,
    ][]) {
      const row = await trx
        .insertInto('teams')
        .values({ name, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      teams[key] = row.id;
    }
    const person = async (
      email: string,
      name: string,
      team: number,
      options: { admin?: boolean; password?: boolean },
    ) => {
      const row = await trx
        .insertInto('users')
        .values({
          name,
          email,
          password_hash: options.password === false ? null : passwordHash,
          photo_url: null,
          is_admin: options.admin ? 1 : 0,
          email_verified_at: options.password === false ? null : at,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('team_user').values({ team_id: team, user_id: row.id }).execute();
      return { id: row.id, team };
    };
    const admin = await person('admin@matnat.se', 'Administratör Mätnät', teams.support, { admin: true });
    const anna = await person('anna@matnat.se', 'Anna Lindqvist', teams.north, {});
    const erik = await person('erik@matnat.se', 'Erik Johansson', teams.south, {});
    const ny = await person('ny@matnat.se', 'Ny Användare', teams.north, { password: false });
    const token = randomToken(32);
    await trx
      .insertInto('invites')
      .values({
        email: 'ny@matnat.se',
        user_id: ny.id,
        team_id: teams.north,
        invited_by: admin.id,
        token_hash: sha256(token),
        expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        accepted_at: null,
        created_at: at,
      })
      .execute();
    return { admin, anna, erik, ny, teams, invitePath: `/invite?token=${token}` };
  });
}
