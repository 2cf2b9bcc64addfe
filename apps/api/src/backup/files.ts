import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';

/** What a backup holds: a SQLite database file, or a pg_dump archive in custom format. */
export type BackupFormat = 'sqlite' | 'postgres';

/** A backup that cannot be made or restored, said in one line (nothing was changed). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
const PGDMP_MAGIC = Buffer.from('PGDMP', 'latin1');

/** The format of a backup by its first bytes; a BackupError for anything else. */
export async function formatOf(file: string): Promise<BackupFormat> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw new BackupError(`${file} cannot be read (${(error as { code?: string }).code ?? error})`);
  }
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, 16, 0);
    if (bytesRead === 16 && head.equals(SQLITE_MAGIC)) return 'sqlite';
    if (bytesRead >= 5 && head.subarray(0, 5).equals(PGDMP_MAGIC)) return 'postgres';
    throw new BackupError(`${file} is not a Mätnät backup (neither a SQLite database nor a pg_dump archive)`);
  } finally {
    await handle.close();
  }
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

/** The checksum file beside a backup, in `sha256sum` format (`sha256sum -c FILE.sha256` checks it too). */
export const checksumFile = (file: string) => `${file}.sha256`;

export async function writeChecksum(file: string): Promise<string> {
  const digest = await sha256Of(file);
  await writeFile(checksumFile(file), `${digest}  ${basename(file)}\n`);
  return digest;
}

/**
 * Checks the backup against its `.sha256` when there is one (a copy cut short or damaged in transit);
 * resolves whether there was one to check.
 */
export async function verifyChecksum(file: string): Promise<boolean> {
  let line: string;
  try {
    line = await readFile(checksumFile(file), 'utf8');
  } catch {
    return false;
  }
  const expected = /^([0-9a-f]{64})\b/.exec(line)?.[1];
  if (!expected) throw new BackupError(`${checksumFile(file)} is not a sha256sum line`);
  if ((await sha256Of(file)) !== expected)
    throw new BackupError(
      `${file} does not match its checksum (${checksumFile(file)}): it is damaged or incomplete`,
    );
  return true;
}

/**
 * Writes `file` through `write(partial)` into `<file>.partial` and renames it into place only once
 * complete, with its checksum beside it: a backup that failed or was interrupted never looks like one.
 */
export async function writeAtomically(
  file: string,
  write: (partial: string) => Promise<void>,
): Promise<void> {
  if (
    await stat(file).then(
      () => true,
      () => false,
    )
  )
    throw new BackupError(`${file} exists already`);
  const partial = `${file}.partial`;
  try {
    await write(partial);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  await writeChecksum(file);
}
