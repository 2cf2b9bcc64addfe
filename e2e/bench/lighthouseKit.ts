// Lighthouse as the web benchmarks run it (`bench:web`, `bench:lighthouse`): the `lighthouse` package
// driving Debian's Chromium with its mobile defaults, the median of five runs, and a signed-in session.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumLaunch } from '../playwright.config';
import { median } from './benchKit';

/** Lighthouse's simulated CPU multiplies the noise of a shared 2-core machine: the median of five. */
export const RUNS = 5;
let version = '';
/** The version of the last run. */
export const lighthouseVersion = () => version;

/** The session cookie of a user signed in through the API, as the app signs in. */
export { login as signIn } from '../../apps/api/bench/http';

export async function firstDashboard(base: string, cookie: string): Promise<number> {
  const res = await fetch(`${base}/api/v1/dashboard`, { headers: { cookie } });
  const { data } = (await res.json()) as { data: { id: number }[] };
  if (!data[0]) throw new Error('the demo user has no dashboard');
  return data[0].id;
}

/**
 * The session's cookies in the browser's own cookie jar, as a signed-in visitor's browser has them: the app
 * reads its signed-in cookie from `document.cookie` (issue 21 point 7), so cookies sent only as an extra
 * request header looked signed out to it, and `/dashboard/{id}` measured the redirect to /login.
 */
async function setCookies(port: number, url: string, cookie: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const cookies = cookie.split(/;\s*/).map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: new URL(url).origin };
    });
    await browser.contexts()[0]?.addCookies(cookies);
  } finally {
    // A browser Playwright connected to over CDP is only disconnected from, not closed.
    await browser.close();
  }
}

/**
 * One Lighthouse run with its mobile defaults (simulated slow 4G and a 4× slower CPU) in Debian's Chromium,
 * signed in with `cookie` if given. Throws when the page ended elsewhere (a redirect measures another page).
 */
export async function lighthouseRun(url: string, categories: string[], cookie?: string) {
  const chrome = await launch({
    chromePath: chromiumLaunch.executablePath,
    chromeFlags: [...chromiumLaunch.args, '--headless=new'],
  });
  try {
    if (cookie) await setCookies(chrome.port, url, cookie);
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: categories,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const landed = result.lhr.finalDisplayedUrl;
    if (!result.lhr.runtimeError && new URL(landed).pathname !== new URL(url).pathname)
      throw new Error(`Lighthouse measured ${landed}, not ${url}: the page redirected`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/** A run's timings in ms (cumulative layout shift unitless), as Lighthouse estimates them. */
export interface RunMetrics {
  fcp: number;
  lcp: number;
  tbt: number;
  si: number;
  cls: number;
}

const METRIC_AUDITS: Record<keyof RunMetrics, string> = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  si: 'speed-index',
  cls: 'cumulative-layout-shift',
};

/**
 * One scored run with Lighthouse's mobile defaults (simulated slow 4G and a 4× slower CPU) in Debian's
 * Chromium: the categories' scores, the metrics and Lighthouse's whole result (for a look at where the time
 * went). Null when Lighthouse could not read its trace (NO_NAVSTART now and then): run it again.
 */
export async function scoredRun<C extends string>(
  url: string,
  categories: Record<C, number>,
  cookie?: string,
): Promise<{ scores: Record<C, number>; metrics: RunMetrics; lhr: object } | null> {
  const lhr = await lighthouseRun(url, Object.keys(categories), cookie);
  if (lhr.runtimeError) {
    console.log(`  ${url}: Lighthouse failed (${lhr.runtimeError.code}), running again`);
    return null;
  }
  const { audits } = lhr;
  const scored = lhr.categories;
  version = lhr.lighthouseVersion;
  const failed = Object.values(audits).filter(
    (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary',
  );
  const metrics = Object.fromEntries(
    Object.entries(METRIC_AUDITS).map(([key, id]) => [key, audits[id]?.numericValue ?? Number.NaN]),
  ) as unknown as RunMetrics;
  console.log(
    `  ${url}: ${Object.values(METRIC_AUDITS)
      .map((id) => `${id.replace(/-/g, ' ')} ${audits[id]?.displayValue ?? '?'}`)
      .join(', ')}`,
  );
  for (const audit of failed)
    console.log(`    failed: ${audit.id} ${JSON.stringify(audit.details ?? {}).slice(0, 400)}`);
  const scores = Object.fromEntries(
    Object.keys(categories).map((id) => [id, Math.round((scored[id]?.score ?? 0) * 100)]),
  ) as Record<C, number>;
  return { scores, metrics, lhr };
}

export async function medianScores<C extends string>(
  url: string,
  categories: Record<C, number>,
  cookie?: string,
): Promise<{ median: Record<C, number>; runs: Record<C, number>[] }> {
  const runs: Record<C, number>[] = [];
  for (let tries = 0; runs.length < RUNS && tries < 2 * RUNS; tries++) {
    const run = await scoredRun(url, categories, cookie);
    if (run) runs.push(run.scores);
  }
  if (runs.length < RUNS) throw new Error(`Lighthouse failed too often on ${url}`);
  const keys = Object.keys(categories) as C[];
  return {
    median: Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as Record<C, number>,
    runs,
  };
}
