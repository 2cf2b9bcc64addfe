// `npm run bench:web:public`: issue 9's budgets for the guest's pages of the reference app, measured on the
// built app as `npm start` serves it (the API on a throw-away SQLite file with the demo data), in Debian's
// Chromium:
// - /temperaturspjut for a guest: the first marker after navigation start (the map's performance mark
//   `matnat:temperature-map:first-marker`, its startTime), each run in a fresh browser context (cold cache),
//   median of 5, budget ≤ 800 ms; and the JavaScript the page fetched until the network is idle (gzip -9 of
//   every script), budget ≤ 120 KB. Map tiles come from a local stub (one generated PNG).
// - Lighthouse mobile (its defaults: simulated slow 4G, 4× CPU slow-down) on /produkter and
//   /temperaturspjut, median of 3 runs: performance ≥ 90, accessibility ≥ 95.
// Writes the "Public pages" section of docs/benchmarks.md; exits 1 when a budget is missed.

import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type Browser, chromium } from 'playwright-core';
import { repoRoot, tilePng } from '../harness';
import { chromiumLaunch } from '../playwright.config';
import { startWebServer } from '../webHarness';
import { median } from './benchKit';

const MARKER_RUNS = 5;
const LIGHTHOUSE_RUNS = 3;
const FIRST_MARKER_BUDGET_MS = 800;
/** 120 KB, as Vite and size-limit count them (1 KB = 1,000 B). */
const JS_BUDGET = 120_000;
const CATEGORIES = { performance: 90, accessibility: 95 } as const;
type Category = keyof typeof CATEGORIES;
type Scores = Record<Category, number>;
const PAGES = ['/produkter', '/temperaturspjut'] as const;
const MARK = 'matnat:temperature-map:first-marker';
const OSM_TILES = /^https:\/\/([a-z]\.)?tile\.openstreetmap\.org\//;

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const load = () => loadavg().map((l) => l.toFixed(2));
let lighthouseVersion = '';

interface MapRun {
  firstMarkerMs: number;
  scripts: [string, number][];
}

/** One cold visit of /temperaturspjut: the first marker's time and every script's gzip -9 size. */
async function mapRun(browser: Browser, base: string): Promise<MapRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const png = tilePng();
    await page.route(OSM_TILES, (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: png }),
    );
    const scripts: [string, number][] = [];
    const reading: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      reading.push(
        response.body().then((body) => {
          scripts.push([new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length]);
        }),
      );
    });
    await page.goto(`${base}/temperaturspjut`, { waitUntil: 'networkidle' });
    // Plain arrows only: tsx names inner functions with a helper the page does not have.
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, MARK, {
      polling: 20,
    });
    const firstMarkerMs = await page.evaluate(
      (mark) => performance.getEntriesByName(mark)[0]?.startTime ?? Number.NaN,
      MARK,
    );
    await Promise.all(reading);
    scripts.sort((a, b) => b[1] - a[1]);
    return { firstMarkerMs, scripts };
  } finally {
    await context.close();
  }
}

/** Lighthouse's mobile defaults in Debian's Chromium; tiles fail fast (no network), as any offline tile. */
async function lighthouseScores(url: string): Promise<Scores> {
  const chrome = await launch({
    chromePath: chromiumLaunch.executablePath,
    chromeFlags: [...chromiumLaunch.args, '--headless=new'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: Object.keys(CATEGORIES),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { categories, audits } = result.lhr;
    lighthouseVersion = result.lhr.lighthouseVersion;
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'speed-index',
    ]
      .map((id) => `${id.replace(/-/g, ' ')} ${audits[id]?.displayValue ?? '?'}`)
      .join(', ');
    console.log(`  ${url}: ${metrics}`);
    for (const audit of Object.values(audits)) {
      if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
        console.log(`    failed: ${audit.id}`);
    }
    return Object.fromEntries(
      Object.keys(CATEGORIES).map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]),
    ) as Scores;
  } finally {
    chrome.kill();
  }
}

async function medianScores(url: string): Promise<{ median: Scores; runs: Scores[] }> {
  const runs: Scores[] = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run++) runs.push(await lighthouseScores(url));
  const keys = Object.keys(CATEGORIES) as Category[];
  return {
    median: Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as Scores,
    runs,
  };
}

