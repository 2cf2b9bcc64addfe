// Lighthouse as the web benchmarks run it (`bench:web`, `bench:lighthouse`): the `lighthouse` package
// driving Debian's Chromium with its mobile defaults, the median of five runs, and a signed-in session.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
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

/** Lighthouse's mobile defaults (simulated slow 4G and a 4× slower CPU) in Debian's Chromium. */
async function lighthouseScores<C extends string>(
  url: string,
  categories: Record<C, number>,
  cookie?: string,
): Promise<Record<C, number> | null> {
  const chrome = await launch({
    chromePath: chromiumLaunch.executablePath,
    chromeFlags: [...chromiumLaunch.args, '--headless=new'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: Object.keys(categories),
      extraHeaders: cookie ? { cookie } : undefined,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    // A run whose trace Lighthouse could not read (NO_NAVSTART now and then) has no scores: run it again.
    if (result.lhr.runtimeError) {
      console.log(`  ${url}: Lighthouse failed (${result.lhr.runtimeError.code}), running again`);
      return null;
    }
    const { audits } = result.lhr;
    const scored = result.lhr.categories;
    version = result.lhr.lighthouseVersion;
    const failed = Object.values(audits).filter(
      (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary',
    );
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
    ]
      .map((id) => `${id.replace(/-/g, ' ')} ${audits[id]?.displayValue ?? '?'}`)
      .join(', ');
    console.log(`  ${url}: ${metrics}`);
    for (const audit of failed)
      console.log(`    failed: ${audit.id} ${JSON.stringify(audit.details ?? {}).slice(0, 400)}`);
    return Object.fromEntries(
      Object.keys(categories).map((id) => [id, Math.round((scored[id]?.score ?? 0) * 100)]),
    ) as Record<C, number>;
  } finally {
    chrome.kill();
  }
}

export async function medianScores<C extends string>(
  url: string,
  categories: Record<C, number>,
  cookie?: string,
): Promise<{ median: Record<C, number>; runs: Record<C, number>[] }> {
  const runs: Record<C, number>[] = [];
  for (let tries = 0; runs.length < RUNS && tries < 2 * RUNS; tries++) {
    const scores = await lighthouseScores(url, categories, cookie);
    if (scores) runs.push(scores);
  }
  if (runs.length < RUNS) throw new Error(`Lighthouse failed too often on ${url}`);
  const keys = Object.keys(categories) as C[];
  return {
    median: Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as Record<C, number>,
    runs,
  };
}
