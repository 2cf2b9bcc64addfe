import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DASHBOARD_INCLUDE, SIGNED_IN_COOKIE } from '@matnat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { ROUTE_PRELOADS_FILE, type RoutePreload, withDataPreloads } from './routePreloads.js';

const TABLE: RoutePreload[] = [
  { path: '/dashboard/create', chunks: ['/assets/DashboardForm-c.js'] },
  { path: '/dashboard/:dashboard_id', chunks: ['/assets/DashboardShow-d.js'] },
  { path: '/login', chunks: ['/assets/Login-f.js'] },
];

const PAGE =
  '<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>Mätnät</title>\n' +
  '<script type="module" crossorigin src="/assets/index-g.js"></script>\n</head><body><div id="root"></div></body></html>';

const DASHBOARD_12 = `/api/v1/dashboard/12/?include=${DASHBOARD_INCLUDE}`;

/** The `<link rel="preload" as="fetch">` hints of a page, in their order. */
const dataHints = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g)].map(
    (m) => m[1],
  );

describe("a signed-in visitor's first API requests preloaded in index.html (issue 22)", () => {
  it('puts the hints ahead of the page’s scripts, URL as the client sends it, and no script', () => {
    const html = withDataPreloads(PAGE, ['/api/me', '/api/x?a=1&b="2"']);
    expect(html.indexOf('href="/api/me"')).toBeLessThan(html.indexOf('<script'));
    expect(html).toContain('href="/api/x?a=1&#38;b=&#34;2&#34;"');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(withDataPreloads(PAGE, [])).toBe(PAGE);
  });
});

describe('the server preloads the signed-in user and the dashboard, never for a guest (issue 22)', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matnat-datahints-'));
    writeFileSync(join(dir, 'index.html'), PAGE);
    writeFileSync(join(dir, ROUTE_PRELOADS_FILE), JSON.stringify(TABLE));
    t = await createTestApp({ dialect: 'sqlite', config: { frontendDir: dir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('/dashboard/{id} with a session: /api/me and the dashboard as the core asks for it', async () => {
    const anna = await t.loginAs('anna@matnat.se');
    const page = await anna.get('/dashboard/12');
    expect(page.statusCode).toBe(200);
    expect(page.headers.vary).toMatch(/cookie/i);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(dataHints(page.body)).toEqual(['/api/me', DASHBOARD_12]);
    // Another route: the user only; an id the app's loader would not ask for: no dashboard.
    expect(dataHints((await anna.get('/dashboard/create')).body)).toEqual(['/api/me']);
    expect(dataHints((await anna.get('/okänd')).body)).toEqual(['/api/me']);
    expect(dataHints((await anna.get('/dashboard/abc')).body)).toEqual(['/api/me']);
  });

  it('a guest, a cookie of no session, or a session the app does not take for signed in: no hint', async () => {
    expect(dataHints((await t.client().get('/dashboard/12')).body)).toEqual([]);
    const forged = await t.client().get('/dashboard/12', {
      headers: { cookie: `matnat_session=nope; ${SIGNED_IN_COOKIE}=1` },
    });
    expect(dataHints(forged.body)).toEqual([]);
    // Signed in, but without the signed-in cookie the app asks for nothing: a hint would go unused.
    const anna = await t.loginAs('anna@matnat.se');
    anna.cookies.delete(SIGNED_IN_COOKIE);
    expect(dataHints((await anna.get('/dashboard/12')).body)).toEqual([]);
  });

  it('a signed-in page has its own ETag: a guest’s cached copy is not revalidated into it', async () => {
    const guest = await t.client().get('/dashboard/12');
    const anna = await t.loginAs('anna@matnat.se');
    const page = await anna.get('/dashboard/12', {
      headers: { 'if-none-match': guest.headers.etag as string },
    });
    expect(page.statusCode).toBe(200);
    const again = await anna.get('/dashboard/12', {
      headers: { 'if-none-match': page.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});
