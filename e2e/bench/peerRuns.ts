// Issue 22's same-run A/B of `npm run bench:web:dashboard`: our /dashboard/{id} against the plain peer page
// (dashboardPeer.ts: the same panels' buckets from the same API, drawn with lightweight-charts alone), taking
// turns in one run, in fresh 1280 × 800 contexts with anna's cookies. Per load: the first screenful (every
// panel whose box starts inside the 800 px painted) and all panels painted, ms after navigation start; and,
// for a page of one panel over a year, the time from the panel's mount to its paint.
import { join } from 'node:path';
import { type BuildOptions, build } from 'esbuild';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { repoRoot } from '../harness';
import { median } from './benchKit';

const VIEWPORT = { width: 1280, height: 800 };
const MARK = 'matnat:panel-painted:';
const PEER_PATH = '/bench/dashboard-peer.html';
const SDK_PATH = '/bench/dashboard-sdk.html';

/** A page whose one module script is `entry` (under e2e/bench) bundled with its dependencies, minified. */
async function bundledPage(title: string, entry: string, options: BuildOptions): Promise<string> {
  const out = await build({
    entryPoints: [join(repoRoot, 'e2e/bench', entry)],
    bundle: true,
    format: 'esm',
    minify: true,
    write: false,
    logLevel: 'warning',
    ...options,
  });
  const js = out.outputFiles[0]?.text ?? '';
  return `<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>${title}</title></head><body><script type="module">${js.replace(/<\/script/g, '<\\/script')}</script></body></html>`;
}

/** The peer page's script, bundled with lightweight-charts. */
export const peerPage = () =>
  bundledPage('Peer', 'dashboardPeer.ts', { nodePaths: [join(repoRoot, 'packages/react/node_modules')] });

/**
 * The SDK's page (dashboardSdkPeer.tsx): `@matnat/react`, its core and lightweight-charts in one script, React
 * served by preact/compat as the app's build does, resolved from the app's dependencies.
 */
export function sdkPage(): Promise<string> {
  const preact = (path: string) => join(repoRoot, 'apps/web/node_modules/preact', path);
  return bundledPage('SDK', 'dashboardSdkPeer.tsx', {
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    nodePaths: [join(repoRoot, 'apps/web/node_modules'), join(repoRoot, 'packages/react/node_modules')],
    alias: {
      react: preact('compat'),
      'react-dom': preact('compat'),
      'react-dom/client': preact('compat/client'),
      'react/jsx-runtime': preact('jsx-runtime'),
    },
  });
}

/** What one load measured (ms after navigation start, or from the panel's mount for a year). */
export interface Painted {
  firstScreen: number;
  all: number;
  mountToPainted: number;
}

/** What the page logs once `panels` panels painted: the bench waits for it without evaluating in the page. */
const ALL_PAINTED = 'matnat-bench: painted';

/**
 * Records, in the page, when each panel's mark was followed by a painted frame, and when the first panel
 * mounted; logs `ALL_PAINTED` once `panels` painted.
 */
function instrument({ mark, panels, done }: { mark: string; panels: number; done: string }) {
  const w = window as unknown as { painted: Record<string, number>; mounted: number };
  w.painted = {};
  w.mounted = Number.NaN;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.name.startsWith(mark)) continue;
      const id = entry.name.slice(mark.length);
      // The chart draws in the next frame; the frame after it is on screen.
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          w.painted[id] = performance.now();
          if (Object.keys(w.painted).length === panels) console.log(done);
        }),
      );
    }
  }).observe({ type: 'mark' });
  new MutationObserver((_, observer) => {
    if (!document.querySelector('.matnat-line-chart-panel, [data-panel-id]')) return;
    w.mounted = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
}

/**
 * Navigates `page` to `url` and returns when `panels` of its panels painted, in ms after navigation start.
 * Waited for as a console message: polling the page (Playwright's `waitForFunction`) would evaluate
 * Playwright's injected script in the page at `load`, on the main thread the page is still starting on.
 */
export async function gotoPainted(page: Page, url: string, panels: number): Promise<number> {
  await page.addInitScript(instrument, { mark: MARK, panels, done: ALL_PAINTED });
  const painted = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${url}: ${panels} panels not painted in 60 s`)), 60_000);
    page.on('console', (message) => {
      if (message.text() !== ALL_PAINTED) return;
      clearTimeout(timer);
      resolve();
    });
    page.on('pageerror', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
  await page.goto(url, { waitUntil: 'commit' });
  await painted;
  return page.evaluate(() =>
    Math.max(...Object.values((window as unknown as { painted: Record<string, number> }).painted)),
  );
}

/** One cold load of `url` until `panels` panels painted. */
export async function paintedLoad(
  browser: Browser,
  state: Awaited<ReturnType<BrowserContext['storageState']>>,
  url: string,
  panels: number,
  options: { peerHtml?: string; sdkHtml?: string; init?: string } = {},
): Promise<Painted> {
  const context = await browser.newContext({ storageState: state, viewport: VIEWPORT });
  for (const [path, body] of [
    [PEER_PATH, options.peerHtml],
    [SDK_PATH, options.sdkHtml],
  ] as const) {
    if (body) await context.route(`**${path}*`, (route) => route.fulfill({ contentType: 'text/html', body }));
  }
  const page = await context.newPage();
  await page.addInitScript('globalThis.__name = (fn) => fn');
  if (options.init) await page.addInitScript(options.init);
  await gotoPainted(page, url, panels);
  const result = await page.evaluate(() => {
    const w = window as unknown as { painted: Record<string, number>; mounted: number };
    const times = Object.entries(w.painted);
    const top = (id: string) =>
      document.querySelector(`[data-panel-id="${id}"]`)?.getBoundingClientRect().top ??
      Number.POSITIVE_INFINITY;
    const first = times.filter(([id]) => top(id) < window.innerHeight).map(([, t]) => t);
    const all = times.map(([, t]) => t);
    return {
      firstScreen: Math.max(...first),
      all: Math.max(...all),
      mountToPainted: Math.max(...all) - w.mounted,
    };
  });
  await context.close();
  return result;
}

const pageUrl = (path: string) => (base: string, panels: number[][], range?: string) =>
  `${base}${path}?panels=${panels.map((p) => p.join(',')).join(';')}${range ? `&range_slug=${range}` : ''}`;
export const peerUrl = pageUrl(PEER_PATH);
export const sdkUrl = pageUrl(SDK_PATH);

/** Medians of alternating loads: ours, then the peer, `runs` times each. */
export async function alternate(
  runs: number,
  ours: () => Promise<Painted>,
  peer: () => Promise<Painted>,
  onLoad: () => void,
): Promise<{ ours: Painted[]; peer: Painted[] }> {
  const result = { ours: [] as Painted[], peer: [] as Painted[] };
  for (let i = 0; i < runs; i++) {
    result.ours.push(await ours());
    onLoad();
    result.peer.push(await peer());
    onLoad();
  }
  return result;
}

export const medianOf = (runs: Painted[], key: keyof Painted) => median(runs.map((r) => r[key]));
