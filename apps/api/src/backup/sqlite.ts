import { existsSync } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { SQLITE_FILE } from '../db/database.js';
import { BackupError, formatOf, verifyChecksum } from './files.js';

// Every remaining page in one step: the copy is one read transaction, a consistent snapshot however busy
// the writers are (WAL lets them go on). In steps, another process's every commit would restart the copy.
const ALL_PAGES = 0x7fffffff;

const describe = (error: unknown) => (error as Error).message ?? String(error);

/**
 * A copy as a backup should be: one file (rollback journal, not WAL, so no `-wal` file belongs with it)
 * that SQLite reads through (`quick_check`).
 */
async function finish(file: string): Promise<void> {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`the copy does not read back (${String(check)})`);
  } finally {
    db.close();
  }
}

/**
 * An online backup of the SQLite database in `dataDir` into `target` through a connection of its own
 * (better-sqlite3's backup API), while the server goes on writing.
 */
export async function backupSqliteFile(dataDir: string, target: string): Promise<void> {
  const source = join(dataDir, SQLITE_FILE);
  if (!existsSync(source)) throw new BackupError(`there is no database to back up at ${source}`);
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(target, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
  await finish(target);
}

/** A backup through the server's own connection (`Database.backup`): its writes meanwhile go into the copy. */
export async function backupSqliteConnection(backup: (file: string) => Promise<void>, target: string) {
  await backup(target);
  await finish(target);
}

/** A Mätnät database that SQLite reads through: whole (its size as its header says), consistent, migrated. */
async function checkRestorable(file: string): Promise<void> {
  const header = Buffer.alloc(32);
  const handle = await open(file, 'r');
  try {
    await handle.read(header, 0, 32, 0);
  } finally {
    await handle.close();
  }
  const pageSize = header.readUInt16BE(16) === 1 ? 65_536 : header.readUInt16BE(16);
  const pages = header.readUInt32BE(28);
  const size = (await stat(file)).size;
  if (pages > 0 && size < pages * pageSize)
    throw new BackupError(`the backup is incomplete: ${size} of ${pages * pageSize} bytes`);
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { fileMustExist: true });
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`the backup is damaged (${String(check)})`);
    const tables = db
      .prepare("select name from sqlite_master where type = 'table'")
      .pluck()
      .all() as string[];
    if (!tables.includes('kysely_migration') || !tables.includes('users'))
      throw new BackupError('the backup is a SQLite database, but not one of Mätnät');
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`the backup is damaged (${describe(error)})`);
  } finally {
    db?.close();
  }
}

/**
 * Restores a SQLite backup as `dataDir`'s database. The backup is checked in full (checksum, size,
 * integrity, tables) as a copy in `dataDir` before anything is replaced; a database already there is kept
 * unless `force`, and then moved aside as `matnat.sqlite.before-restore-<time>`. Resolves the path of
 * what was moved aside, if anything. The server must not be running on `dataDir`.
 */
export async function restoreSqliteFile(
  file: string,
  dataDir: string,
  force: boolean,
): Promise<string | null> {
  await verifyChecksum(file);
  if ((await formatOf(file)) !== 'sqlite')
    throw new BackupError(`${file} is a PostgreSQL backup: restore it with DATABASE_URL set`);
  const target = join(dataDir, SQLITE_FILE);
  if (existsSync(target) && !force)
    throw new BackupError(
      `${target} exists: restore into an empty DATA_DIR, or add --force to replace it (the old one is kept beside it)`,
    );
  await mkdir(dataDir, { recursive: true });
  const staging = `${target}.restoring`;
  try {
    await copyFile(file, staging);
    await checkRestorable(staging);
    let aside: string | null = null;
    if (existsSync(target)) {
      aside = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      for (const suffix of ['', '-wal', '-shm'])
        if (existsSync(target + suffix)) await rename(target + suffix, aside + suffix);
    }
    await rename(staging, target);
    return aside;
  } finally {
    await rm(staging, { force: true });
  }
}
