import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync } from 'node:fs';
import pg from 'pg';
import type { Config } from '../config.js';
import { CliError } from './command.js';

const TIMEOUT_MS = 5000;

/** A URL as it may be shown: without user name and password. */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

const reason = (error: unknown) =>
  (error as { code?: string }).code ?? (error as Error).message ?? String(error);

/**
 * The database answers: PostgreSQL accepts a connection and a query within 5 s, or SQLite's data directory
 * can be written. Throws a CliError naming DATABASE_URL or DATA_DIR.
 */
export async function checkDatabase(config: Config): Promise<void> {
  if (!config.databaseUrl) {
    try {
      mkdirSync(config.dataDir, { recursive: true });
      accessSync(config.dataDir, constants.W_OK);
    } catch (error) {
      throw new CliError(`${config.dataDir} cannot be written (${reason(error)})`, 1, 'DATA_DIR');
    }
    return;
  }
  const client = new pg.Client({ connectionString: config.databaseUrl, connectionTimeoutMillis: TIMEOUT_MS });
  // A server that goes away after connecting emits 'error' on the client: reported by the query instead.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    const where = withoutCredentials(config.databaseUrl);
    throw new CliError(`PostgreSQL at ${where} does not answer (${reason(error)})`, 1, 'DATABASE_URL');
  } finally {
    await client.end().catch(() => {});
  }
}

/** The MQTT broker accepts a connection within 5 s, when one is configured. Throws naming MQTT_URL. */
export async function checkBroker(config: Config): Promise<void> {
  if (!config.mqtt.url) return;
  const url = config.mqtt.url;
  const { default: mqtt } = await import('mqtt');
  try {
    const client = await mqtt.connectAsync(url, {
      protocolVersion: 5,
      reconnectPeriod: 0,
      connectTimeout: TIMEOUT_MS,
      clientId: `matnat-check-${process.pid}-${Date.now().toString(36)}`,
      username: config.mqtt.username ?? undefined,
      password: config.mqtt.password ?? undefined,
    });
    await client.endAsync();
  } catch (error) {
    throw new CliError(
      `broker at ${withoutCredentials(url)} does not answer (${reason(error)})`,
      1,
      'MQTT_URL',
    );
  }
}

/**
 * Scheduled backups on PostgreSQL need pg_dump on the `PATH`: checked when `BACKUP_DIR` is set. Throws
 * naming BACKUP_DIR.
 */
export async function checkBackupTools(config: Config, path = process.env.PATH): Promise<void> {
  if (!config.backup.dir || !config.databaseUrl) return;
  const found = spawnSync('pg_dump', ['--version'], { encoding: 'utf8', env: { PATH: path } });
  if (found.status !== 0)
    throw new CliError(
      'backups of PostgreSQL need pg_dump: install the PostgreSQL client tools (Debian: apt-get install postgresql-client)',
      1,
      'BACKUP_DIR',
    );
}

/** What serve and config:check both check before going on: the database, the broker, the backup tools. */
export async function checkReachable(config: Config, path = process.env.PATH): Promise<void> {
  await checkDatabase(config);
  await checkBroker(config);
  await checkBackupTools(config, path);
}
