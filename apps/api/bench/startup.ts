// `npm run bench:startup`: the production server (node dist/main.js) against the same server compiled at run
// time by tsx (how `npm start` ran it before issue 23), taking turns on one demo data directory: start-up to
// the first answer, memory at idle and under bench:api's dashboard load. Figures into docs/benchmarks.md.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { seedDemoAccounts } from '../src/auth/demoAccounts.js';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import { seedDemo } from '../src/seed/index.js';
import { buildApi, freePort } from '../src/test/processes.js';
import { login, median } from './http.js';

const here = dirname(fileURLToPath(import.meta.url));
const apiRoot = resolve(here, '..');
const repoRoot = resolve(apiRoot, '../..');
const ROUNDS = 5;
const LOAD_SECONDS = 10;
const MB = 1024 * 1024;

const VARIANTS = {
  'tsx (before)': ['--conditions=@matnat/source', '--import', 'tsx', 'src/main.ts'],
  'node dist/main.js (after)': ['dist/main.js'],
} as const;
type Variant = keyof typeof VARIANTS;

const dir = mkdtempSync(join(tmpdir(), 'matnat-bench-startup-'));

/** Resident memory of a process in bytes (Linux /proc). */
function rss(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) * 1024;
}

async function firstAnswer(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function round(variant: Variant, dashboardId: number) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...VARIANTS[variant]], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      APP_KEY: 'bench-startup-key-0123456789abcdef0123',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      FRONTEND_DIR: join(repoRoot, 'examples'),
    },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    await firstAnswer(`${base}/api/health`, child);
    const startMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, 3000));
    const idle = rss(child.pid!);
    const cookie = await login(base);
    let peak = rss(child.pid!);
    const sampler = setInterval(() => {
      peak = Math.max(peak, rss(child.pid!));
    }, 100);
    const url = `${base}/api/v1/dashboard/${dashboardId}/?include=panels,panels.lineChartItems.sensor,panels.lineChartItems.device.sensors,panels.singleValueItem.sensor`;
    const load = await autocannon({ url, connections: 10, duration: LOAD_SECONDS, headers: { cookie } });
    clearInterval(sampler);
    if (load.non2xx > 0) throw new Error(`${load.non2xx} answers were not 2xx`);
    return { startMs, idle, peak, rps: load.requests.average };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

try {
  console.log('Building the API and seeding the demo world …');
  buildApi();
  const { db } = openDatabase({ dataDir: dir });
  await migrateToLatest(db);
  await seedDemo(db, { accounts: await seedDemoAccounts(db, { memoryCost: 19_456, timeCost: 2 }) });
  const dashboard = await db
    .selectFrom('dashboards')
    .select('id')
    .where('title', '=', 'Skogens temperaturer')
    .executeTakeFirstOrThrow();
  await db.destroy();

  const load = [loadavg()[0]!];
  const runs: Record<Variant, Awaited<ReturnType<typeof round>>[]> = {
    'tsx (before)': [],
    'node dist/main.js (after)': [],
  };
  for (let i = 0; i < ROUNDS; i++) {
    for (const variant of Object.keys(VARIANTS) as Variant[]) {
      const r = await round(variant, dashboard.id);
      runs[variant].push(r);
      console.log(
        `  ${variant}: start ${r.startMs.toFixed(0)} ms, idle ${(r.idle / MB).toFixed(0)} MB, under load ${(r.peak / MB).toFixed(0)} MB, ${r.rps.toFixed(0)} req/s`,
      );
    }
  }
  load.push(loadavg()[0]!);
  const med = (variant: Variant, pick: (r: Awaited<ReturnType<typeof round>>) => number) =>
    median(runs[variant].map(pick));
  const row = (variant: Variant) =>
    `| ${variant} | ${med(variant, (r) => r.startMs).toFixed(0)} ms | ${(med(variant, (r) => r.idle) / MB).toFixed(0)} MB | ${(med(variant, (r) => r.peak) / MB).toFixed(0)} MB | ${med(variant, (r) => r.rps).toFixed(0)} req/s |`;
  const after = med('node dist/main.js (after)', (r) => r.startMs);
  const before = med('tsx (before)', (r) => r.startMs);
  const date = new Date().toISOString().slice(0, 10);
  const lines = [
    `Measured ${date} on ${cpus().length} cores (Node ${process.versions.node}), command \`npm run bench:startup\`, load average`,
    `${load.map((l) => l.toFixed(1)).join(' before, ')} after. The server started ${ROUNDS} times each way, taking turns, on`,
    'one data directory with the demo world (SQLite, NODE_ENV=production, logs to /dev/null); medians. Start-up is',
    'from spawning `node` to the first answer of `GET /api/health` (migrations checked, nothing to seed). Memory',
    `is the resident set 3 s after start, and its peak under bench:api's dashboard load (autocannon, 10`,
    `connections × ${LOAD_SECONDS} s, signed in).`,
    '',
    '| Server | Start-up to first answer | Memory idle | Memory under load | Dashboard throughput |',
    '|---|---|---|---|---|',
    row('tsx (before)'),
    row('node dist/main.js (after)'),
    '',
    `Start-up budget ≤ 2 s: ${after <= 2000 ? 'ok' : 'MISSED'} (${after.toFixed(0)} ms; ${(before / after).toFixed(1)}× faster than through tsx in the same run).`,
  ];
  console.log(`\n${lines.join('\n')}\n`);
  const docs = join(repoRoot, 'docs/benchmarks.md');
  const text = readFileSync(docs, 'utf8');
  const marker = '## Production server (`npm run bench:startup`)';
  const from = text.indexOf(marker);
  const section = `${marker}\n\n${lines.join('\n')}\n`;
  if (from === -1) writeFileSync(docs, `${text.trimEnd()}\n\n${section}`);
  else {
    const next = text.indexOf('\n## ', from + marker.length);
    writeFileSync(docs, `${text.slice(0, from)}${section}${next === -1 ? '' : text.slice(next)}`);
  }
  console.log('Written to docs/benchmarks.md');
  if (after > 2000) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
