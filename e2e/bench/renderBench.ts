// `pnpm bench:render`: in headless Chromium (Debian's), side by side in one run: the time from data to the
// first painted chart for 1,000, 10,000 and 100,000 points, ours (TimeSeriesChart) against uPlot drawing
// the same points in the same box, as the first chart of a fresh page (cold) and as a later chart in the
// same page (warm); ours again with threshold steps, an alert's limit and its firing periods drawn (issue
// 21) against lightweight-charts alone drawing the bare line; a year of minute readings in a LineChartPanel end to end (API answer + first paint);
// and the script-tag temperature map's time to its first marker. Every figure is taken by the page itself
// (performance.now() around its own work, or a performance mark) and told to this runner on the console,
// so no polling from here runs inside the page. Writes the "Rendering" section of docs/benchmarks.md.

import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { type Browser, chromium, type Page } from 'playwright-core';
import { addMinuteSensor } from '../../apps/api/bench/minuteSensor';
import { sha256 } from '../../apps/api/src/auth/tokens';
import { openDatabase } from '../../apps/api/src/db/database';
import { type Harness, repoRoot, startHarness } from '../harness';
import { chromiumLaunch } from '../playwright.config';
import { median } from './benchKit';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
/** The year and the map are one page load each, and noisier than a chart: twice the runs. */
const PAGE_RUNS = 2 * RUNS;
/** `BENCH_ONLY=charts,year,map` runs only those parts (and leaves docs/benchmarks.md as it is). */
const ONLY = process.env.BENCH_ONLY?.split(',');
const runs = (part: string) => !ONLY || ONLY.includes(part);
/** Charts drawn one after the other in each page: the first is cold, the rest warm. */
const CHARTS_PER_PAGE = 4;
const SIZES = [1_000, 10_000, 100_000] as const;
const YEAR_READINGS = 525_600;
const range = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)} ms`;

async function buildPages(): Promise<void> {
  await build({
    entryPoints: ['chartBench.tsx', 'uplotBench.ts', 'lwcBench.ts', 'leafletBench.ts'].map((f) =>
      join(repoRoot, 'e2e/bench', f),
    ),
    outdir: join(repoRoot, 'e2e/bench/dist'),
    bundle: true,
    format: 'esm',
    minify: true,
    jsx: 'automatic',
    conditions: ['@matnat/source'],
    nodePaths: [join(repoRoot, 'packages/react/node_modules'), join(repoRoot, 'e2e/bench/node_modules')],
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [
      {
        name: 'inline-css',
        setup(b) {
          b.onResolve({ filter: /\.css\?inline$/ }, (args) => ({
            path: join(repoRoot, 'packages/react/node_modules', args.path.replace(/\?inline$/, '')),
          }));
        },
      },
    ],
    loader: { '.css': 'text' },
    logLevel: 'warning',
  });
  // The plain Leaflet page links Leaflet's stylesheet as such a page would.
  copyFileSync(
    join(repoRoot, 'packages/react/node_modules/leaflet/dist/leaflet.css'),
    join(repoRoot, 'e2e/bench/dist/leaflet.css'),
  );
}

/**
 * A sensor with a minute reading for every minute of the previous calendar year (Stockholm time), on a
 * device the demo embed token is allowed to read, written into the harness's database.
 */
async function seedYear(h: Harness): Promise<number> {
  const { db } = openDatabase({ dataDir: h.dataDir });
  // Midnight of 1 January in Stockholm (UTC+1 in winter).
  const start = Date.UTC(new Date().getUTCFullYear() - 1, 0, 1) - 3_600_000;
  const token = await db
    .selectFrom('embed_tokens')
    .select(['id', 'scopes', 'user_id'])
    .where('token_hash', '=', sha256(h.embedToken))
    .executeTakeFirstOrThrow();
  // A token reads nothing its creator cannot read now (issue 12): the device joins the creator's team.
  const team = await db
    .selectFrom('team_user')
    .select('team_id')
    .where('user_id', '=', token.user_id)
    .executeTakeFirstOrThrow();
  const { deviceId, sensorId } = await addMinuteSensor(db, {
    title: 'Ett år av minutvärden',
    externalId: 'eui-render-bench',
    start,
    minutes: YEAR_READINGS,
    teamId: team.team_id,
  });
  await db
    .updateTable('embed_tokens')
    .set({ scopes: JSON.stringify([...JSON.parse(token.scopes), `device:${deviceId}`]) })
    .where('id', '=', token.id)
    .execute();
  await db.destroy();
  return sensorId;
}

const MAP_MARK = 'matnat:temperature-map:first-marker';

/** Body bytes of one answer as sent (not decoded) when the client accepts `encoding`. */
function bytesSent(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve(bytes));
    }).on('error', reject);
  });
}

/**
 * The script-tag map page as the API serves it (`npm start`): the answers the browser fetched from the
 * API, fetched again uncompressed (before) and as a browser asks (after). Tiles come from a tile server.
 */
async function mapPageBytes(
  h: Harness,
  browser: Browser,
): Promise<{ before: number; after: number; answers: number }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const urls = new Set<string>();
  page.on('response', (res) => {
    if (res.url().startsWith(h.api)) urls.add(res.url());
  });
  await page.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 204 }));
  await page.goto(`${h.api}/script-tag-temperature-map/`);
  await page.locator('path.matnat-temperature-marker').first().waitFor();
  await page.close();
  let before = 0;
  let after = 0;
  for (const url of urls) {
    before += await bytesSent(url, 'identity');
    after += await bytesSent(url, 'gzip, deflate, br, zstd');
  }
  return { before, after, answers: urls.size };
}

/** Opens `url` in a fresh page and resolves with the milliseconds the page reports on the console. */
async function measure(browser: Browser, url: string, watchMapMark = false): Promise<number[]> {
  const page: Page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    const reported = new Promise<number[]>((resolve, reject) => {
      page.on('console', (message) => {
        const text = message.text();
        if (text.startsWith('matnat-bench ')) resolve(JSON.parse(text.slice(13)));
      });
      page.on('pageerror', reject);
      setTimeout(() => reject(new Error(`no figure from ${url} in 60 s`)), 60_000);
    });
    if (watchMapMark) {
      // The map sets its own performance mark; an observer reports it without polling the page.
      await page.addInitScript((mark) => {
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            if (entry.name === mark) console.log(`matnat-bench ${JSON.stringify([entry.startTime])}`);
        }).observe({ type: 'mark' });
      }, MAP_MARK);
    }
    await page.goto(url);
    return await reported;
  } finally {
    await page.close();
  }
}

await buildPages();
const h = await startHarness();
const browser = await chromium.launch(chromiumLaunch);
type Figures = { cold: number[]; warm: number[] };
const LIBS = ['ours', 'overlays', 'uplot', 'lwc'] as const;
type Lib = (typeof LIBS)[number];
/** The bench page's query for each chart: `overlays` is ours with thresholds and alert bands on. */
const LIB_QUERY: Record<Lib, string> = {
  ours: 'lib=ours',
  overlays: 'lib=ours&overlays=1',
  uplot: 'lib=uplot',
  lwc: 'lib=lwc',
};
const charts: Record<string, Record<Lib, Figures>> = {};
const year = { ms: [] as number[], requestAt: [] as number[], apiMs: [] as number[], drawMs: [] as number[] };
const map = { ours: [] as number[], leaflet: [] as number[] };
const load: number[] = [];
let bytes = { before: 0, after: 0, answers: 0 };
try {
  if (runs('map')) {
    bytes = await mapPageBytes(h, browser);
    console.log(`map page: ${bytes.before} B uncompressed, ${bytes.after} B as sent`);
  }
  const page = `${h.examples}/e2e/bench/`;
  for (const n of runs('charts') ? SIZES : []) {
    const row = Object.fromEntries(LIBS.map((lib) => [lib, { cold: [], warm: [] }])) as Record<Lib, Figures>;
    charts[n] = row;
    const run = async (lib: Lib) => {
      const url = `${page}?${LIB_QUERY[lib]}&n=${n}&charts=${CHARTS_PER_PAGE}`;
      const [cold = Number.NaN, ...warm] = await measure(browser, url);
      row[lib].cold.push(cold);
      row[lib].warm.push(...warm);
    };
    // A warm-up of each (HTTP cache, Chromium's code cache), then runs of the four taking turns.
    for (const lib of LIBS) await measure(browser, `${page}?${LIB_QUERY[lib]}&n=${n}`);
    for (let i = 0; i < RUNS; i++) {
      for (const lib of LIBS) await run(lib);
      load.push(loadavg()[0] as number);
    }
    const m = (xs: number[]) => `${median(xs).toFixed(0)} ms`;
    console.log(
      `${n} points: cold ours ${m(row.ours.cold)} (with thresholds and alert bands ${m(row.overlays.cold)}), uPlot ${m(row.uplot.cold)}, lightweight-charts ${m(row.lwc.cold)}; warm ours ${m(row.ours.warm)} (${m(row.overlays.warm)}), uPlot ${m(row.uplot.warm)}, lightweight-charts ${m(row.lwc.warm)}`,
    );
  }
  const yearSensor = runs('year') ? await seedYear(h) : 0;
  const yearUrl = `${page}?year=${yearSensor}&api=${encodeURIComponent(h.api)}&token=${h.embedToken}`;
  if (yearSensor) await measure(browser, yearUrl);
  for (let i = 0; i < (yearSensor ? PAGE_RUNS : 0); i++) {
    const [ms = Number.NaN, requestAt = Number.NaN, apiMs = Number.NaN, drawMs = Number.NaN] = await measure(
      browser,
      yearUrl,
    );
    year.ms.push(ms);
    year.requestAt.push(requestAt);
    year.apiMs.push(apiMs);
    year.drawMs.push(drawMs);
    load.push(loadavg()[0] as number);
  }
  if (yearSensor)
    console.log(
      `a year of minute readings: ${median(year.ms).toFixed(0)} ms (request sent after ${median(year.requestAt).toFixed(0)} ms, answer ${median(year.apiMs).toFixed(0)} ms, drawn ${median(year.drawMs).toFixed(0)} ms after it)`,
    );
  // The map and its peer, a plain Leaflet page with the same GeoJSON, taking turns after a warm-up each.
  const mapPages = {
    ours: `${h.examples}/examples/script-tag-temperature-map/`,
    leaflet: `${h.examples}/e2e/bench/leaflet.html`,
  };
  for (const url of runs('map') ? Object.values(mapPages) : []) await measure(browser, url, true);
  for (let i = 0; i < (runs('map') ? PAGE_RUNS : 0); i++) {
    for (const lib of ['ours', 'leaflet'] as const) {
      const [ms = Number.NaN] = await measure(browser, mapPages[lib], true);
      map[lib].push(ms);
    }
    load.push(loadavg()[0] as number);
  }
  if (runs('map'))
    console.log(
      `map: first marker ${median(map.ours).toFixed(0)} ms, plain Leaflet ${median(map.leaflet).toFixed(0)} ms`,
    );
  console.log(`load average ${median(load).toFixed(1)} on ${cpus().length} cores`);
} finally {
  await browser.close();
  await h.stop();
}
if (ONLY) process.exit(0);

const chartRow = (n: number, kind: keyof Figures, label: string) => {
  const { ours, uplot, lwc } = charts[n] as Record<Lib, Figures>;
  const ratio = median(ours[kind]) / median(uplot[kind]);
  const floor = median(lwc[kind]) / median(uplot[kind]);
  return `| ${label}, ${n.toLocaleString('en')} points | ${median(ours[kind]).toFixed(0)} ms (${range(ours[kind])}) | uPlot ${median(uplot[kind]).toFixed(0)} ms (${range(uplot[kind])}) | ${ratio.toFixed(2)}× | lightweight-charts alone ${median(lwc[kind]).toFixed(0)} ms, ${floor.toFixed(2)}× | ≤ 1.5× | ${ratio <= 1.5 ? 'ok' : 'over'} |`;
};
/** Ours with thresholds and alert bands on against lightweight-charts alone drawing the bare line. */
const overlayRow = (n: number, kind: keyof Figures, label: string) => {
  const { overlays, lwc } = charts[n] as Record<Lib, Figures>;
  const ratio = median(overlays[kind]) / median(lwc[kind]);
  return `| ${label}, ${n.toLocaleString('en')} points, with thresholds and alert bands | ${median(overlays[kind]).toFixed(0)} ms (${range(overlays[kind])}) | lightweight-charts alone, bare line, ${median(lwc[kind]).toFixed(0)} ms (${range(lwc[kind])}) | ${ratio.toFixed(2)}× | | ≤ 1.0× | ${ratio <= 1 ? 'ok' : 'over'} |`;
};
const chartRows = [
  ...SIZES.map((n) => chartRow(n, 'cold', 'first painted chart, first of a fresh page')),
  ...SIZES.map((n) => chartRow(n, 'warm', 'first painted chart, a later one in the page')),
  ...SIZES.map((n) => overlayRow(n, 'cold', 'first painted chart, first of a fresh page')),
  ...SIZES.map((n) => overlayRow(n, 'warm', 'first painted chart, a later one in the page')),
];
const yearMs = median(year.ms);
const mapRatio = median(map.ours) / median(map.leaflet);
const section = `## Rendering (\`npm run bench:render\`)

