// `npm run bench:partitions` (issue 23 point 7, not in CI): 20 million readings on PostgreSQL in the table
// partitioned by month, the same readings in SQLite, then a year panel (the dashboard's measurement call
// for a year) timed on both servers taking turns; and the insert throughput of the partitioned table
// against a plain one (before/after), the two loads taking turns sensor by sensor. Readings go in through
// the app's own write (insertMeasurements: multi-row INSERTs of 2,000 with the hourly and daily rollups,
// one transaction per 30 days of a sensor), as ingestion writes them. Needs PostgreSQL
// (TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/test). BENCH_READINGS sets the count.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { seedDemoAccounts } from '../src/auth/demoAccounts.js';
import { type Database, migrateToLatest, openDatabase } from '../src/db/database.js';
import type { DB } from '../src/db/types.js';
import { ensurePartitions, unpartitionMeasurements } from '../src/measurements/partitions.js';
import { createPostgresDatabase } from '../src/test/harness.js';
import { login, median, startBenchServer } from './http.js';
import { addMinuteSensor } from './minuteSensor.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const READINGS = Number(process.env.BENCH_READINGS ?? 20_000_000);
const SENSORS = 40;
const PER_SENSOR = Math.ceil(READINGS / SENSORS);
const PANEL_RUNS = 7;
const end = Math.floor(Date.now() / MINUTE) * MINUTE;
const start = end - PER_SENSOR * MINUTE;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const log = (...args: unknown[]) => console.error(new Date().toISOString().slice(11, 19), ...args);

interface Store {
  name: string;
  database: Database;
  url?: string;
  file?: string;
  team: number;
  sensors: number[];
  insertSeconds: number[];
  drop(): Promise<void>;
}

async function postgresStore(name: string, partitioned: boolean): Promise<Store> {
  const pg = await createPostgresDatabase();
  const database = openDatabase({ dataDir: tmpdir(), databaseUrl: pg.url });
  await migrateToLatest(database.db);
  if (partitioned) {
    // The months the readings fall in made first, as the hourly upkeep would have made them as time went.
    for (let t = start; t < end + 31 * DAY; t += 28 * DAY) await ensurePartitions(database.db, t, null, null);
  } else await unpartitionMeasurements(database.db);
  return store(name, database, { url: pg.url, drop: pg.drop });
}

async function sqliteStore(): Promise<Store> {
  const dir = mkdtempSync(join(tmpdir(), 'matnat-bench-partitions-'));
  const file = join(dir, 'bench.sqlite');
  const database = openDatabase({ dataDir: dir, sqliteFile: file });
  await migrateToLatest(database.db);
  return store('SQLite', database, {
    file,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  });
}

async function store(
  name: string,
  database: Database,
  where: { url?: string; file?: string; drop(): Promise<void> },
): Promise<Store> {
  const accounts = await seedDemoAccounts(database.db, { memoryCost: 256, timeCost: 1 });
  return { name, database, ...where, team: accounts.teams.north, sensors: [], insertSeconds: [] };
}

/** One sensor's readings (a reading a minute, PER_SENSOR of them) into `s`, timed. */
async function loadSensor(s: Store, i: number): Promise<void> {
  const t = performance.now();
  const { sensorId } = await addMinuteSensor(s.database.db as Kysely<DB>, {
    title: `Bench ${i}`,
    externalId: `bench-${i}`,
    start,
    minutes: PER_SENSOR,
    teamId: s.team,
  });
  s.insertSeconds.push((performance.now() - t) / 1000);
  s.sensors.push(sensorId);
}

const rate = (s: Store) => PER_SENSOR / median(s.insertSeconds);

