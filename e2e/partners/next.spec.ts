import { expect, type Page, test } from '@playwright/test';
import { runOk, serveApp } from './partnerApp';
import { api, appDir, describeServedApp, embedToken, port, tileUrl } from './servedApp';
import { expectWidgetsShown } from './widgetChecks';

// The settings the app's Server Components read at request time (app/matnat.ts).
const serverEnv = () => ({
  MATNAT_API_BASE: api(),
  MATNAT_EMBED_TOKEN: embedToken(),
  MATNAT_TILE_URL: tileUrl(),
  NEXT_TELEMETRY_DISABLED: '1',
});

const next = (command: 'start' | 'dev', server: 'nextStart' | 'nextDev') =>
  serveApp(
    appDir('next-app'),
    'next',
    [command, '-H', '127.0.0.1', '-p', String(port(server))],
    port(server),
    serverEnv(),
  );

/** Next's dev overlay: the dialog it opens for an error and the issue count on its indicator. */
async function expectNoDevOverlay(page: Page) {
  await expect(page.locator('[data-nextjs-dialog-overlay], [data-nextjs-dialog]')).toHaveCount(0);
  await expect(page.locator('[data-issues-count]')).toHaveCount(0);
}

describeServedApp('Next.js 16 App Router, production build', (app) => {
  test("next build passes with the SDK behind a partner's 'use client' file and imported straight into a Server Component", async () => {
    await runOk('npx', ['next', 'build'], appDir('next-app'), serverEnv());
    app.server = await next('start', 'nextStart');
  });

  test('the page is rendered on the server for each request, with the settings of the running server', async () => {
    const res = await fetch(app.url('/'));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Partnerns instrumentpanel');
    // The API address reached the client component as a prop from the server, not from the build.
    expect(html).toContain(api());
  });

  test("through the partner's 'use client' boundary the page paints a line chart, a single value and map markers", async ({
    page,
  }) => {
    await expectWidgetsShown(page, app.url('/'));
  });

  test('with the SDK imported straight into a Server Component the page paints the same widgets', async ({
    page,
  }) => {
    await expectWidgetsShown(page, app.url('/direct'));
    await expect(page.getByRole('heading', { name: 'Direkt från en Server Component' })).toBeVisible();
  });
});

describeServedApp('Next.js 16 App Router, next dev (StrictMode)', (app) => {
  test('next dev serves the app', async () => {
    app.server = await next('dev', 'nextDev');
  });

  for (const [path, what] of [
    ['/', "the partner's 'use client' boundary"],
    ['/direct', 'the SDK imported straight into a Server Component'],
  ] as const) {
    test(`through ${what} the page paints the widgets with no error overlay`, async ({ page }) => {
      await expectWidgetsShown(page, app.url(path));
      await expectNoDevOverlay(page);
    });
  }
});
