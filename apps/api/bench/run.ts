import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALLOWED_QUERY, Dashboard } from '@matnat/contract';
import autocannon from 'autocannon';
import { seedDemoAccounts } from '../src/auth/demoAccounts.js';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import { dataOf } from '../src/http/answers.js';
import { parseListQuery } from '../src/http/query.js';
import { contractSerializer } from '../src/http/serialize.js';
import { loadDashboards } from '../src/routes/dashboards.js';
import { seedDemo } from '../src/seed/index.js';
import { cpuSeconds, login, median, startBenchServer } from './http.js';
import { addMinuteSensor } from './minuteSensor.js';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../..');
const DAY = 86_400_000;
const MINUTE = 60_000;
const RUNS = 30;

const SHOW_INCLUDES = [
  'panels',
  'panels.lineChartItems.sensor',
  'panels.lineChartItems.device.sensors',
  'panels.lineChartItems.device.defaultSensor',
  'panels.singleValueItem.sensor',
  'panels.singleValueItem.device.sensors',
].join(',');

const dir = mkdtempSync(join(tmpdir(), 'matnat-bench-'));
const file = join(dir, 'bench.sqlite');

async function prepare() {
  const { db } = openDatabase({ dataDir: dir, sqliteFile: file });
  await migrateToLatest(db);
  let t = performance.now();
  const accounts = await seedDemoAccounts(db, { memoryCost: 19_456, timeCost: 2 });
  await seedDemo(db, { accounts });
  const seedMs = performance.now() - t;

  const end = Math.floor(Date.now() / MINUTE) * MINUTE;
  const start = end - 365 * DAY;
  t = performance.now();
  const sensor = await addMinuteSensor(db, {
    title: 'Temperaturspjut Benchmark',
    externalId: 'eui-benchmark',
    start,
    minutes: (end - start) / MINUTE,
    teamId: accounts.teams.north,
  });
  const insertMs = performance.now() - t;
  const rows = await db
    .selectFrom('measurements')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sensor_id', '=', sensor.sensorId)
    .executeTakeFirstOrThrow();
  const dashboard = await db
    .selectFrom('dashboards')
    .select('id')
    .where('title', '=', 'Skogens temperaturer')
    .executeTakeFirstOrThrow();
  await db.destroy();
  return {
    seedMs,
    insertMs,
    rows: Number(rows.n),
    sensorId: sensor.sensorId,
    start,
    end,
    dashboardId: dashboard.id,
  };
}

interface ServerVariant {
  /** Statements prepared anew per query (off) or kept prepared per connection. */
  statementCache?: boolean;
  /** Answers by JSON.stringify (plain) or the contract's serializers. */
  answers?: 'plain' | 'contract';
}

function startServer({ statementCache = true, answers = 'contract' }: ServerVariant = {}) {
  return startBenchServer({
    BENCH_DB: file,
    NODE_ENV: 'production',
    BENCH_STATEMENT_CACHE: statementCache ? 'on' : 'off',
    BENCH_ANSWERS: answers,
  });
}

/**
 * Server CPU milliseconds per answered request of `url` under autocannon (10 connections, `seconds`);
 * NaN when nothing was answered (a starved machine), never the CPU of no answers counted as one.
 */
async function cpuPerRequest(pid: number, url: string, cookie: string, seconds: number): Promise<number> {
  await autocannon({ url, connections: 10, duration: 1, headers: { cookie } });
  const before = cpuSeconds(pid);
  const run = await autocannon({ url, connections: 10, duration: seconds, headers: { cookie } });
  return run['2xx'] > 0 ? ((cpuSeconds(pid) - before) * 1000) / run['2xx'] : Number.NaN;
}

/** The median of the windows that answered anything (NaN when none did). */
const answeredMedian = (xs: number[]) => {
  const answered = xs.filter(Number.isFinite);
  return answered.length > 0 ? median(answered) : Number.NaN;
};

type Route = 'health' | 'dashboard' | 'dashboardList';

/** Rounds of each before/after comparison: each side answers every route this many times, alternately. */
const AB_ROUNDS = 5;

/**
 * Server CPU per request of `routes` on two server variants, before and after, the servers taking turns so
 * both see the same machine (`AB_ROUNDS` rounds of 3 s per route, median), and the load average meanwhile.
 */