async function main() {
  log(`bench:partitions: ${READINGS.toLocaleString('en')} readings (${SENSORS} sensors), load ${load()}`);
  const partitioned = await postgresStore('PostgreSQL, partitioned by month', true);
  const plain = await postgresStore('PostgreSQL, one plain table', false);
  const sqlite = await sqliteStore();
  const loadStart = load();
  // The two PostgreSQL tables take turns, sensor by sensor: their throughputs meet the same machine.
  for (let i = 0; i < SENSORS; i++) {
    for (const s of i % 2 ? [plain, partitioned] : [partitioned, plain]) await loadSensor(s, i);
    log(
      `sensor ${i + 1}/${SENSORS}: ${partitioned.insertSeconds.at(-1)!.toFixed(1)} s partitioned, ${plain.insertSeconds.at(-1)!.toFixed(1)} s plain, load ${load()}`,
    );
  }
  const loadPg = load();
  await plain.database.close();
  await plain.drop();
  const sqliteStart = performance.now();
  for (let i = 0; i < SENSORS; i++) await loadSensor(sqlite, i);
  const sqliteLoadS = (performance.now() - sqliteStart) / 1000;
  log(`SQLite loaded in ${sqliteLoadS.toFixed(0)} s, load ${load()}`);
  await sqlite.database.close();
  const counted = await sql<{ n: string }>`select count(*) as n from pg_inherits
    where inhparent = 'measurements'::regclass`.execute(partitioned.database.db);
  const partitions = Number(counted.rows[0]?.n);
  await partitioned.database.close();

  // The year panel: both servers up, each request alone, the two taking turns.
  const servers = [
    { s: partitioned, server: await startBenchServer({ BENCH_DATABASE_URL: partitioned.url! }) },
    { s: sqlite, server: await startBenchServer({ BENCH_DB: sqlite.file! }) },
  ];
  // A year (hourly rollups, max_points=1000) and, for comparison, a day of raw minute readings.
  const ranges = { year: 365 * DAY, day: DAY };
  const times = new Map<string, number[]>();
  const panelLoad = load();
  try {
    const cookies = await Promise.all(servers.map(({ server }) => login(`http://127.0.0.1:${server.port}`)));
    for (let run = -2; run < PANEL_RUNS; run++) {
      for (const [range, width] of Object.entries(ranges)) {
        for (const [k, { s, server }] of servers.entries()) {
          const sensor = s.sensors[(run + 2) % SENSORS]!;
          const url = `http://127.0.0.1:${server.port}/api/v1/sensor/${sensor}/measurements?from=${new Date(end - width).toISOString()}&to=${new Date(end).toISOString()}&interval_slug=1_m&max_points=1000`;
          const t = performance.now();
          const res = await fetch(url, { headers: { cookie: cookies[k]! } });
          const body = (await res.json()) as { data: unknown[] };
          const ms = performance.now() - t;
          if (res.status !== 200 || body.data.length === 0) throw new Error(`${s.name}: ${res.status}`);
          const key = `${range} ${s.name}`;
          if (run >= 0) times.set(key, [...(times.get(key) ?? []), ms]);
        }
      }
    }
  } finally {
    for (const { server } of servers) await server.stop();
  }
  const med = (range: string, s: Store) => median(times.get(`${range} ${s.name}`)!);
  const pgMs = med('year', partitioned);
  const sqliteMs = med('year', sqlite);
  console.log(
    JSON.stringify(
      {
        readings: PER_SENSOR * SENSORS,
        sensors: SENSORS,
        partitions,
        insert: {
          partitionedPerS: Math.round(rate(partitioned)),
          plainPerS: Math.round(rate(plain)),
          ratio: +(rate(partitioned) / rate(plain)).toFixed(2),
          samples: SENSORS,
          sqliteLoadS: Math.round(sqliteLoadS),
          sqlitePerS: Math.round(rate(sqlite)),
        },
        yearPanel: {
          postgresMs: +pgMs.toFixed(1),
          sqliteMs: +sqliteMs.toFixed(1),
          ratio: +(pgMs / sqliteMs).toFixed(2),
          budget: '≤ 2',
          runs: PANEL_RUNS,
          postgres: times.get(`year ${partitioned.name}`)!.map((t) => +t.toFixed(1)),
          sqlite: times.get(`year ${sqlite.name}`)!.map((t) => +t.toFixed(1)),
        },
        dayPanel: {
          postgresMs: +med('day', partitioned).toFixed(1),
          sqliteMs: +med('day', sqlite).toFixed(1),
          ratio: +(med('day', partitioned) / med('day', sqlite)).toFixed(2),
        },
        load: { start: loadStart, afterPostgresLoad: loadPg, panel: panelLoad, end: load() },
      },
      null,
      2,
    ),
  );
  await partitioned.drop();
  await sqlite.drop();
}

await main();
