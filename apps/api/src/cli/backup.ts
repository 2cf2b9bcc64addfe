import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { backUp, restore } from '../backup/backups.js';
import { BackupError } from '../backup/files.js';
import { CliError, type Command, EXIT, print } from './command.js';
import { checkDatabase } from './reachable.js';
import { configFrom } from './setup.js';

const failed = (error: unknown): never => {
  if (error instanceof BackupError) throw new CliError(error.message);
  throw error;
};

export const backupCommand: Command = {
  summary: 'back up the database into FILE (and FILE.sha256) while the server runs',
  usage: 'backup FILE',
  help: [
    "SQLite: an online copy of DATA_DIR/matnat.sqlite (better-sqlite3's backup API), consistent while",
    'the server goes on writing. PostgreSQL (DATABASE_URL): pg_dump --format=custom, which needs the',
    'PostgreSQL client tools. FILE must not exist; it appears only once complete, with FILE.sha256 beside it.',
  ].join('\n'),
  positionals: 1,
  async run({ positionals }, io) {
    const file = resolve(positionals[0]!);
    const config = configFrom(io);
    await checkDatabase(config);
    const started = Date.now();
    await backUp(config, file).catch(failed);
    const { size } = await stat(file);
    print(
      io.out,
      `backup written: ${file} (${(size / 1024 / 1024).toFixed(1)} MiB in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    return EXIT.ok;
  },
};

export const restoreCommand: Command = {
  summary: 'restore a backup into an empty data directory or database',
  usage: 'restore FILE [--force]',
  help: [
    'Checks the backup in full first (its .sha256 when present, format, integrity); a damaged or cut-short',
    'backup is refused and nothing changes. SQLite: into DATA_DIR, which must hold no database unless',
    '--force (the old one is then kept as matnat.sqlite.before-restore-<time>); stop the server first.',
    'PostgreSQL: into the empty database at DATABASE_URL (createdb one), in one transaction.',
  ].join('\n'),
  options: { force: { type: 'boolean' } },
  positionals: 1,
  async run({ values, positionals }, io) {
    const file = resolve(positionals[0]!);
    const config = configFrom(io);
    await checkDatabase(config);
    const aside = await restore(config, file, values.force === true).catch(failed);
    if (aside) print(io.out, `the database that was there is kept as ${aside}`);
    print(io.out, `restored ${file}: start the server (matnat serve) to use it`);
    return EXIT.ok;
  },
};
