// What the reference app's journeys (web*.spec.ts) share: the server's address, axe, screenshots, sign-in,
// local map tiles and API calls with the app's anti-forgery header.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { ingestAt, type PostedReading } from './ingest';

/** The app as `npm start` serves it (globalSetup's `startWebServer`). */
export const web = () => process.env.MATNAT_WEB as string;
const tiles = () => process.env.MATNAT_TILES as string;
const WIDTHS = [375, 1280] as const;
const OSM_TILES = /^https:\/\/([a-z]\.)?tile\.openstreetmap\.org\//;

/** No serious or critical axe violation on the page as it is. */
export async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Issue 9 "no sideways scrolling at 375 px": the page is no wider than the window. */
export async function expectNoSideScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

/**
 * Screenshots at 375 and 1280 px into test-results/screenshots/web-{name}-{width}.png (full page unless
 * the screen fills the window itself, as the maps do); at 375 px the page must not scroll sideways.
 */
export async function screenshots(page: Page, name: string, { fullPage = true } = {}) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    if (width === 375) await expectNoSideScroll(page);
    await page.screenshot({ path: `test-results/screenshots/web-${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Resolves once a signed-in page's late requests went out: the bell's list (answered; asked for at the page's
 * first idle time) and the live stream (once the start has settled). A journey that ends or changes the
 * session waits for them, so that their answers do not race its own requests. Call it before the navigation.
 */
export function idleRequestsSent(page: Page): Promise<unknown> {
  return Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/notification'),
    page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v1/stream'),
  ]);
}

export async function signIn(page: Page, email: string, password = 'matnat-demo') {
  await page.goto(`${web()}/login`);
  await page.getByLabel('E-postadress').fill(email);
  await page.getByLabel('Lösenord').fill(password);
  await page.getByRole('button', { name: 'Logga in' }).click();
}

/** Signs in (the demo password unless given) and waits for the dashboard index. */
export async function signedIn(page: Page, email: string, password = 'matnat-demo') {
  await signIn(page, email, password);
  await expect(page).toHaveURL(`${web()}/dashboard`);
}

/** The page keeps OpenStreetMap's tile URL (as the server's CSP allows); the local tile server answers. */
export async function localTiles(page: Page) {
  await page.route(OSM_TILES, async (route) => {
    const res = await fetch(`${tiles()}${new URL(route.request().url()).pathname}`);
    await route.fulfill({
      status: res.status,
      contentType: 'image/png',
      body: Buffer.from(await res.arrayBuffer()),
    });
  });
}

/** A request from the signed-in page, with the anti-forgery header the app's client sends; the JSON answer. */
export async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
      const answer = await fetch(path, {
        method,
        headers: { accept: 'application/json', 'content-type': 'application/json', 'x-xsrf-token': xsrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return answer.status === 204 ? null : answer.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

/** Readings of a device into the app's server, as its network server would post them (e2e/ingest.ts). */
export function ingest(externalId: string, readings: PostedReading[]): Promise<void> {
  return ingestAt(web(), externalId, readings);
}
