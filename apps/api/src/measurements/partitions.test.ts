import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, Migrator, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type Database, migrateToLatest, openDatabase } from '../db/database.js';
import { migrations } from '../db/migrations/index.js';
import type { DB } from '../db/types.js';
import { itemOfUplink } from '../ingest/accept.js';
import { IngestQueue } from '../ingest/queue.js';
import { pruneRawReadings } from '../ingest/retention.js';
import { loadSensorKeys } from '../ingest/sensorKeys.js';
import { parseTts } from '../ingest/uplinks.js';
import { createPostgresDatabase, POSTGRES_ADMIN_URL, testDialects } from '../test/harness.js';
import { ttsUplink } from '../test/lorawan.js';
import { ensurePartitions, monthPartitions, type PartitionManager, partitionName } from './partitions.js';
import { partmanAvailable } from './partman.js';

// Partitions are PostgreSQL's; SQLite keeps one table (its retention is tested in store.test.ts).
const postgres = (await testDialects()).includes('postgres');
const DAY = 86_400_000;

/** Whether this PostgreSQL server has pg_partman (Debian's postgresql-15-partman). */
async function serverHasPartman(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return (
      (await client.query(`select 1 from pg_available_extensions where name = 'pg_partman'`)).rowCount === 1
    );
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Both ways of keeping the partitions: plain SQL in a database where pg_partman is never created (null),
 * and pg_partman, created by the upkeep itself (undefined: the database is asked). Without the package
 * the pg_partman cases are skipped with a warning, except under CI=true (.ci/run installs it): there
 * they run, and fail.
 */
const partman = postgres && ((await serverHasPartman()) || process.env.CI === 'true');
if (postgres && !partman)
  console.warn(
    '\n!!! pg_partman is not installed (apt-get install -y postgresql-15-partman): its tests are skipped.\n',
  );
const managers: [string, PartitionManager | undefined][] = [
  ...(postgres ? [['plain SQL', null] as [string, null]] : []),
  ...(partman ? [['pg_partman', undefined] as [string, undefined]] : []),
];

/** Whether the database has the pg_partman extension created. */
const hasExtension = async (db: Kysely<DB>) =>
  (await sql`select 1 from pg_extension where extname = 'pg_partman'`.execute(db)).rows.length === 1;

async function withDatabase(run: (db: Kysely<DB>, url: string) => Promise<void>) {
  const pgDatabase = await createPostgresDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'matnat-partitions-'));
  let database: Database | null = null;
  try {
    database = openDatabase({ dataDir: dir, databaseUrl: pgDatabase.url });
    await run(database.db, pgDatabase.url);
  } finally {
    await database?.close();
    await pgDatabase.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A sensor to hang readings on (measurements has no foreign key; any id would do, one is realistic). */
const SENSOR = 1;

const where = async (db: Kysely<DB>) =>
  (
    await sql<{ part: string; n: string }>`select tableoid::regclass::text as part, count(*) as n
      from measurements group by 1 order by 1`.execute(db)
  ).rows.map((r) => [r.part, Number(r.n)]);

const insert = (db: Kysely<DB>, times: number[]) =>
  db
    .insertInto('measurements')
    .values(times.map((ts, i) => ({ sensor_id: SENSOR, ts, value: i })))
    .execute();

describe.each(managers)('issue 23 point 7: readings partitioned by month, kept by %s', (_, manager) => {
  const now = Date.now();

  it('measurements is partitioned by month: the current month and the next two exist, a reading goes to its month', async () => {
    await withDatabase(async (db) => {
      await migrateToLatest(db);
      const kind = await sql<{
        k: string;
      }>`select relkind as k from pg_class where relname = 'measurements'`.execute(db);
      expect(kind.rows[0]?.k).toBe('p');
      await ensurePartitions(db, now, null, manager);
      const here = new Date(now);
      const names = (await monthPartitions(db)).map((p) => p.name);
      for (const i of [0, 1, 2]) {
        const month = new Date(Date.UTC(here.getUTCFullYear(), here.getUTCMonth() + i, 1));
        expect(names).toContain(partitionName(month.getUTCFullYear(), month.getUTCMonth()));
      }
      await insert(db, [now]);
      expect(await where(db)).toEqual([[partitionName(here.getUTCFullYear(), here.getUTCMonth()), 1]]);
    });
  });

  it('a reading of a month without a partition lands in the default one, and the upkeep gives that month its own, rows moved', async () => {
    await withDatabase(async (db) => {
      await migrateToLatest(db);
      const old = [Date.UTC(2003, 4, 2), Date.UTC(2003, 4, 30, 23, 59, 59, 999), Date.UTC(2004, 0, 1)];
      await insert(db, old);
      expect(await where(db)).toEqual([['measurements_default', 3]]);
      await ensurePartitions(db, now, null, manager);
      expect(await where(db)).toEqual([
        ['measurements_p2003_05', 2],
        ['measurements_p2004_01', 1],
      ]);
      // A later reading of that month goes straight to its partition; nothing is stored twice.
      await insert(db, [Date.UTC(2003, 4, 15)]);
      await ensurePartitions(db, now, null, manager);
      expect(await where(db)).toEqual([
        ['measurements_p2003_05', 3],
        ['measurements_p2004_01', 1],
      ]);
      const stored = await db.selectFrom('measurements').select('ts').orderBy('ts').execute();
      expect(stored.map((r) => Number(r.ts))).toEqual([
        ...old.slice(0, 1),
        Date.UTC(2003, 4, 15),
        ...old.slice(1),
      ]);
    });
  });

  it('readings ingested into the default partition while the upkeep moves their month out are all kept (test:deploy lost MQTT readings so)', async () => {
    await withDatabase(async (db) => {
      await migrateToLatest(db);
      await ensurePartitions(db, now, null, manager);
      // A month without a partition of its own, already holding rows (the move takes a while).
      const month = Date.UTC(2003, 4, 1);
      await sql`insert into measurements select ${SENSOR}, ${month}::bigint + g, g from generate_series(0, 49999) g`.execute(
        db,
      );
      // Two processes' ingestion queues keep committing MQTT uplinks of that month, as test:deploy's did;
      // one uplink a transaction, so that a transaction the upkeep's attach fails is retried, not split.
      const keys = loadSensorKeys(null);
      const queues = [new IngestQueue(db, { maxBatch: 1 }), new IngestQueue(db, { maxBatch: 1 })];
      const acknowledged: number[] = [];
      let next = month + 100_000;
      let writing = true;
      const writer = async (queue: IngestQueue) => {
        while (writing) {
          const at = next;
          next += 1000;
          const parsed = parseTts(
            ttsUplink({
              eui: 'DE0000000000C001',
              at: new Date(at).toISOString(),
              decoded: { temperature: 1 },
            }),
            keys,
          );
          if (!('uplink' in parsed)) throw new Error('not an uplink');
          await queue.enqueue(itemOfUplink(parsed.uplink, null));
          acknowledged.push(at);
        }
      };
      const writers = queues.flatMap((queue) => [writer(queue), writer(queue), writer(queue)]);
      await new Promise((r) => setTimeout(r, 500));
      const upkeep = await ensurePartitions(db, now, null, manager).then(
        () => 'ok',
        (error: Error) => error.message,
      );
      await new Promise((r) => setTimeout(r, 500));
      writing = false;
      await Promise.all(writers);
      const stored = new Set(
        (
          await sql<{ ts: string }>`select ts from measurements where ts >= ${month + 100_000}`.execute(db)
        ).rows.map((r) => Number(r.ts)),
      );
      expect(acknowledged.length).toBeGreaterThan(50);
      expect({ upkeep, lost: acknowledged.filter((ts) => !stored.has(ts)) }).toEqual({
        upkeep: 'ok',
        lost: [],
      });
      // The month has its partition now; nothing of it is left in the default one.
      expect(await where(db)).toEqual([['measurements_p2003_05', 50_000 + acknowledged.length]]);
    });
  });

  it('a reading committed into the default partition just as the upkeep copies its month out is moved, not deleted', async () => {
    await withDatabase(async (db, url) => {
      await migrateToLatest(db);
      await ensurePartitions(db, now, null, manager);
      const month = Date.UTC(2003, 4, 1);
      // Enough rows that the copy takes a while, to commit the reading while it runs.
      await sql`insert into measurements select ${SENSOR}, ${month}::bigint + g, g from generate_series(0, 299999) g`.execute(
        db,
      );
      const late = month + 1_000_000;
      const writer = new pg.Client({ connectionString: url });
      await writer.connect();
      try {
        await writer.query('begin');
        await writer.query('insert into measurements values ($1, $2, 1)', [SENSOR, late]);
        const writerPid = (await writer.query('select pg_backend_pid() as pid')).rows[0].pid as number;
        const upkeep = ensurePartitions(db, now, null, manager).then(
          () => 'ok',
          (error: Error) => error.message,
        );
        // The upkeep is moving the month (plain SQL's copy, pg_partman's partition_data_time) or waits for
        // the writer: the reading commits now.
        for (let i = 0; ; i++) {
          const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity
            where datname = current_database() and pid not in (pg_backend_pid(), ${writerPid})
            and state = 'active' and (wait_event_type = 'Lock'
              or query ilike '%insert into "measurements_p2003_05"%' or query ilike '%partition_data_time%')`.execute(
            db,
          );
          if (Number(rows[0]?.n) > 0) break;
          if (i > 2000) throw new Error('the upkeep never moved the month');
          await new Promise((r) => setTimeout(r, 2));
        }
        await writer.query('commit');
        expect(await upkeep).toBe('ok');
      } finally {
        await writer.end();
      }
      const kept = await sql`select 1 from measurements where ts = ${late}`.execute(db);
      expect(kept.rows).toHaveLength(1);
      expect(await where(db)).toEqual([['measurements_p2003_05', 300_001]]);
    });
  });

  it('raw retention drops the months wholly before the cutoff and deletes only the older rows of the month it cuts', async () => {
    await withDatabase(async (db) => {
      const at = Date.UTC(2026, 6, 20, 12);
      await migrateToLatest(db);
      const times = [
        Date.UTC(2026, 3, 10),
        Date.UTC(2026, 4, 5),
        Date.UTC(2026, 5, 1),
        Date.UTC(2026, 5, 25),
        at,
      ];
      await insert(db, times);
      await ensurePartitions(db, at, null, manager);
      await db
        .insertInto('measurement_rollups_1d')
        .values({
          sensor_id: SENSOR,
          bucket_ts: Date.UTC(2026, 3, 10),
          count: 1,
          sum: 1,
          min: 1,
          max: 1,
          last_value: 1,
          last_ts: Date.UTC(2026, 3, 10),
        })
        .execute();
      // 30 days: the cutoff is 2026-06-20 12:00. April and May go as partitions; June loses its first row.
      expect(await pruneRawReadings(db, 30, at, manager)).toBe(3);
      const names = (await monthPartitions(db)).map((p) => p.name);
      expect(names).not.toContain('measurements_p2026_04');
      expect(names).not.toContain('measurements_p2026_05');
      expect(await where(db)).toEqual([
        ['measurements_p2026_06', 1],
        ['measurements_p2026_07', 1],
      ]);
      expect(await hasExtension(db)).toBe(manager !== null);
      const rollups = await db.selectFrom('measurement_rollups_1d').selectAll().execute();
      expect(rollups).toHaveLength(1);
      // A reading of a dropped month that comes late is kept in the default partition, not refused.
      await insert(db, [Date.UTC(2026, 3, 11)]);
      expect(await where(db)).toContainEqual(['measurements_default', 1]);
    });
  });

  it('the upkeep takes the partitions over as they are: first names renamed, the default partition’s rows moved, none lost', async () => {
    await withDatabase(async (db) => {
      await migrateToLatest(db);
      const here = new Date(now);
      const current = partitionName(here.getUTCFullYear(), here.getUTCMonth());
      // Migration 0013's first name for this month, as an install made before pg_partman's names has it.
      const first = `measurements_y${here.getUTCFullYear()}m${String(here.getUTCMonth() + 1).padStart(2, '0')}`;
      await sql`alter table ${sql.table(current)} rename to ${sql.table(first)}`.execute(db);
      await insert(db, [now, Date.UTC(2001, 1, 3)]);
      await ensurePartitions(db, now, null, manager);
      expect(await where(db)).toEqual([
        ['measurements_p2001_02', 1],
        [current, 1],
      ]);
      const names = (await monthPartitions(db)).map((p) => p.name);
      expect(names.filter((n) => !/^measurements_p\d{4}_\d{2}$/.test(n))).toEqual([]);
    });
  });

  it('the migration moves an existing install’s rows into month partitions, every row kept', async () => {
    await withDatabase(async (db) => {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const before = await migrator.migrateTo('0012_webhooks');
      expect(before.error).toBeUndefined();
      const times = Array.from({ length: 500 }, (_, i) => Date.UTC(2025, 0, 1) + i * 2 * DAY);
      await insert(db, times);
      const plain = await sql<{
        k: string;
      }>`select relkind as k from pg_class where relname = 'measurements'`.execute(db);
      expect(plain.rows[0]?.k).toBe('r');
      await migrateToLatest(db);
      const stored = await db.selectFrom('measurements').select(['ts', 'value']).orderBy('ts').execute();
      expect(stored.map((r) => [Number(r.ts), Number(r.value)])).toEqual(times.map((ts, i) => [ts, i]));
      const parts = await where(db);
      expect(parts.find(([name]) => name === 'measurements_default')).toBeUndefined();
      expect(parts.length).toBeGreaterThanOrEqual(32);
      expect(parts.reduce((sum, [, n]) => sum + Number(n), 0)).toBe(500);
      const leftover = await sql<{
        r: string | null;
      }>`select to_regclass('measurements_unpartitioned') as r`.execute(db);
      expect(leftover.rows[0]?.r).toBeNull();
      // And back: the down migration returns one plain table with every row.
      const down = await migrator.migrateTo('0012_webhooks');
      expect(down.error).toBeUndefined();
      const count = await db
        .selectFrom('measurements')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      expect(Number(count?.n)).toBe(500);
      const kind = await sql<{
        k: string;
      }>`select relkind as k from pg_class where relname = 'measurements'`.execute(db);
      expect(kind.rows[0]?.k).toBe('r');
    });
  });
});

describe.runIf(partman)('issue 23 point 7: pg_partman when the server has it', () => {
  it('the upkeep creates the extension, registers measurements with the app’s raw retention, and run_maintenance drops the months past it', async () => {
    await withDatabase(async (db) => {
      await migrateToLatest(db);
      expect(await partmanAvailable(db)).toBe(true);
      expect(await hasExtension(db)).toBe(false);
      const now = Date.now();
      const here = new Date(now);
      const monthsAgo = (n: number) => Date.UTC(here.getUTCFullYear(), here.getUTCMonth() - n, 15);
      await insert(db, [monthsAgo(4), monthsAgo(3), now]);
      // No retention (RAW_RETENTION_DAYS unset): pg_partman keeps every month, the old rows get theirs.
      await ensurePartitions(db, now, null);
      expect(await hasExtension(db)).toBe(true);
      const config = async () =>
        (
          await sql<{ retention: string | null; premake: number }>`select retention, premake
            from partman.part_config where parent_table = 'public.measurements'`.execute(db)
        ).rows;
      expect(await config()).toEqual([{ retention: null, premake: 2 }]);
      expect((await where(db)).map(([, n]) => n)).toEqual([1, 1, 1]);
      // RAW_RETENTION_DAYS=60: the months that ended more than 60 days ago go, as whole partitions.
      await ensurePartitions(db, now, 60);
      expect(await config()).toEqual([{ retention: '60 days', premake: 2 }]);
      const left = await where(db);
      expect(left).toEqual([[partitionName(here.getUTCFullYear(), here.getUTCMonth()), 1]]);
      const names = (await monthPartitions(db)).map((p) => p.name);
      const ahead = new Date(Date.UTC(here.getUTCFullYear(), here.getUTCMonth() + 2, 1));
      expect(names).toContain(partitionName(ahead.getUTCFullYear(), ahead.getUTCMonth()));
      const gone = new Date(monthsAgo(3));
      expect(names).not.toContain(partitionName(gone.getUTCFullYear(), gone.getUTCMonth()));
      // Migration 0013's down gives the table back to plain SQL: pg_partman forgets it.
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0012_webhooks')).error).toBeUndefined();
      expect(await config()).toEqual([]);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      await ensurePartitions(db, now, 60);
      expect(await config()).toEqual([{ retention: '60 days', premake: 2 }]);
    });
  });
});
