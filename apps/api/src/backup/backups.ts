import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { checksumFile, writeAtomically } from './files.js';
import { backupPostgres, restorePostgres } from './postgres.js';
import { backupSqliteConnection, backupSqliteFile, restoreSqliteFile } from './sqlite.js';

/**
 * Backs up the configured database into `file` (and `file.sha256`): SQLite through the given live
 * connection (the server's) or a connection of its own (the CLI), PostgreSQL with pg_dump.
 */
export async function backUp(config: Config, file: string, live?: Database): Promise<void> {
  await writeAtomically(file, async (partial) => {
    if (config.databaseUrl) await backupPostgres(config.databaseUrl, partial);
    else if (live?.backup) await backupSqliteConnection(live.backup, partial);
    else await backupSqliteFile(config.dataDir, partial);
  });
}

/** Restores `file` into the configured database (see restoreSqliteFile, restorePostgres). */
export async function restore(config: Config, file: string, force: boolean): Promise<string | null> {
  if (config.databaseUrl) {
    await restorePostgres(file, config.databaseUrl);
    return null;
  }
  return restoreSqliteFile(file, config.dataDir, force);
}

const SCHEDULED = /^matnat-\d{8}T\d{6}Z\.(sqlite|dump)$/;

/** The scheduled backups in `dir`, oldest first. */
async function scheduled(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((name) => SCHEDULED.test(name)).sort();
}

const stamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

export interface BackupSchedule {
  /** Makes one backup now and drops the oldest beyond `BACKUP_KEEP`; resolves its path. */
  run(): Promise<string>;
  /** Starts the timer: the first backup one interval after the newest there (at once when overdue). */
  start(): Promise<void>;
  /** No further backups; resolves once one being written has finished (before the database closes). */
  stop(): Promise<void>;
}

/**
 * Backups every `BACKUP_INTERVAL` into `BACKUP_DIR` (`matnat-<UTC time>.sqlite` or `.dump`, each with its
 * `.sha256`), keeping the newest `BACKUP_KEEP`. The first comes one interval after the newest backup
 * already there (at once when that is overdue), so restarts neither skip nor repeat one.
 */
export function backupSchedule(config: Config, database: Database, log: FastifyBaseLogger): BackupSchedule {
  const dir = config.backup.dir!;
  const extension = config.databaseUrl ? 'dump' : 'sqlite';
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const backup = async () => {
    await mkdir(dir, { recursive: true });
    const file = join(dir, `matnat-${stamp(new Date())}.${extension}`);
    const started = Date.now();
    await backUp(config, file, database);
    const { size } = await stat(file);
    log.info({ file, bytes: size, ms: Date.now() - started }, 'backup written');
    const all = await scheduled(dir);
    for (const old of all.slice(0, Math.max(0, all.length - config.backup.keep))) {
      await rm(join(dir, old), { force: true });
      await rm(checksumFile(join(dir, old)), { force: true });
    }
    return file;
  };
  const run = () => {
    const done = backup();
    running = done.catch(() => {});
    return done;
  };
  const next = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      run()
        .catch((err) => log.error({ err }, 'scheduled backup failed'))
        .finally(() => next(config.backup.intervalMs));
    }, delayMs);
    timer.unref();
  };
  return {
    run,
    async start() {
      const newest = (await scheduled(dir)).at(-1);
      const last = newest ? (await stat(join(dir, newest))).mtimeMs : 0;
      next(Math.max(1000, Math.min(config.backup.intervalMs, last + config.backup.intervalMs - Date.now())));
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
