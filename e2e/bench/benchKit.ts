// What the reference app's benchmarks share: the median, anna's signed-in browser context, the servers of a
// same-run A/B, and writing their section of docs/benchmarks.md.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { repoRoot } from '../harness';
import { startWebServer, type WebServer } from '../webHarness';

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/**
 * A distribution-free 95 % interval of the median of `xs`: from the (j+1)th smallest to the (j+1)th largest,
 * j the most with P(Binomial(n, ½) ≤ j) ≤ 2.5 %. Undefined under 6 values, too few for one.
 */
export function medianInterval(xs: number[]): [number, number] | undefined {
  const sorted = [...xs].sort((a, b) => a - b);
  const n = sorted.length;
  let below = 0;
  let ways = 1;
  let j = -1;
  for (let k = 0; k <= n; k++) {
    below += ways / 2 ** n;
    if (below > 0.025) break;
    j = k;
    ways = (ways * (n - k)) / (k + 1);
  }
  return j < 0 ? undefined : [sorted[j] as number, sorted[n - 1 - j] as number];
}

/** Anna's session in a context of its own: the cookies a run starts from. */
export async function signInAnna(browser: Browser, url: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByLabel('E-postadress').fill('anna@matnat.se');
  await page.getByLabel('Lösenord').fill('matnat-demo');
  await page.getByRole('button', { name: 'Logga in' }).click();
  await page.waitForURL(`${url}/dashboard`);
  await page.close();
  return context;
}

/** A side of a same-run A/B: the checkout it runs from (path and commit) and its server. */
export interface ServerSide {
  label: string;
  server: WebServer;
}

/** The checkout's commit, and whether its tracked files have changes not committed. */
const commitOf = (root: string) => {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();
    const changed = git('status', '--porcelain', '--untracked-files=no') !== '';
    return `${git('rev-parse', '--short', 'HEAD')}${changed ? ' with uncommitted changes' : ''}`;
  } catch {
    return 'no git';
  }
};

/**
 * The servers of a bench: this checkout's and, with `compare` (MATNAT_BENCH_COMPARE=<checkout>), a second
 * from that checkout of the repo (a `git worktree` with its own `pnpm install` and its own app build: the
 * server serves its own apps/web/dist and runs its own API code), each on its own demo data. If the second
 * fails to start, the first is stopped; otherwise the caller stops both (`stopServers`).
 */
export async function startServers(compare?: string): Promise<ServerSide[]> {
  const sides: ServerSide[] = [
    { label: `this checkout (${commitOf(repoRoot)})`, server: await startWebServer() },
  ];
  if (!compare) return sides;
  try {
    sides.push({
      label: `${compare} (${commitOf(compare)})`,
      server: await startWebServer(resolve(compare)),
    });
  } catch (error) {
    await stopServers(sides);
    throw error;
  }
  return sides;
}

export async function stopServers(sides: ServerSide[]): Promise<void> {
  for (const { server } of sides) await server.stop();
}

/** Replaces the section of docs/benchmarks.md that starts with `heading` (or appends it). */
export function writeBenchSection(heading: string, section: string): void {
  const file = join(repoRoot, 'docs/benchmarks.md');
  const doc = readFileSync(file, 'utf8');
  const start = doc.indexOf(heading);
  const next = start >= 0 ? doc.indexOf('\n## ', start + 1) : -1;
  const updated =
    start < 0
      ? `${doc.trimEnd()}\n\n${section}`
      : `${doc.slice(0, start)}${section}${next >= 0 ? `\n${doc.slice(next + 1)}` : ''}`;
  writeFileSync(file, updated);
}