async function beforeAfter(
  dashboardId: number,
  before: ServerVariant,
  after: ServerVariant,
  routes: Route[],
) {
  const cpu = { before: new Map<Route, number[]>(), after: new Map<Route, number[]>() };
  const loads: number[] = [];
  for (let round = 0; round < AB_ROUNDS; round++) {
    for (const side of ['before', 'after'] as const) {
      const server = await startServer(side === 'before' ? before : after);
      try {
        const base = `http://127.0.0.1:${server.port}`;
        const cookie = await login(base);
        for (const route of routes) {
          const ms = await cpuPerRequest(server.pid, routeUrl(base, route, dashboardId), cookie, 3);
          cpu[side].set(route, [...(cpu[side].get(route) ?? []), ms]);
          loads.push(loadavg()[0]!);
        }
      } finally {
        await server.stop();
      }
    }
  }
  const rows = routes.map((route) => ({
    route,
    before: answeredMedian(cpu.before.get(route)!),
    after: answeredMedian(cpu.after.get(route)!),
  }));
  return { rows, load: { min: Math.min(...loads), max: Math.max(...loads) } };
}

function routeUrl(base: string, route: Route, dashboardId: number): string {
  if (route === 'health') return `${base}/api/health`;
  if (route === 'dashboard') return `${base}/api/v1/dashboard/${dashboardId}/?include=${SHOW_INCLUDES}`;
  return `${base}/api/v1/dashboard?include=${SHOW_INCLUDES}`;
}

const ROUTE_NAMES: Record<Route, string> = {
  health: 'GET /api/health',
  dashboard: 'GET /api/v1/dashboard/{id}/ (cached read)',
  dashboardList: 'GET /api/v1/dashboard with the same includes (serialised every request)',
};

/** Server CPU per request in µs, as the before/after tables give it. */
const micros = (ms: number) => `${Math.round(ms * 1000).toLocaleString('en')} µs`;

function beforeAfterRows({ rows, load }: Awaited<ReturnType<typeof beforeAfter>>): string[] {
  const loadText = `${load.min.toFixed(1)}–${load.max.toFixed(1)}`;
  return rows.map(({ route, before: b, after: a }) =>
    Number.isFinite(a) && Number.isFinite(b)
      ? `| ${ROUTE_NAMES[route]} | ${micros(b)} | ${micros(a)} | ${(((b - a) / b) * 100).toFixed(0)} % | ${loadText} |`
      : `| ${ROUTE_NAMES[route]} | no answer in any window: machine too busy | | | ${loadText} |`,
  );
}

/**
 * CPU milliseconds of loading and serialising the dashboard afresh (what the first read after a write
 * costs, in-process without HTTP): the queries and the JSON, median of 500 after a warm-up.
 */
async function freshDashboardMs(
  dashboardId: number,
  serialize: (answer: unknown) => string = JSON.stringify,
): Promise<number> {
  const { db } = openDatabase({ dataDir: dir, sqliteFile: file });
  const include = parseListQuery(
    { include: SHOW_INCLUDES },
    { include: ALLOWED_QUERY.dashboard.include },
  ).include;
  const times: number[] = [];
  for (let i = 0; i < 600; i++) {
    const t = performance.now();
    const row = await db
      .selectFrom('dashboards')
      .selectAll()
      .where('id', '=', dashboardId)
      .executeTakeFirstOrThrow();
    serialize({ data: (await loadDashboards(db, [row], include))[0] });
    if (i >= 100) times.push(performance.now() - t);
  }
  await db.destroy();
  return median(times);
}

