import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dialect, openDatabase, SQLITE_FILE } from '../db/database.js';
import type { DB } from '../db/types.js';
import { matnatInProcess } from '../test/cli.js';
import { createPostgresDatabase, createTestApp, testDialects } from '../test/harness.js';
import { ingestReadings } from '../test/ingest.js';
import {
  prepareServerDatabase,
  type ServerProcess,
  signIn,
  startServer,
  waitFor,
} from '../test/processes.js';
import { backupSchedule } from './backups.js';
import { sha256Of, verifyChecksum } from './files.js';

const dialects = await testDialects();
const apiRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SECRET = 'mtn_int_backup_test_secret';
const DEVICE = 'BACKUPHTTP000001';

/** `matnat …` as its own process (the sources through tsx, as the tests run the server). */
function matnat(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string; err: string }>((done) => {
    const child = spawn(
      process.execPath,
      ['--conditions=@matnat/source', '--import', 'tsx', 'src/main.ts', ...args],
      {
        cwd: apiRoot,
        env: { ...process.env, LOG_LEVEL: 'warn', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.on('data', (c) => {
      err += c;
    });
    child.once('close', (code) => done({ code, out, err }));
  });
}

async function storedTimes(db: Kysely<DB>): Promise<Set<number>> {
  const rows = await db
    .selectFrom('measurements')
    .innerJoin('sensors', 'sensors.id', 'measurements.sensor_id')
    .innerJoin('devices', 'devices.id', 'sensors.device_id')
    .select('measurements.ts')
    .where('devices.external_device_id', '=', DEVICE)
    .execute();
  return new Set(rows.map((r) => Number(r.ts)));
}

/** Posts batches of readings until stopped; keeps the times of the acknowledged ones. */
function sender(server: ServerProcess) {
  const acknowledged: number[] = [];
  let running = true;
  let next = Date.UTC(2026, 0, 1);
  const loop = (async () => {
    while (running) {
      const readings = Array.from({ length: 50 }, (_, i) => ({
        sensor: 'temperature',
        ts: next + i * 1000,
        value: i % 30,
      }));
      next += 50_000;
      const response = await fetch(`${server.url}/api/v1/ingest`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
        body: JSON.stringify({ device: DEVICE, readings }),
      }).catch(() => null);
      if (response?.ok) acknowledged.push(...readings.map((r) => r.ts));
    }
  })();
  return {
    acknowledged,
    async stop() {
      running = false;
      await loop;
    },
  };
}

/** Tables of a PostgreSQL database's public schema, or the SQLite file's hash (null: none). */
async function targetState(dialect: Dialect, env: Record<string, string>): Promise<string | null> {
  if (dialect === 'sqlite') {
    const file = join(env.DATA_DIR!, SQLITE_FILE);
    return existsSync(file) ? sha256Of(file) : null;
  }
  const database = openDatabase({ dataDir: tmpdir(), databaseUrl: env.DATABASE_URL! });
  try {
    const tables = await database.db.introspection.getTables();
    return tables.length === 0
      ? null
      : tables
          .map((t) => t.name)
          .sort()
          .join(',');
  } finally {
    await database.close();
  }
}

describe.each(dialects)('backups (%s) (issue 23 point 3)', (dialect) => {
  const dir = mkdtempSync(join(tmpdir(), 'matnat-backup-'));
  const ext = dialect === 'sqlite' ? 'sqlite' : 'dump';
  const file = join(dir, `backup.${ext}`);
  let prepared: Awaited<ReturnType<typeof prepareServerDatabase>>;
  const cleanup: (() => Promise<void>)[] = [];
  /** A fresh, empty target: a data directory, or a new PostgreSQL database. */
  const freshTarget = async (name: string): Promise<Record<string, string>> => {
    if (dialect === 'sqlite') return { ...prepared.env, DATA_DIR: join(dir, name) };
    const database = await createPostgresDatabase();
    cleanup.push(database.drop);
    return { ...prepared.env, DATABASE_URL: database.url };
  };

  beforeAll(async () => {
    prepared = await prepareServerDatabase(dialect, dir, SECRET);
  });
  afterAll(async () => {
    for (const drop of cleanup) await drop();
    await prepared?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a backup taken during sustained ingestion restores into a fresh target: every reading acknowledged before it began is there, the restored server starts and the demo logins work', async () => {
    const server = await startServer(prepared.env);
    const load = sender(server);
    try {
      await waitFor(async () => load.acknowledged.length >= 1000, 'ingestion under way');
      const before = [...load.acknowledged];
      const backup = await matnat(['backup', file], prepared.env);
      expect(backup).toMatchObject({ code: 0, err: '' });
      expect(backup.out).toMatch(/^backup written: .*backup\.\w+ \([\d.]+ MiB in [\d.]+ s\)$/m);
      // Ingestion went on around it.
      await waitFor(async () => load.acknowledged.length > before.length + 500, 'ingestion after the backup');
      await load.stop();
      await server.kill('SIGTERM');

      expect(readFileSync(`${file}.sha256`, 'utf8')).toBe(`${await sha256Of(file)}  backup.${ext}\n`);
      const target = await freshTarget('restored');
      const restored = await matnat(['restore', file], target);
      expect(restored).toMatchObject({ code: 0, err: '' });
      const database = openDatabase({
        dataDir: target.DATA_DIR ?? dir,
        databaseUrl: target.DATABASE_URL ?? null,
      });
      try {
        const have = await storedTimes(database.db);
        expect(before.filter((ts) => !have.has(ts))).toEqual([]);
      } finally {
        await database.close();
      }
      const again = await startServer(target);
      try {
        const cookie = await signIn(again.url, 'anna@matnat.se');
        const me = await fetch(`${again.url}/api/me`, { headers: { cookie } });
        expect(((await me.json()) as { data: { email: string } }).data.email).toBe('anna@matnat.se');
      } finally {
        await again.kill('SIGTERM');
      }
    } finally {
      await load.stop();
      await server.kill('SIGKILL');
    }
  }, 180_000);

  it('a damaged, cut-short or foreign backup is refused with one clear line, and nothing changes', async () => {
    expect(existsSync(file)).toBe(true);
    const size = statSync(file).size;
    const cut = join(dir, `cut.${ext}`);
    writeFileSync(cut, readFileSync(file).subarray(0, Math.floor(size / 2)));
    const damaged = join(dir, `damaged.${ext}`);
    const bytes = Buffer.from(readFileSync(file));
    bytes.fill(0x5a, Math.floor(size / 2), Math.floor(size / 2) + 64);
    writeFileSync(damaged, bytes);
    copyFileSync(`${file}.sha256`, `${damaged}.sha256`);
    const foreign = join(dir, 'notes.txt');
    writeFileSync(foreign, 'not a backup at all\n');
    const otherKind = join(dir, `other.${ext}`);
    if (dialect === 'sqlite')
      writeFileSync(otherKind, Buffer.concat([Buffer.from('PGDMP'), Buffer.alloc(100)]));
    else new SQLite(otherKind).exec('create table t (x)');

    const empty = await freshTarget('empty');
    const cases: [string, string[], RegExp][] = [
      ['damaged, with its checksum', [damaged], /does not match its checksum .*damaged or incomplete$/],
      [
        'cut short',
        [cut],
        dialect === 'sqlite' ? /the backup is incomplete: \d+ of \d+ bytes$/ : /pg_restore failed: /,
      ],
      [
        'not a backup',
        [foreign],
        /is not a Mätnät backup \(neither a SQLite database nor a pg_dump archive\)$/,
      ],
      [
        'of the other database',
        [otherKind],
        dialect === 'sqlite' ? /is a PostgreSQL backup/ : /is a SQLite backup/,
      ],
    ];
    for (const [name, args, message] of cases) {
      const result = await matnatInProcess(['restore', ...args], empty);
      const lines = result.err.trim().split('\n');
      expect({ name, code: result.code, lines: lines.length }).toEqual({ name, code: 1, lines: 1 });
      expect(lines[0]).toMatch(/^matnat: /);
      expect(lines[0]).toMatch(message);
      expect(await targetState(dialect, empty)).toBeNull();
    }

    // A target that holds a database: refused (SQLite: unless --force; PostgreSQL: always), and a bad
    // backup with --force leaves it as it was.
    const full = await freshTarget('full');
    expect((await matnatInProcess(['restore', file], full)).code).toBe(0);
    const state = await targetState(dialect, full);
    const refused = await matnatInProcess(['restore', file], full);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(
      dialect === 'sqlite'
        ? /exists: restore into an empty DATA_DIR, or add --force/
        : /is not empty: restore into a new one/,
    );
    const forced = await matnatInProcess(['restore', damaged, '--force'], full);
    expect(forced.code).toBe(1);
    expect(await targetState(dialect, full)).toBe(state);
    // Nothing left behind: no copy being checked, nothing moved aside (app-key is the CLI's own key).
    if (dialect === 'sqlite') expect(readdirSync(full.DATA_DIR!).sort()).toEqual(['app-key', SQLITE_FILE]);
  }, 120_000);

  it('scheduled backups while readings are written: one per run into BACKUP_DIR with its checksum, the newest BACKUP_KEEP kept, each holding every reading stored before it began', async () => {
    const backupDir = join(dir, 'scheduled');
    const t = await createTestApp({
      dialect,
      config: { backup: { dir: backupDir, intervalMs: 3_600_000, keep: 2 } },
    });
    const schedule = backupSchedule(t.config, t.database, t.app.log);
    try {
      const sensor = await t.db
        .insertInto('devices')
        .values({
          title: 'Schemalagd',
          external_device_id: DEVICE,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((device) =>
          t.db
            .insertInto('sensors')
            .values({
              device_id: device.id,
              type: 'temperature',
              name: 'T',
              unit: '°C',
              created_at: new Date().toISOString(),
            })
            .returning('id')
            .executeTakeFirstOrThrow(),
        );
      let ts = Date.UTC(2026, 0, 1);
      const written: number[] = [];
      let writing = true;
      const writer = (async () => {
        while (writing) {
          const first = ts;
          ts += 100_000;
          const batch = Array.from({ length: 100 }, (_, n) => ({
            sensor_id: sensor.id,
            ts: first + n * 1000,
            value: 1,
          }));
          await ingestReadings(t.app, batch);
          written.push(...batch.map((r) => r.ts));
        }
      })();
      const files: string[] = [];
      let beforeLast: number[] = [];
      for (let i = 0; i < 3; i++) {
        await waitFor(async () => written.length >= (i + 1) * 300, 'readings between backups');
        beforeLast = [...written];
        files.push(await schedule.run());
        // Names are by the second: the next one needs a new second.
        await new Promise((r) => setTimeout(r, 1100));
      }
      writing = false;
      await writer;
      const names = readdirSync(backupDir).sort();
      expect(names).toEqual(
        files.slice(1).flatMap((f) => [f.split('/').at(-1)!, `${f.split('/').at(-1)!}.sha256`]),
      );
      for (const f of files.slice(1)) expect(await verifyChecksum(f)).toBe(true);
      expect(files.every((f) => new RegExp(`/matnat-\\d{8}T\\d{6}Z\\.${ext}$`).test(f))).toBe(true);

      const target = await freshTarget('from-schedule');
      expect((await matnatInProcess(['restore', files.at(-1)!], target)).code).toBe(0);
      const database = openDatabase({
        dataDir: target.DATA_DIR ?? dir,
        databaseUrl: target.DATABASE_URL ?? null,
      });
      try {
        const have = await storedTimes(database.db);
        expect(beforeLast.filter((time) => !have.has(time))).toEqual([]);
      } finally {
        await database.close();
      }
    } finally {
      await schedule.stop();
      await t.close();
    }
  }, 120_000);
});
