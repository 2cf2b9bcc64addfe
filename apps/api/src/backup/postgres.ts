import { spawn } from 'node:child_process';
import pg from 'pg';
import { withoutCredentials } from '../cli/reachable.js';
import { BackupError, formatOf, verifyChecksum } from './files.js';

/**
 * libpq's environment for a connection URL: the password travels in PGPASSWORD, never on a command line
 * that `ps` shows.
 */
function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env, PGCONNECT_TIMEOUT: '10' };
  env.PGHOST = decodeURIComponent(u.hostname) || 'localhost';
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  env.PGDATABASE = decodeURIComponent(u.pathname.replace(/^\//, ''));
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Runs a PostgreSQL client tool; resolves its stdout, rejects with the first error line it printed. */
function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.once('error', (error) => {
      const missing = (error as { code?: string }).code === 'ENOENT';
      reject(
        new BackupError(
          missing
            ? `${tool} is not installed: install the PostgreSQL client tools (Debian: apt-get install postgresql-client)`
            : `${tool} failed to start (${error.message})`,
        ),
      );
    });
    child.once('close', (code) => {
      if (code === 0) return resolve(out);
      const line = err.split('\n').find((l) => /error|fatal|could not/i.test(l)) ?? err.split('\n')[0] ?? '';
      reject(
        new BackupError(`${tool} failed: ${line.replace(/^\w+: /, '').trim() || `exit status ${code}`}`),
      );
    });
  });
}

/** `pg_dump --format=custom` of the database at `url` into `target` (one consistent snapshot). */
export async function backupPostgres(url: string, target: string): Promise<void> {
  await run('pg_dump', ['--format=custom', '--no-password', `--file=${target}`], libpqEnv(url));
  await run('pg_restore', ['--list', target], process.env);
}

/** Tables in the database's public schema: a restore goes into an empty database only. */
async function tableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from pg_tables where schemaname = 'public'",
    );
    return Number(rows[0]?.n ?? 0);
  } catch (error) {
    throw new BackupError(
      `PostgreSQL at ${withoutCredentials(url)} does not answer (${(error as { code?: string }).code ?? error})`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Restores a pg_dump archive into the empty database at `url` in one transaction: an archive that is
 * damaged or cut short fails and leaves the database as it was.
 */
export async function restorePostgres(file: string, url: string): Promise<void> {
  await verifyChecksum(file);
  if ((await formatOf(file)) !== 'postgres')
    throw new BackupError(`${file} is a SQLite backup: restore it without DATABASE_URL, into DATA_DIR`);
  await run('pg_restore', ['--list', file], process.env).catch((error: BackupError) => {
    throw new BackupError(`${file} is not a readable pg_dump archive (${error.message})`);
  });
  if ((await tableCount(url)) > 0)
    throw new BackupError(
      `the database at ${withoutCredentials(url)} is not empty: restore into a new one (createdb) and point DATABASE_URL at it`,
    );
  // pg_restore writes SQL to stdout unless it is given a database: its name; the rest comes from the env.
  const env = libpqEnv(url);
  const args = ['--single-transaction', '--exit-on-error', '--no-owner', '--no-acl', '--no-password'];
  await run('pg_restore', [...args, `--dbname=${env.PGDATABASE}`, file], env);
}
