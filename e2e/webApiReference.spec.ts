import { expect, test } from '@playwright/test';
import { expectAccessible, screenshots, web } from './webPages';

/**
 * Issue 24 "A browsable API reference", as an integrator opens it: /api/reference in Chromium with every
 * request that leaves this server refused (it works offline), the introduction's examples and the
 * operations on screen, no error in the console, and axe clean.
 */
test('issue 24: /api/reference shows the API with its examples, offline, with no console error and no serious axe finding', async ({
  page,
}) => {
  const origin = new URL(web()).origin;
  const outside: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:')) return route.continue();
    outside.push(url);
    return route.abort();
  });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${web()}/api/reference`);
  await expect(page.getByRole('heading', { name: /Readings in: POST \/api\/v1\/ingest/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Webhook signatures' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: /Embed tokens: POST \/api\/v1\/embed-token/ }),
  ).toBeVisible();
  await expect(page.locator('.opblock-summary-path', { hasText: '/api/v1/ingest' }).first()).toBeVisible();

  // An operation opens with its request body's example and its answers.
  const ingest = page.getByRole('button', { name: 'post /api/v1/ingest', exact: true });
  await ingest.click();
  await expect(ingest).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('heading', { name: 'Responses' }).first()).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Example Value' }).first()).toContainText('"readings"');

  await expectAccessible(page);
  await screenshots(page, 'api-reference', { fullPage: false });
  expect(outside).toEqual([]);
  expect(errors).toEqual([]);
});