try {
  console.log('Preparing the SQLite database with the demo world …');
  const prep = await prepare();
  console.log(
    `  demo world seeded in ${(prep.seedMs / 1000).toFixed(1)} s; ${prep.rows.toLocaleString('en')} minute readings inserted in ${(prep.insertMs / 1000).toFixed(1)} s`,
  );
  const server = await startServer();
  const base = `http://127.0.0.1:${server.port}`;
  try {
    const cookie = await login(base);
    const dashboardUrl = `${base}/api/v1/dashboard/${prep.dashboardId}/?include=${SHOW_INCLUDES}`;
    const probe = await fetch(dashboardUrl, { headers: { cookie } });
    if (probe.status !== 200) throw new Error(`dashboard answered ${probe.status}`);
    const payloadBytes = (await probe.arrayBuffer()).byteLength;

    // Warm-up, then the measured run.
    await autocannon({ url: dashboardUrl, connections: 10, duration: 2, headers: { cookie } });
    const cpuBefore = cpuSeconds(server.pid);
    const loadBefore = loadavg()[0]!;
    const runnerBefore = process.cpuUsage();
    const load = await autocannon({ url: dashboardUrl, connections: 10, duration: 10, headers: { cookie } });
    const runnerCpu = process.cpuUsage(runnerBefore);
    const cpuPerRequestMs = ((cpuSeconds(server.pid) - cpuBefore) * 1000) / Math.max(1, load['2xx']);
    const autocannonMs = (runnerCpu.user + runnerCpu.system) / 1000 / Math.max(1, load['2xx']);
    const freshMs = await freshDashboardMs(prep.dashboardId, contractSerializer(dataOf(Dashboard), false));
    const freshPlainMs = await freshDashboardMs(prep.dashboardId);
    console.log('Statements prepared per query against kept prepared, servers taking turns …');
    const saving = await beforeAfter(prep.dashboardId, { statementCache: false }, {}, [
      'health',
      'dashboard',
    ]);
    console.log("JSON.stringify against the contract's serializers, servers taking turns …");
    const shaped = await beforeAfter(prep.dashboardId, { answers: 'plain' }, {}, [
      'dashboard',
      'dashboardList',
    ]);
    const machineLoad = Math.max(loadBefore, loadavg()[0]!);

    // The floor under every route (session lookup, security headers, routing): the health check.
    const healthCpuBefore = cpuSeconds(server.pid);
    const health = await autocannon({
      url: `${base}/api/health`,
      connections: 10,
      duration: 5,
      headers: { cookie },
    });
    const healthCpuMs = ((cpuSeconds(server.pid) - healthCpuBefore) * 1000) / Math.max(1, health['2xx']);

    const measurementsUrl = `${base}/api/v1/sensor/${prep.sensorId}/measurements?from=${new Date(prep.start).toISOString()}&to=${new Date(prep.end).toISOString()}&interval_slug=1_m&max_points=1000`;
    const times: number[] = [];
    let buckets = 0;
    let bucketMs = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      const t = performance.now();
      const res = await fetch(measurementsUrl, { headers: { cookie } });
      const body = (await res.json()) as { data: { buckets: unknown[]; bucket_ms: number } };
      const ms = performance.now() - t;
      if (res.status !== 200) throw new Error(`measurements answered ${res.status}`);
      if (i >= 3) times.push(ms);
      buckets = body.data.buckets.length;
      bucketMs = body.data.bucket_ms;
    }

    const rps = load.requests.average;
    const p99 = load.latency.p99;
    const med = median(times);
    const ok = {
      rps: rps >= 3000,
      p99: p99 <= 25,
      buckets: buckets <= 1000,
      median: med <= 50,
    };
    const date = new Date().toISOString().slice(0, 10);
    const cores = cpus().length;
    const lines = [
      `Measured ${date} on ${cores} cores (Node ${process.versions.node}), SQLite (WAL) with the demo world`,
      `(${prep.rows.toLocaleString('en')} minute readings of one sensor added), server in its own process with production request logging (pino at info, to /dev/null), command`,
      `\`npm run bench:api\`. The machine was shared while measuring: load average ${machineLoad.toFixed(1)} on ${cores} cores, so`,
      "the throughput below is what the server got of the CPU, not what it can do. The server's own CPU time per",
      `request was ${cpuPerRequestMs.toFixed(2)} ms, i.e. about ${Math.round(1000 / cpuPerRequestMs).toLocaleString('en')} req/s per core it has to itself; autocannon, on the same`,
      `two cores, used ${autocannonMs.toFixed(2)} ms of CPU per request.`,
      '',
      '| What | Budget | Measured | |',
      '|---|---|---|---|',
      `| GET /api/v1/dashboard/{id}/ with nested includes (${payloadBytes.toLocaleString('en')} B), autocannon 10 connections × 10 s, signed in | ≥ 3,000 req/s | ${Math.round(rps).toLocaleString('en')} req/s | ${ok.rps ? 'ok' : 'MISSED'} |`,
      `| … its p99 latency | ≤ 25 ms | ${p99} ms (p50 ${load.latency.p50} ms, ${load.non2xx} non-2xx, ${load.errors} errors) | ${ok.p99 ? 'ok' : 'MISSED'} |`,
      `| GET /api/v1/sensor/{id}/measurements, one year of minute readings (${prep.rows.toLocaleString('en')} rows), max_points=1000 | ≤ 1,000 buckets | ${buckets} buckets of ${bucketMs / 3_600_000} h | ${ok.buckets ? 'ok' : 'MISSED'} |`,
      `| … its time over HTTP, median of ${RUNS} runs | ≤ 50 ms | ${med.toFixed(1)} ms (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)}) | ${ok.median ? 'ok' : 'MISSED'} |`,
      `| Seeding the demo world (46 devices, 100 sensors, 90 days at 15 min) | < 15 s | ${(prep.seedMs / 1000).toFixed(1)} s | ${prep.seedMs < 15_000 ? 'ok' : 'MISSED'} |`,
      '',
      ...(ok.rps
        ? []
        : [
            `Why the throughput budget is missed: server ${cpuPerRequestMs.toFixed(2)} ms + autocannon ${autocannonMs.toFixed(2)} ms of CPU per request`,
            `is ${(cpuPerRequestMs + autocannonMs).toFixed(2)} ms, so the two cores would carry at most ~${Math.round((cores * 1000) / (cpuPerRequestMs + autocannonMs)).toLocaleString('en')} req/s if nothing else ran;`,
            `with a load average of ${machineLoad.toFixed(1)} the bench got only part of them. What closes it: a quiet machine, or the`,
            `load generator on another machine (at this cost the budget needs ${((3000 * cpuPerRequestMs) / 1000).toFixed(2)} core for the server, ${((3000 * autocannonMs) / 1000).toFixed(2)} for autocannon).`,
            '',
          ]),
      `For comparison, GET /api/health (session lookup, security headers, routing, no data) took ${healthCpuMs.toFixed(2)} ms of`,
      `server CPU per request and reached ${Math.round(health.requests.average).toLocaleString('en')} req/s in the same conditions.`,
      '',
      '**Prepared statements** (issue 13): the server CPU per signed-in request with every statement prepared',
      'anew for each query (before: `BENCH_STATEMENT_CACHE=off`, `openDatabase({ statementCache: false })`) and',
      'with statements kept prepared per connection (after: better-sqlite3 statements by SQL text; on PostgreSQL',
      `the hot paths as named statements), measured in this run, the two servers taking turns (${AB_ROUNDS} rounds of 3 s`,
      'per route each, median), with the load average (1 min) over the rounds:',
      '',
      '| Route | Before | After | Saved | Load |',
      '|---|---|---|---|---|',
      ...beforeAfterRows(saving),
      '',
      "**Answers shaped by the contract** (issue 25): every route's answers serialised by fast-json-stringify",
      "compiled from the contract's zod response schema (`http/serialize.ts`) against `JSON.stringify` of",
      'whatever the handler returned (before: `BENCH_ANSWERS=plain`), server CPU per signed-in request, measured',
      `in this run, the two servers taking turns (${AB_ROUNDS} rounds of 3 s per route each, median), with the load`,
      "average (1 min) over the rounds; the machine was shared with the team's builds and tests, so compare the",
      'two columns of a row, not a row with another run:',
      '',
      '| Route | Before | After | Saved | Load |',
      '|---|---|---|---|---|',
      ...beforeAfterRows(shaped),
      '',
      'A cached dashboard read sends stored bytes, so only a fresh load pays for serialising: in-process, loading',
      `and serialising the dashboard afresh took ${freshPlainMs.toFixed(2)} ms with \`JSON.stringify\` and ${freshMs.toFixed(2)} ms with the contract's serializer (median of 500).`,
      '',
      'The measurement budget holds because readings live in `measurements (sensor_id, ts)` (WITHOUT ROWID,',
      'clustered by sensor and time) with hourly and daily rollups (count, sum, min, max, last) kept up to date on',
      'every insert: a query answers whole periods from the coarsest rollup whose period divides the bucket width',
      'and only the ragged edges from raw rows (a plain GROUP BY over the year of raw rows takes ~300 ms here).',
      'A dashboard read is answered from its serialised bytes while the read version is unchanged: triggers',
      '(migration 0003) bump that version in the writing transaction on every write to the twelve tables a',
      'dashboard read is made of (dashboard, owner, panels, items, devices, sensors, gateways, teams and their',
      'links), so a read after any write, by any code path or process, loads afresh. A cached read costs the',
      'session lookup and one version query. Loading afresh costs six indexed queries (dashboard, panels, line',
      'items, single-value items, devices, sensors: one per relation level for all panels at once), compiled once',
      `per shape, plus serialising: ${freshMs.toFixed(2)} ms in-process (median), on top of the HTTP and session cost above.`,
    ];
    console.log(`\n${lines.join('\n')}\n`);

    const docs = join(repoRoot, 'docs/benchmarks.md');
    const text = readFileSync(docs, 'utf8');
    const startMarker = '## API (`npm run bench:api`)';
    const from = text.indexOf(startMarker);
    if (from === -1) throw new Error(`no "${startMarker}" section in docs/benchmarks.md`);
    const next = text.indexOf('\n## ', from + startMarker.length);
    const updated = `${text.slice(0, from)}${startMarker}\n\n${lines.join('\n')}\n${next === -1 ? '' : text.slice(next)}`;
    writeFileSync(docs, updated);
    console.log('Written to docs/benchmarks.md');
    if (!Object.values(ok).every(Boolean)) process.exitCode = 1;
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
