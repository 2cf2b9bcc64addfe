// What the reference app's benchmarks share: the median, anna's signed-in browser context, and writing
// their section of docs/benchmarks.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { repoRoot } from '../harness';

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

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
