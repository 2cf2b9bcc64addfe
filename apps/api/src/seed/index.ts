import type { Kysely } from 'kysely';
import { replayAlerts } from '../alerts/replay.js';
import { type DemoAccounts, seedDemoAccounts } from '../auth/demoAccounts.js';
import type { PasswordHashing } from '../config.js';
import type { DB } from '../db/types.js';
import { seedContent } from './content.js';
import { seedDevices } from './devices.js';
import { seedDemoEmbedToken } from './embedToken.js';
import { seedDemoIntegration } from './integration.js';

export interface SeedDemoOptions {
  /** The demo accounts, when the caller created them; otherwise found by e-mail or created. */
  accounts?: DemoAccounts;
  /** Cost of the demo accounts' password hashes, when they are created here. @default { memoryCost: 19456, timeCost: 2 } */
  passwordHashing?: PasswordHashing;
  /** Days of reading history. @default 90 */
  days?: number;
  /** Spacing of the history's readings in minutes. @default 15 */
  stepMinutes?: number;
  /** @default Date.now() */
  now?: number;
  /** Origins the demo embed token is accepted from. @default demoEmbedOrigins() */
  embedOrigins?: string[];
}

export interface SeedDemoResult {
  accounts: DemoAccounts;
  devices: number;
  sensors: number;
  /** The panels the demo embed token reads (DEMO_EMBED_PANELS, in that order). */
  embedPanelIds: number[];
}

async function existingAccounts(db: Kysely<DB>): Promise<DemoAccounts | null> {
  const users = await db
    .selectFrom('users')
    .leftJoin('team_user', 'team_user.user_id', 'users.id')
    .select(['users.id', 'users.email', 'team_user.team_id'])
    .where('users.email', 'in', ['admin@matnat.se', 'anna@matnat.se', 'erik@matnat.se', 'ny@matnat.se'])
    .execute();
  const teams = await db
    .selectFrom('teams')
    .select(['id', 'name'])
    .where('name', 'in', ['Skogsbruk Norr', 'Stadsodling Syd', 'Mätnät Support'])
    .execute();
  const user = (email: string) => {
    const row = users.find((u) => u.email === email);
    return row && row.team_id !== null ? { id: row.id, team: row.team_id } : null;
  };
  const team = (name: string) => teams.find((t) => t.name === name)?.id;
  const [admin, anna, erik, ny] = ['admin', 'anna', 'erik', 'ny'].map((n) => user(`${n}@matnat.se`));
  const north = team('Skogsbruk Norr');
  const south = team('Stadsodling Syd');
  const support = team('Mätnät Support');
  if (!admin || !anna || !erik || !ny || !north || !south || !support) return null;
  return { admin, anna, erik, ny, teams: { north, south, support }, invitePath: '' };
}

/**
 * Seeds the demo world of DESIGN.md §2 on an empty database: the demo accounts (unless they exist),
 * ~40 devices across Sweden with sensors, gateways and history, dashboards, alerts, notifications and
 * the shop's products, and the examples' read-only demo embed token (DEMO_EMBED_TOKEN).
 */
export async function seedDemo(db: Kysely<DB>, opts: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  const now = opts.now ?? Date.now();
  const accounts =
    opts.accounts ??
    (await existingAccounts(db)) ??
    (await seedDemoAccounts(db, opts.passwordHashing ?? { memoryCost: 19_456, timeCost: 2 }));
  const devices = await seedDevices(db, {
    north: accounts.teams.north,
    south: accounts.teams.south,
    support: accounts.teams.support,
    now,
    days: opts.days,
    stepMinutes: opts.stepMinutes,
  });
  const historyStart = now - (opts.days ?? 90) * 86_400_000;
  await seedContent(db, { anna: accounts.anna, erik: accounts.erik, devices, now, historyStart });
  // The alerts' states, history and notifications are what the seeded readings of the last two weeks
  // make them (the bell's recent past; replaying all months would cost the first start seconds).
  await replayAlerts(db, { since: Math.max(historyStart, now - 14 * 86_400_000), until: now });
  await markOlderAlertNoticesRead(db, now);
  const embedPanelIds = await seedDemoEmbedToken(db, {
    owner: accounts.anna.id,
    origins: opts.embedOrigins,
    now,
  });
  await seedDemoIntegration(db, { team: accounts.teams.north, admin: accounts.admin.id });
  return {
    accounts,
    devices: devices.length,
    sensors: devices.reduce((n, d) => n + d.sensors.length, 0),
    embedPanelIds,
  };
}
export { startSimulator } from '../simulator.js';
export { DEMO_EMBED_PANELS, DEMO_EMBED_TOKEN, demoEmbedOrigins } from './embedToken.js';
export { DEMO_INGEST_SECRET } from './integration.js';

/**
 * Two weeks of replay leave a reminder per interval while an alert fired unacknowledged. The demo's people
 * have read their bell up to each alert's latest notification: the older ones of an alert are read, so the
 * bell shows one line per alert, the latest.
 */
async function markOlderAlertNoticesRead(db: Kysely<DB>, now: number): Promise<void> {
  const latest = db
    .selectFrom('notifications')
    .select(({ fn }) => fn.max('id').as('id'))
    .where('alert_id', 'is not', null)
    .groupBy(['user_id', 'alert_id']);
  await db
    .updateTable('notifications')
    .set({ read_at: new Date(now).toISOString() })
    .where('alert_id', 'is not', null)
    .where('read_at', 'is', null)
    .where('id', 'not in', latest)
    .execute();
}
