import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { seedDemoAccounts } from '../auth/demoAccounts.js';
import type { Config } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import type { DB } from '../db/types.js';
import { createMailer, type Mailer, sendOrLog } from '../mail/mailer.js';
import { mailMessages } from '../messages.js';
import { seedDemo } from '../seed/index.js';
import { CliError, type Command, EXIT, print } from './command.js';
import { cliLogger, configFrom } from './setup.js';

/** Whether the database has no users yet (a fresh install). */
export async function isEmpty(db: Kysely<DB>): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).execute()).length === 0;
}

/**
 * DESIGN §2's demo accounts and world, on an empty database. The invite of ny@matnat.se goes out as a
 * mail like any invite (to `DATA_DIR/mail` without SMTP): its link is a secret and is never logged.
 */
export async function seedDemoWorld(
  db: Kysely<DB>,
  config: Config,
  mailer: Mailer,
  log: FastifyBaseLogger,
): Promise<{ devices: number; sensors: number }> {
  const accounts = await seedDemoAccounts(db, config.password);
  const world = await seedDemo(db, { accounts });
  const link = `${config.appUrl}${accounts.invitePath}`;
  await sendOrLog(mailer, log, {
    to: 'ny@matnat.se',
    subject: mailMessages.inviteSubject,
    text: mailMessages.inviteText('Administratör Mätnät', link),
    links: [link],
  });
  log.info(
    { accounts: ['admin@matnat.se', 'anna@matnat.se', 'erik@matnat.se'], invited: 'ny@matnat.se' },
    'demo accounts ready (password in the README)',
  );
  return { devices: world.devices, sensors: world.sensors };
}

export const seedCommand: Command = {
  summary: 'seed the demo accounts and world into an empty database',
  usage: 'seed --demo',
  help: [
    "Migrates the database and seeds DESIGN §2's demo world: admin@matnat.se, anna@matnat.se and",
    'erik@matnat.se (password in the README), ny@matnat.se invited (the invite is mailed), devices,',
    'gateways, 90 days of readings, dashboards, alerts and products. Only into a database without users.',
  ].join('\n'),
  options: { demo: { type: 'boolean' } },
  positionals: 0,
  async run({ values }, io) {
    if (!values.demo) throw new CliError('say what to seed: matnat seed --demo', EXIT.usage);
    const config = configFrom(io);
    const log = cliLogger(config);
    const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      logger: log,
    });
    try {
      await migrateToLatest(database.db);
      if (!(await isEmpty(database.db)))
        throw new CliError('the database already has users: the demo world is only seeded into an empty one');
      const world = await seedDemoWorld(database.db, config, mailer, log);
      print(io.out, `seeded the demo world: ${world.devices} devices, ${world.sensors} sensors`);
      print(
        io.out,
        'accounts: admin@matnat.se (admin), anna@matnat.se, erik@matnat.se; ny@matnat.se invited',
      );
      return EXIT.ok;
    } finally {
      mailer.close();
      await database.close();
    }
  },
};
