// Profiling aid (not part of `pnpm bench:api`): the bench server under --cpu-prof for one URL, then its
// top self-time functions. Usage: node --conditions=@matnat/source --import tsx apps/api/bench/profile.ts <path> <seconds>
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { seedDemoAccounts } from '../src/auth/demoAccounts.js';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import { seedDemo } from '../src/seed/index.js';
import { type CpuProfile, summarise } from './cpuProfile.js';

const here = dirname(fileURLToPath(import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'matnat-prof-'));
const file = join(dir, 'bench.sqlite');
const { db } = openDatabase({ dataDir: dir, sqliteFile: file });
await migrateToLatest(db);
const accounts = await seedDemoAccounts(db, { memoryCost: 19_456, timeCost: 2 });
await seedDemo(db, { accounts });
const dash = await db
  .selectFrom('dashboards')
  .select('id')
  .where('title', '=', 'Skogens temperaturer')
  .executeTakeFirstOrThrow();
await db.destroy();

const child = spawn(
  process.execPath,
  [
    '--cpu-prof',
    `--cpu-prof-dir=${dir}`,
    '--conditions=@matnat/source',
    '--import',
    'tsx',
    join(here, 'server.ts'),
  ],
  { env: { ...process.env, BENCH_DB: file, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'inherit'] },
);
const line = await new Promise<string>((ok) => createInterface({ input: child.stdout }).once('line', ok));
const base = `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`;
const jar = new Map<string, string>();
const keep = (res: Response) => {
  for (const c of res.headers.getSetCookie()) {
    const [name, ...value] = (c.split(';')[0] ?? '').split('=');
    if (name) jar.set(name, value.join('='));
  }
};
keep(await fetch(`${base}/sanctum/csrf-cookie`));
const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
keep(
  await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookie(),
      'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
    },
    body: JSON.stringify({ email: 'anna@matnat.se', password: 'matnat-demo' }),
  }),
);
const path = (process.argv[2] ?? '/api/health').replace('{id}', String(dash.id));
const res = await autocannon({
  url: base + path,
  connections: 10,
  duration: Number(process.argv[3] ?? 5),
  headers: { cookie: cookie() },
});
console.log(
  `${path}: ${Math.round(res.requests.average)} req/s p99 ${res.latency.p99} ms non2xx ${res.non2xx}`,
);
child.kill('SIGTERM');
await new Promise((ok) => child.once('exit', ok));
const prof = JSON.parse(
  readFileSync(join(dir, readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!), 'utf8'),
) as CpuProfile;
console.log(summarise(prof, 35));