Measured ${new Date().toISOString().slice(0, 10)} on the project's machine (${cpus().length} cores, ${cpus()[0]?.model.trim() ?? 'unknown CPU'}), headless Debian Chromium ${browser.version()}, command \`npm run bench:render\`
(e2e/bench/renderBench.ts). Load average while measuring:
${median(load).toFixed(1)} on ${cpus().length} cores; the ratios, measured side by side in the same run, are what counts. Median of ${RUNS} runs
(the year and the map: ${PAGE_RUNS}) after a warm-up; each run is a fresh page drawing ${CHARTS_PER_PAGE} charts one after the other (the first is
"cold": the chart library's code runs for the first time; the others "warm", as the second panel of a
dashboard); the four charts (ours, ours with thresholds and alert bands, and two peers) take turns.

- **Chart**: from handing the points to the chart (ours: \`TimeSeriesChart\` under React with lightweight-charts
  loaded; uPlot: \`new uPlot(…)\`; lightweight-charts alone: \`createChart\`, one line series, \`setData\` and
  \`fitContent\`, no React, no wrapper, \`e2e/bench/lwcBench.ts\`) to the second animation frame after, i.e. the
  first painted chart on screen.
  Each chart starts in a fresh task, as data arriving from the network does, in a box that React rendered
  empty before (as \`LineChartPanel\` renders its placeholder while its request is under way), so React's own
  code has run before the data comes, as on any page with a panel. The same points (minute
  readings, a wave with noise), one line, 1000 × 400 px, made while the chart library loads (so that the
  collection of the page's own 100,000 point objects does not fall inside our first chart's time; uPlot's
  are typed arrays). Ours draws each pixel column's minimum and
  maximum (\`packages/react/src/charts/thinning.ts\`); uPlot draws every point (its path keeps each pixel
  column's extremes too); lightweight-charts alone draws every point. The third peer is the floor of the
  library the design card names for our charts: at 1,000 points there is nothing to thin, so ours and it
  draw the same line.
- **With thresholds and alert bands** (issue 21): ours again, handed what a panel with threshold steps and
  a firing alert draws over its data (\`&overlays=1\` in \`e2e/bench/chartBench.tsx\`: three threshold lines
  in their theme colours, the alert's dashed limit, two shaded firing periods, one running to the right
  edge), against lightweight-charts alone drawing the bare line in the same run; the goal is at or under it.
- **A year in a panel**: \`LineChartPanel\` (range \`prev_year\`) over the real API and SQLite, on a sensor with
  ${YEAR_READINGS.toLocaleString('en')} minute readings: from mounting the panel (its data request starts then) to
  the second frame after its chart drew; the API answer (resource timing of the request) is part of it.
- **Map**: the script-tag \`temperature-map.js\` example page, from navigation start to the first markers on the map
  (\`performance.mark('${MAP_MARK}')\`, reported by a PerformanceObserver), with the real API server and local stub
  tiles; its peer is the same page with Leaflet alone (\`e2e/bench/leaflet.html\`: Leaflet's script and stylesheet,
  the same GeoJSON fetched as the script starts, one circle marker per spear, the same mark), the two taking turns.

| What | Ours (range) | Peer in the same run | Ratio | The chart library alone, same run (its ratio to uPlot) | Goal | |
| --- | --- | --- | --- | --- | --- | --- |
${chartRows.join('\n')}
| a year of minute readings in a panel, end to end | ${yearMs.toFixed(0)} ms (${range(year.ms)}): request sent ${median(year.requestAt).toFixed(0)} ms after mounting, API answer ${median(year.apiMs).toFixed(0)} ms, chart drawn ${median(year.drawMs).toFixed(0)} ms after the answer, then two frames | | | | ≤ 150 ms | ${yearMs <= 150 ? 'ok' : 'over'} |
| map: navigation to first marker | ${median(map.ours).toFixed(0)} ms (${range(map.ours)}) | plain Leaflet page, same GeoJSON: ${median(map.leaflet).toFixed(0)} ms (${range(map.leaflet)}) | ${mapRatio.toFixed(2)}× | | ≤ 1.1× | ${mapRatio <= 1.1 ? 'ok' : 'over'} |

**Issue 21: thresholds and alert bands on** (the rows "with thresholds and alert bands" above: ours drawing
three threshold lines in their theme colours, an alert's dashed limit and two shaded firing periods, against
lightweight-charts alone drawing the bare line in the same run). The run above: \`npm run bench:render\`,
2026-11-27 22:58–23:19 UTC, \`uptime\` load average 8.5 at its start and 18.2 at its end (median 18.1 while
measuring). **The machine was shared with the whole team's builds, browser tests and benches then**: every
absolute figure is several times a quiet hour's, and the ranges overlap widely; only the ratios of one run
mean anything. Ours with the overlays was at or under lightweight-charts alone for the first chart of a page
at every size (0.78×, 0.39×, 0.09×) and for a later chart at 10,000 and 100,000 points (0.47×, 0.08×), and
over it for a later chart at 1,000 points (344 against 283 ms, 1.22×). Against our bare chart in the same
run the overlays cost 150–220 ms more on the first chart of a page: their code (price lines and their axis
labels, the pane primitive that shades the periods) ran for the first time there. The out-of-sight warm-up
chart (\`warmUp\`, \`packages/react/src/charts/warmUp.ts\`) now draws a limit line and a shaded period too.
After that change, \`BENCH_ONLY=charts npm run bench:render\` (23:20–23:31 UTC, load 17.6 at its start,
12.9 at its end, median 18.9 while measuring; shared machine as before), with thresholds and alert bands
against lightweight-charts alone:

| Points | First chart of a page | Ratio | A later chart | Ratio |
| --- | --- | --- | --- | --- |
| 1,000 | 316 ms against 664 ms | 0.48× | 256 ms against 276 ms | 0.93× |
| 10,000 | 400 ms against 1,156 ms | 0.35× | 272 ms against 540 ms | 0.50× |
| 100,000 | 604 ms against 4,899 ms | 0.12× | 263 ms against 2,965 ms | 0.09× |

Our bare chart in that run: 232, 383 and 337 ms (first chart), 192, 305 and 236 ms (later); the overlays'
extra on a first chart fell to 84 and 17 ms at 1,000 and 10,000 points. Goal (issue 21): at or under
lightweight-charts alone at 1k/10k/100k points with thresholds and alert bands on: met at every size in the
run after the warm-up change, at 1,000 points for a later chart by 7 %, within this machine's noise. To be
measured again at a quiet hour. The warm-up's limit line and band cost \`panel.js\` 85 B gzipped (85,354 →
85,439 B, gzip level 9 as size-limit measures, the panel entry alone built with the package's script-tag
tsup options; budget 85.5 kB unchanged); the React entry does not carry the chart runtime.

The run before the one above (2026-11-27, load 4.0, before the overlay rows): first chart of a page 101,
134 and 142 ms, 1.45×, 1.22× and 1.17× uPlot's time (lightweight-charts alone 3.03×, 3.45×, 11.27×), a
later one 67, 88 and 89 ms, 2.26×, 2.16× and 1.54× (alone 2.84×, 4.54×, 15.77×); a year in a panel 304 ms
(request sent 37 ms after mounting, answer 97 ms, drawn 46 ms after it); the map 1.00× (360 against 359 ms).

The run before that, on 2026-11-27 at load 3.0 (a quieter hour; two peers then, no lightweight-charts
alone): first chart of a page 1.64×, 1.35× and 1.23× uPlot's time, a later one 1.62×, 1.73× and 1.76×; a year
in a panel 207 ms (request sent 26 ms after mounting, answer 68 ms, drawn 31 ms after it); the map 1.10×
(226 against 205 ms). The machine's hour moves every figure; the ratios move less.

The same bench before this round of issue 13 (the same day, quiet machine, load 1.4): first chart of a
page 3.26×, 2.94× and 2.37× uPlot's time, a later one 1.48×, 1.46× and 1.59×; a year in a panel 254 ms
(request sent 44 ms after mounting, answer 50 ms, drawn 49 ms after it). The map had no peer then.

Where the time goes (Chromium traces and CPU profiles of the bench pages, taken with Playwright over CDP).
Before issue 13, 100,000 points took 955 ms against uPlot's 68 ms: lightweight-charts drew every one of
them. Thinned to each pixel column's minimum and maximum, a chart of 100,000 points draws about 2,000, so
the three sizes cost about the same. A first chart of a fresh page then still cost about twice a later
one: lightweight-charts' code ran for the first time (compiled while the visitor waited), and so did the
thinning. Loading the chart library now also draws one chart of 5,000 thinned points out of sight and
removes it after its first frame (\`warmUp\` in \`packages/react/src/charts/chartLibrary.ts\`), while the
data is still on its way. What is left of a chart of ours against uPlot's, in a trace of a later chart:
React's render and the chart's creation (~3 ms), lightweight-charts' paint in its animation frame
(~13 ms: price-axis width from measured labels, tick labels, the line) and the compositor's commit of its
canvases (~13 ms against uPlot's ~4 ms for its one canvas; software rasterising, \`--disable-gpu\`).

A year in a panel: the panel's data request started only when the query observer subscribed, a passive
effect that React runs after the first paint (44 ms after mounting on a quiet machine); \`useQuery\` now
asks for uncached data in the first render, the cache handing the same request to the observer. The first
chart of the page is the warm one described above. The embed token travels in the Authorization header,
so a fresh page still pays one CORS preflight before the request (the API lets the browser keep it for
600 s, \`Access-Control-Max-Age\`, for the same URL). The server answers the panel's query in 7–14 ms
(preflight ~1 ms), so most of the "API answer" seen in the browser is the machine's two cores shared with
the page's own work during the request: the panel created and painted an empty chart then (~40 ms of main
thread in a profiled trace at load 7), opened the live stream, and when the data came resized its canvases
for the wider price axis and painted twice more. The panel now creates its chart with its first buckets
and joins the stream then; in three interleaved runs at load 8–9 (7 pages each) it took 232, 176 and
137 ms against 202, 222 and 166 ms before.

The map: the script-tag map added its markers in a passive effect, which preact runs only after the next
animation frame, and formatted every spear's tooltip and popup up front, creating an
\`Intl.RelativeTimeFormat\` per spear and paying Intl's start-up (~15 ms); the markers now reach the map in
the commit that brought the data, and tooltip and popup text are made when first shown. Its data request
already started as the script starts, before the first render.

The map, later on 2026-11-27: with resource timing and performance marks in the page, the spears' answer
was complete at ~200 ms after navigation (before the plain Leaflet page's, ~250 ms), yet our markers came
~220 ms after it against the peer's ~110 ms, with the main thread mostly idle in between. Our map added its
tile layer in a passive effect, after its first frame: twenty tile requests and their decoding then filled
the two cores just as the answer was delivered (the plain page asks for its tiles before its data). With
tiles blocked, the answer was handed to the page 30–70 ms after it ended instead of ~250 ms. The map now
asks for its tiles once its spears are drawn, or after 1 s (\`holdTiles\` in
\`packages/react/src/maps/useLeafletMap.ts\`). In interleaved runs (14 pages each, two rounds) the first
marker came at 393 and 299 ms against 457 and 392 ms before, the plain Leaflet page at 377 and 292 ms. On the
reference app's \`/temperaturspjut\` (the same component under React, after the app's own start-up) it measured
level: 974 and 1,110 ms against 959 and 1,036 ms before (two builds taking turns, 10–12 cold visits each).

The chart library's own floor (the third peer, added on 2026-11-27). At 1,000 points there is nothing to
thin: ours and lightweight-charts alone draw the same line, and lightweight-charts alone took as long as ours
or longer in every run (2.0–2.8× uPlot's time for a later chart in four runs that day; ours 1.6–2.3×, the
warm-up and our options taking a little off). Stripped of everything optional, in an interleaved run of 7
pages with a variant of \`lwcBench.ts\` (no grid, crosshair hidden, no last-value label, a 1 px line, no time
axis), it still took 53.5 ms against uPlot's 32 ms (1.67×), and 70–75 ms as the bench draws it. So the goal
of ≤ 1.5× uPlot at 1,000 points (and for a later chart at 10,000) lies below what the chart library the
design card names does on this machine; ours is at or under that library at every size. Meeting it needs
another renderer (an owner's decision, issue 13), not another change to our wrapper.

What a chart of ours costs against uPlot's (2026-11-27, Chromium traces of later charts in the bench page,
10,000 points): the main thread is busy 40–50 ms per chart of ours against 18–23 ms per uPlot chart.
React's render and \`createChart\` take ~2 ms; thinning and \`setData\` of the 2,346 thinned points 5–12 ms
(lightweight-charts' \`setData\` costs ~3 µs a point); lightweight-charts' paint in its animation frame
11–20 ms; the compositor's commit 13–15 ms, because a canvas 2D draw is only recorded when called and
rasterised at the commit: the line's path (round joins) ~5.5 ms, and each of the chart's 7 canvases
(pane and crosshair layer, price axis, time axis, each twice, and a corner) 0.3–1.8 ms to produce, against
uPlot's one canvas at 2–4 ms. Tried on 2026-11-27 and not kept, because interleaved A/B runs (9–21 pages
each) showed no gain beyond the noise: a longer warm-up (four rounds of \`setData\`), a warm-up chart at
the bench chart's size, a plain canvas font family, V8's compile hint (\`//# allFunctionsCalledOnLoad\`)
on the chart library's chunk; for the map: evaluating Leaflet as the script starts, adding the tile layer
in a layout effect, and opening on the region without the animated \`fitBounds\` (its tiles started ~50 ms
sooner, its first marker came no sooner). The bench page rendering the chart's box with React before the
data (above) took 8–15 ms off our first chart in an interleaved comparison with the page before
(1,000 points 75 → 67 ms, 10,000 87 → 72 ms, 100,000 106 → 93 ms; uPlot 44, 47 and 68 ms in the same run).

Figures move by tens of per cent between runs on this shared machine; compare within a run.

**Bytes over the wire for the map page** (the script-tag map example served by the API as under \`npm start\`;
its ${bytes.answers} answers from the API fetched again by this script, tiles excluded): ${bytes.before.toLocaleString('en')} B
uncompressed (before: the server sent no compression), ${bytes.after.toLocaleString('en')} B with \`Accept-Encoding: gzip, deflate, br, zstd\`
as Chromium sends it (${(bytes.before / bytes.after).toFixed(1)}× fewer): bundles as their build-time brotli
siblings (\`scripts/precompress.mjs\`), JSON and pages compressed per request (\`apps/api/src/http/compression.ts\`).
`;

const file = join(repoRoot, 'docs/benchmarks.md');
const doc = readFileSync(file, 'utf8');
const start = doc.indexOf('## Rendering');
const next = start >= 0 ? doc.indexOf('\n## ', start + 1) : -1;
const updated =
  start < 0
    ? `${doc.trimEnd()}\n\n${section}`
    : `${doc.slice(0, start)}${section}${next >= 0 ? doc.slice(next) : ''}`;
writeFileSync(file, updated);
console.log(section);
