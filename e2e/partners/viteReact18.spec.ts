import { expect, test } from '@playwright/test';
import { runOk, serveApp } from './partnerApp';
import { api, appDir, describeServedApp, embedToken, port, tileUrl } from './servedApp';
import { expectWidgetsShown } from './widgetChecks';

// The settings the app reads from import.meta.env (src/main.tsx), given when it is built or served.
const viteEnv = () => ({
  VITE_MATNAT_API_BASE: api(),
  VITE_MATNAT_EMBED_TOKEN: embedToken(),
  VITE_MATNAT_TILE_URL: tileUrl(),
});

const vite = (command: string[], server: 'vitePreview' | 'viteDev') =>
  serveApp(
    appDir('vite-react18-app'),
    'vite',
    [...command, '--host', '127.0.0.1', '--port', String(port(server)), '--strictPort'],
    port(server),
    viteEnv(),
  );

describeServedApp('Vite + React 18.3, production build under StrictMode', (app) => {
  test("the SDK's types check against React 18's and vite build passes", async () => {
    await runOk('npm', ['run', 'build'], appDir('vite-react18-app'), viteEnv());
    app.server = await vite(['preview'], 'vitePreview');
  });

  test('the built app paints a line chart, a single value and map markers', async ({ page }) => {
    await expectWidgetsShown(page, app.url('/'));
  });
});

describeServedApp('Vite + React 18.3, vite dev under StrictMode', (app) => {
  test('vite dev serves the app', async () => {
    app.server = await vite([], 'viteDev');
  });

  test('the page paints a line chart, a single value and map markers with no error overlay', async ({
    page,
  }) => {
    await expectWidgetsShown(page, app.url('/'));
    await expect(page.locator('vite-error-overlay')).toHaveCount(0);
  });
});
