// `pnpm bench:render`: in headless Chromium (Debian's), the time from data to the first painted chart for
// 1,000 and 100,000 points, and the script-tag temperature map's time to its first marker, against the
// real API server. Writes the figures into the "Rendering" section of docs/benchmarks.md.

import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { repoRoot, startHarness } from '../harness';
import { chromiumLaunch } from '../playwright.config';

const RUNS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

await build({
  entryPoints: [join(repoRoot, 'e2e/bench/chartBench.tsx')],
  outfile: join(repoRoot, 'e2e/bench/dist/chartBench.js'),
  bundle: true,
  format: 'esm',
  minify: true,
  jsx: 'automatic',
  conditions: ['@matnat/source'],
  nodePaths: [join(repoRoot, 'packages/react/node_modules')],
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

const h = await startHarness();
const browser = await chromium.launch(chromiumLaunch);
const results: Record<string, number[]> = {
  '1,000 points': [],
  '100,000 points': [],
  'map: first marker': [],
};
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${h.examples}/e2e/bench/`);
  await page.waitForFunction(() => 'runBench' in window);
  for (const [label, n] of [
    ['1,000 points', 1_000],
    ['100,000 points', 100_000],
  ] as const) {
    await page.evaluate(
      (count) => (window as unknown as { runBench(n: number): Promise<number> }).runBench(count),
      n,
    ); // warm-up
    for (let i = 0; i < RUNS; i++) {
      results[label]?.push(
        await page.evaluate(
          (count) => (window as unknown as { runBench(n: number): Promise<number> }).runBench(count),
          n,
        ),
      );
    }
  }
  for (let i = 0; i < RUNS; i++) {
    const map = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await map.goto(`${h.examples}/examples/script-tag-temperature-map/`);
    const ms = await map.waitForFunction(
      () => performance.getEntriesByName('matnat:temperature-map:first-marker')[0]?.startTime,
      null,
      { timeout: 30_000 },
    );
    results['map: first marker']?.push((await ms.jsonValue()) as number);
    await map.close();
  }
} finally {
  await browser.close();
  await h.stop();
}

const chromiumVersion = browser.version();
const rows = Object.entries(results).map(
  ([label, xs]) =>
    `| ${label} | ${median(xs).toFixed(0)} ms | ${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)} ms |`,
);
const section = `## Rendering (\`pnpm bench:render\`)

Measured ${new Date().toISOString().slice(0, 10)} on the project's machine (${cpus().length} cores, ${cpus()[0]?.model.trim() ?? 'unknown CPU'}), headless Debian Chromium ${chromiumVersion}, command \`pnpm bench:render\`
(e2e/bench/renderBench.ts). Median of ${RUNS} runs after a warm-up.

- **Chart**: from handing the points to \`TimeSeriesChart\` (React, lightweight-charts already loaded) to the second animation
  frame after the chart drew them, i.e. the first painted chart on screen. One line series, 1000 px wide.
- **Map**: the script-tag \`temperature-map.js\` example page, from navigation start to the first markers on the map
  (\`performance.mark('matnat:temperature-map:first-marker')\`), with the real API server and local stub tiles.

| What | Median | Range |
| --- | --- | --- |
${rows.join('\n')}
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
