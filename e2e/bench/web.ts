// `npm run bench:web`: the reference app's budgets of issue 8, measured on the built app as `npm start`
// serves it (the API on a throw-away SQLite file): the JavaScript `/login` loads (gzip -9 of every script
// the page fetched until the network is idle, ≤ 100 KB), and Lighthouse's mobile scores (the `lighthouse`
// package driving Debian's Chromium) for `/login` and anna's first `/dashboard/{id}` (performance ≥ 90,
// accessibility ≥ 95, best practices ≥ 95; the median of five runs). Then every other root script named
// `bench:web:*` runs. Writes the "Web app" section of docs/benchmarks.md; exits 1 when a budget is missed.

import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { repoRoot } from '../harness';
import { chromiumLaunch } from '../playwright.config';
import { startWebServer } from '../webHarness';
import { firstDashboard, lighthouseVersion, medianScores, RUNS, signIn } from './lighthouseKit';

/** 100 KB, as Vite and size-limit count them (1 KB = 1,000 B). */
const LOGIN_JS_BUDGET = 100_000;
/** Lighthouse's budgets of issue 8 (runs and scoring in lighthouseKit.ts). */
const CATEGORIES = { performance: 90, accessibility: 95, 'best-practices': 95 } as const;
type Category = keyof typeof CATEGORIES;
type Scores = Record<Category, number>;

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const load = () => loadavg().map((l) => l.toFixed(2));

/** Every script the page loads until the network is idle, each as gzip -9 of its bytes. */
async function scriptBytes(url: string): Promise<{ total: number; files: [string, number][] }> {
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const page = await browser.newPage();
    const files: [string, number][] = [];
    const reading: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      reading.push(
        response.body().then((body) => {
          files.push([new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length]);
        }),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await Promise.all(reading);
    files.sort((a, b) => b[1] - a[1]);
    return { total: files.reduce((sum, [, bytes]) => sum + bytes, 0), files };
  } finally {
    await browser.close();
  }
}

const misses = (scores: Scores) =>
  (Object.entries(CATEGORIES) as [Category, number][]).filter(([k, min]) => scores[k] < min).map(([k]) => k);

/** The other web benchmarks (`bench:web:dashboard`, `bench:web:public`, …) the helpers add. */
function runOtherWebBenches(): boolean {
  const { scripts } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  let ok = true;
  for (const name of Object.keys(scripts).filter((s) => s.startsWith('bench:web:'))) {
    console.log(`\n> npm run ${name}`);
    const run = spawnSync('npm', ['run', name], { cwd: repoRoot, stdio: 'inherit' });
    ok &&= run.status === 0;
  }
  return ok;
}

function writeSection(section: string) {
  const file = join(repoRoot, 'docs/benchmarks.md');
  const doc = readFileSync(file, 'utf8');
  const start = doc.indexOf('## Web app');
  const next = start >= 0 ? doc.indexOf('\n## ', start + 1) : -1;
  writeFileSync(
    file,
    start < 0
      ? `${doc.trimEnd()}\n\n${section}`
      : `${doc.slice(0, start)}${section}${next >= 0 ? doc.slice(next) : ''}`,
  );
}

async function main() {
  console.log('Building the app (apps/web/dist) …');
  execFileSync('npx', ['--yes', 'pnpm@10', '--filter', '@matnat/web', 'build'], {
    cwd: repoRoot,
    stdio: 'ignore',
  });
  const loadBefore = load();
  const server = await startWebServer();
  let ok = true;
  let section = '';
  try {
    const login = await scriptBytes(`${server.url}/login`);
    console.log(`JS for /login: ${kb(login.total)} gzip (budget ${kb(LOGIN_JS_BUDGET)})`);
    for (const [file, bytes] of login.files) console.log(`  ${kb(bytes).padStart(9)}  ${file}`);
    ok &&= login.total <= LOGIN_JS_BUDGET;
    const cookie = await signIn(server.url, 'anna@matnat.se');
    const dashboard = `/dashboard/${await firstDashboard(server.url, cookie)}`;
    const pages: [string, Awaited<ReturnType<typeof medianScores>>][] = [
      ['/login', await medianScores(`${server.url}/login`, CATEGORIES)],
      [dashboard, await medianScores(`${server.url}${dashboard}`, CATEGORIES, cookie)],
    ];
    const rows = pages.map(([path, { median: m, runs }]) => {
      const missed = misses(m);
      ok &&= missed.length === 0;
      const line = `${path}: performance ${m.performance}, accessibility ${m.accessibility}, best practices ${m['best-practices']}`;
      console.log(`Lighthouse mobile ${line}${missed.length ? `  MISSED: ${missed.join(', ')}` : ''}`);
      const all = runs.map((r) => `${r.performance}/${r.accessibility}/${r['best-practices']}`).join(', ');
      return `| \`${path}\` | ${m.performance} | ${m.accessibility} | ${m['best-practices']} | ${all} |`;
    });
    const loadAfter = load();
    section = `## Web app (\`npm run bench:web\`)

Machine: ${cpus().length} cores; load average (1/5/15 min) ${loadBefore.join(' / ')} before, ${loadAfter.join(' / ')}
after (\`uptime\`; a load near 2 is the benchmark's own browser and server). \`e2e/bench/web.ts\`: the app built
(\`apps/web/dist\`) and served by the API as under \`npm start\`, on a throw-away SQLite file with the demo data.

**JavaScript loaded for \`/login\`** (every script Chromium fetched until the network was idle, each gzip -9):
**${kb(login.total)}**, budget 100 KB (${login.total <= LOGIN_JS_BUDGET ? 'met' : 'missed: see docs/web.md, "Bundle size"'}).

| Script | gzip |
| --- | ---: |
${login.files.map(([file, bytes]) => `| \`${file.replace(/-[\w-]{8}\.js$/, '-….js')}\` | ${kb(bytes)} |`).join('\n')}

**Lighthouse ${lighthouseVersion()} mobile** (its defaults: simulated slow 4G, 4× CPU slow-down; Debian Chromium, headless),
median of ${RUNS} runs; budget performance ≥ 90, accessibility ≥ 95, best practices ≥ 95:

| Page | Performance | Accessibility | Best practices | Runs (perf/a11y/bp) |
| --- | ---: | ---: | ---: | --- |
${rows.join('\n')}

Lighthouse's simulated throttling multiplies the CPU time it observes, so on a loaded machine the
performance score moves from run to run (see the runs column); accessibility and best practices do not.
\`/dashboard/{id}\` is measured with whatever dashboard.show screen the build has. Lighthouse estimates the
largest contentful paint (the dashboard's title) from every request that ended before it was painted: when
the panels started their requests and the chart library in the commit that showed the title, those
counted (3.3 s, performance 84 median at the start of this work); the panels now mount in the task after the
title's first frame (2.3–2.5 s). Most of what is left is total blocking time: the app's start-up task, the
panels' first render and each chart's first paint. The machine's speed moves the dashboard's score by more
than the code: on 2026-11-27 the build that scored 91 the day before scored 71, 73 and 73, in runs taking
turns with the build of that day's dashboard changes (74, 86, 76; docs: "Reference app: dashboard").
`;
  } finally {
    await server.stop();
  }
  writeSection(section);
  console.log('Written to docs/benchmarks.md');
  ok = runOtherWebBenches() && ok;
  if (!ok) {
    console.log('\nA budget was missed (see above).');
    process.exitCode = 1;
  }
}

await main();
