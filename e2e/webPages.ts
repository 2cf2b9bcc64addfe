// What the reference app's journeys (web*.spec.ts) share: the server's address, axe, screenshots, sign-in.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The app as `npm start` serves it (globalSetup's `startWebServer`). */
export const web = () => process.env.MATNAT_WEB as string;
const WIDTHS = [375, 1280] as const;

/** No serious or critical axe violation on the page as it is. */
export async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Full-page screenshots at 375 and 1280 px into test-results/screenshots/web-{name}-{width}.png. */
export async function screenshots(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/screenshots/web-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

export async function signIn(page: Page, email: string, password = 'matnat-demo') {
  await page.goto(`${web()}/login`);
  await page.getByLabel('E-postadress').fill(email);
  await page.getByLabel('Lösenord').fill(password);
  await page.getByRole('button', { name: 'Logga in' }).click();
}
