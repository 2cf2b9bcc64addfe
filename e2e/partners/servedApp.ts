// The partner apps' servers as the specs see them: where globalSetup put each app and its port, and the
// settings it hands them.
import { test } from '@playwright/test';
import type { ServerName } from './globalSetup';
import type { AppServer, PartnerAppName } from './partnerApp';

export const api = () => process.env.MATNAT_API as string;
export const tileUrl = () => process.env.MATNAT_TILE_URL as string;
export const embedToken = () => process.env.MATNAT_TOKEN as string;
export const appDir = (app: PartnerAppName): string =>
  JSON.parse(process.env.MATNAT_PARTNER_DIRS ?? '{}')[app];
export const port = (server: ServerName): number =>
  JSON.parse(process.env.MATNAT_PARTNER_PORTS ?? '{}')[server];

export interface ServedApp {
  server?: AppServer;
  /** The address of a page on the server; throws when the describe's first test did not start it. */
  url(path?: string): string;
}

/** A describe whose tests share one server of the app: its first test starts it, it stops after the last. */
export function describeServedApp(title: string, body: (app: ServedApp) => void): void {
  test.describe(title, () => {
    // Each test needs the server the one before it built and started.
    test.describe.configure({ mode: 'serial' });
    const app: ServedApp = {
      url(path = '/') {
        if (!app.server) throw new Error('the app is not being served');
        return `${app.server.url}${path}`;
      },
    };
    test.afterAll(async () => {
      await app.server?.stop();
    });
    body(app);
  });
}