/** Replaces (or appends) the section that starts with the same `## ` heading in docs/benchmarks.md. */
function writeSection(section: string) {
  const file = join(repoRoot, 'docs/benchmarks.md');
  const doc = readFileSync(file, 'utf8');
  const heading = section.slice(0, section.indexOf('\n'));
  const start = doc.indexOf(heading);
  const next = start < 0 ? -1 : doc.indexOf('\n## ', start + heading.length);
  writeFileSync(
    file,
    start < 0
      ? `${doc.trimEnd()}\n\n${section}`
      : `${doc.slice(0, start)}${section}${next >= 0 ? doc.slice(next + 1) : ''}`,
  );
}

async function main() {
  const web = await startWebServer();
  const loadBefore = load();
  let section = '';
  let missed = false;
  try {
    const browser = await chromium.launch(chromiumLaunch);
    const runs: MapRun[] = [];
    try {
      // One warm-up visit (the server's first answers, the OS's file cache), not counted.
      await mapRun(browser, web.url);
      for (let i = 0; i < MARKER_RUNS; i++) runs.push(await mapRun(browser, web.url));
    } finally {
      await browser.close();
    }
    const markerMs = runs.map((r) => r.firstMarkerMs);
    const firstMarker = median(markerMs);
    const scripts = runs[0]!.scripts;
    const jsBytes = scripts.reduce((sum, [, bytes]) => sum + bytes, 0);
    console.log(
      `first marker: median ${firstMarker.toFixed(0)} ms (${markerMs.map((m) => m.toFixed(0)).join(', ')})`,
    );
    console.log(`JS: ${kb(jsBytes)}`);

    const scores: { page: string; median: Scores; runs: Scores[] }[] = [];
    for (const page of PAGES) scores.push({ page, ...(await medianScores(`${web.url}${page}`)) });
    const loadAfter = load();

    const markerOk = firstMarker <= FIRST_MARKER_BUDGET_MS;
    const jsOk = jsBytes <= JS_BUDGET;
    const scoreMisses = scores.flatMap((s) =>
      (Object.entries(CATEGORIES) as [Category, number][])
        .filter(([k, min]) => s.median[k] < min)
        .map(([k]) => `${s.page} ${k}`),
    );
    missed = !markerOk || !jsOk || scoreMisses.length > 0;
    const verdict = (ok: boolean) => (ok ? 'within budget' : '**over budget**');

    section = `## Public pages (\`npm run bench:web:public\`)

The guest's pages of the reference app (issue 9), built and served as \`npm start\` serves them (the API on a
throw-away SQLite file with the demo data), in Debian's Chromium, headless; ${cpus().length} cores, load
average ${loadBefore.join(' ')} before and ${loadAfter.join(' ')} after (\`uptime\`), ${new Date().toISOString().slice(0, 10)}.
Command: \`npm run bench:web:public\` (\`e2e/bench/webPublic.ts\`).

**/temperaturspjut, guest, cold cache** (a fresh browser context per run, 1,280 × 900, map tiles from a local
stub), median of ${MARKER_RUNS} after one warm-up visit:

| Measure | Figure | Budget | |
| --- | --- | --- | --- |
| First marker after navigation start | ${firstMarker.toFixed(0)} ms (runs ${markerMs.map((m) => m.toFixed(0)).join(', ')}) | ≤ ${FIRST_MARKER_BUDGET_MS} ms | ${verdict(markerOk)} |
| JavaScript, gzip -9 of every script until the network is idle | ${kb(jsBytes)} | ≤ ${kb(JS_BUDGET)} | ${verdict(jsOk)} |

| Script | gzip -9 |
| --- | --- |
${scripts.map(([file, bytes]) => `| \`${file.replace(/-[\w-]{8}\.js$/, '-….js')}\` | ${kb(bytes)} |`).join('\n')}

**Lighthouse ${lighthouseVersion} mobile** (its defaults: simulated slow 4G, 4× CPU slow-down), median of
${LIGHTHOUSE_RUNS} runs; budget performance ≥ 90, accessibility ≥ 95:

| Page | Performance | Accessibility | Runs (perf/a11y) |
| --- | --- | --- | --- |
${scores
  .map(
    (s) =>
      `| \`${s.page}\` | ${s.median.performance} | ${s.median.accessibility} | ${s.runs.map((r) => `${r.performance}/${r.accessibility}`).join(', ')} |`,
  )
  .join('\n')}
${scoreMisses.length ? `\nBelow budget: ${scoreMisses.join(', ')}.\n` : ''}`;
  } finally {
    await web.stop();
  }
  writeSection(section);
  console.log('Written to docs/benchmarks.md');
  if (missed) {
    console.log('A budget was missed.');
    process.exitCode = 1;
  }
}

await main();
