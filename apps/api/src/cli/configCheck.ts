import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { openDatabase, pendingMigrations, SQLITE_FILE } from '../db/database.js';
import { migrations } from '../db/migrations/index.js';
import { type Command, EXIT, print } from './command.js';
import { checkReachable, withoutCredentials } from './reachable.js';
import { configFrom } from './setup.js';

/** Pending migrations, without creating a SQLite database that does not exist yet (a check changes nothing). */
async function pendingOf(config: Config): Promise<string[]> {
  if (!config.databaseUrl && !existsSync(join(config.dataDir, SQLITE_FILE))) return Object.keys(migrations);
  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    return await pendingMigrations(database.db);
  } finally {
    await database.close();
  }
}

const every = (ms: number) =>
  ms % 86_400_000 === 0
    ? `${ms / 86_400_000} d`
    : ms % 3_600_000 === 0
      ? `${ms / 3_600_000} h`
      : `${ms / 60_000} min`;

export const configCheckCommand: Command = {
  summary: 'check the settings, the database and the broker; print what the server would use',
  usage: 'config:check',
  help: [
    'Reads the settings as serve does (docs/operations.md), checks that the database and the MQTT broker',
    '(MQTT_URL) answer and whether migrations are pending, and prints the settings in effect (without',
    'secrets). Exit status: 0 when serve could start, 78 for a setting that cannot work, 1 when the',
    'database or broker does not answer; the failure is one line naming the setting.',
  ].join('\n'),
  positionals: 0,
  async run(_input, io) {
    const config = configFrom(io);
    await checkReachable(config, io.env.PATH);
    const pending = await pendingOf(config);
    const rows: [string, string][] = [
      ['mode', config.production ? 'production (NODE_ENV=production)' : 'development'],
      [
        'database',
        config.databaseUrl
          ? `${withoutCredentials(config.databaseUrl)} answers`
          : `SQLite in ${config.dataDir}`,
      ],
      [
        'migrations',
        pending.length === 0 ? 'current' : `${pending.length} pending (serve or migrate up runs them)`,
      ],
      ['broker', config.mqtt.url ? `${withoutCredentials(config.mqtt.url)} answers` : 'not configured'],
      ['listen', `${config.host}:${config.port}, public origin ${config.appUrl}`],
      ['front end', config.frontendDir ?? 'none'],
      [
        'mail',
        config.smtpUrl ? `SMTP ${withoutCredentials(config.smtpUrl)}` : `written to ${config.dataDir}/mail`,
      ],
      [
        'backups',
        config.backup.dir
          ? `every ${every(config.backup.intervalMs)} to ${config.backup.dir}, the last ${config.backup.keep} kept`
          : 'not scheduled (BACKUP_DIR unset)',
      ],
      ['metrics', config.metricsToken ? 'loopback, or METRICS_TOKEN from elsewhere' : 'loopback only'],
      [
        'demo data',
        `${config.seedDemo ? 'seeded into an empty database' : 'not seeded'}; simulator ${config.simulate ? 'on' : 'off'}`,
      ],
      ['shutdown', `within ${config.shutdownTimeoutMs / 1000} s of SIGTERM`],
    ];
    for (const [name, value] of rows) print(io.out, `${name.padEnd(11)} ${value}`);
    print(io.out, 'ok');
    return EXIT.ok;
  },
};
