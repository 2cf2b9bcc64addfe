import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { preloadsFor, ROUTE_PRELOADS_FILE, type RoutePreload, withModulePreloads } from './routePreloads.js';

const TABLE: RoutePreload[] = [
  { path: '/', chunks: ['/assets/Welcome-a.js'] },
  { path: '/dashboard/create', chunks: ['/assets/DefaultLayout-b.js', '/assets/DashboardForm-c.js'] },
  { path: '/dashboard/:dashboard_id', chunks: ['/assets/DefaultLayout-b.js', '/assets/DashboardShow-d.js'] },
  { path: '/login', chunks: ['/assets/BasicLayout-e.js', '/assets/Login-f.js'] },
];

// The built page has its stylesheet inline (~5 KB): above the 1 KB from which answers are compressed.
const PAGE =
  '<!doctype html><html lang="sv"><head><title>Mätnät</title>\n' +
  `<style>${'.p{margin:0}'.repeat(120)}</style>\n` +
  '<script type="module" crossorigin src="/assets/index-g.js"></script>\n</head><body><div id="root"></div></body></html>';

describe("the route's chunks preloaded in index.html (issue 22)", () => {
  it("a path's chunks are those of the route the app's router opens (the contract's matchPath, tested there), none for an unknown path", () => {
    expect(preloadsFor(TABLE, '/dashboard/12/')).toEqual([
      '/assets/DefaultLayout-b.js',
      '/assets/DashboardShow-d.js',
    ]);
    expect(preloadsFor(TABLE, '/dashboard/create')).toEqual([
      '/assets/DefaultLayout-b.js',
      '/assets/DashboardForm-c.js',
    ]);
    expect(preloadsFor(TABLE, '/okänd')).toEqual([]);
  });

  it('adds one <link rel="modulepreload" crossorigin> a chunk before </head>, and no script', () => {
    const html = withModulePreloads(PAGE, ['/assets/DashboardShow-d.js', '/assets/a"b.js']);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/DashboardShow-d.js">');
    expect(head).toContain('href="/assets/a&#34;b.js"');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(withModulePreloads(PAGE, [])).toBe(PAGE);
  });
});

describe('the server sends index.html with the route’s preloads (issue 22)', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matnat-preloads-'));
    writeFileSync(join(dir, 'index.html'), PAGE);
    writeFileSync(join(dir, ROUTE_PRELOADS_FILE), JSON.stringify(TABLE));
    t = await createTestApp({ dialect: 'sqlite', accounts: false, config: { frontendDir: dir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const links = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it('/dashboard/{id}: the default layout and the dashboard screen, under the CSP that allows no inline script', async () => {
    const page = await t.client().get('/dashboard/2');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(links(page.body)).toEqual(['/assets/DefaultLayout-b.js', '/assets/DashboardShow-d.js']);
    expect(links((await t.client().get('/dashboard/create')).body)).toEqual([
      '/assets/DefaultLayout-b.js',
      '/assets/DashboardForm-c.js',
    ]);
    expect(links((await t.client().get('/login?next=%2F')).body)).toEqual([
      '/assets/BasicLayout-e.js',
      '/assets/Login-f.js',
    ]);
  });

  it('an unknown app path gets index.html as built; /index.html (the version check compares it) is the file', async () => {
    expect((await t.client().get('/okänd/väg')).body).toBe(PAGE);
    const file = await t.client().get('/index.html');
    expect(file.body).toBe(PAGE);
    expect(file.headers['cache-control']).toBe('no-cache');
  });

  it('is compressed as the browser asks and revalidated by its ETag (304 without a body)', async () => {
    const br = await t.client().get('/dashboard/2', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(links(brotliDecompressSync(br.rawPayload).toString())).toEqual([
      '/assets/DefaultLayout-b.js',
      '/assets/DashboardShow-d.js',
    ]);
    const etag = br.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.client().get('/dashboard/7', { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await t.client().get('/login', { headers: { 'if-none-match': etag } })).statusCode).toBe(200);
  });

  it('a new build (a new index.html) is read again, with its own table', async () => {
    const table = [{ path: '/dashboard/:dashboard_id', chunks: ['/assets/DashboardShow-new.js'] }];
    writeFileSync(join(dir, ROUTE_PRELOADS_FILE), JSON.stringify(table));
    writeFileSync(join(dir, 'index.html'), PAGE.replace('index-g', 'index-h'));
    const later = new Date(Date.now() + 5000);
    utimesSync(join(dir, 'index.html'), later, later);
    const page = await t.client().get('/dashboard/2');
    expect(page.body).toContain('/assets/index-h.js');
    expect(links(page.body)).toEqual(['/assets/DashboardShow-new.js']);
  });
});

describe('a build without the table', () => {
  it('sends index.html as it is on every app path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'matnat-nopreloads-'));
    writeFileSync(join(dir, 'index.html'), PAGE);
    const t = await createTestApp({ dialect: 'sqlite', accounts: false, config: { frontendDir: dir } });
    try {
      const page = await t.client().get('/dashboard/2');
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(PAGE);
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
