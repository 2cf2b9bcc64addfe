import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialects } from './test/harness.js';

const dialects = await testDialects();

describe.each(dialects)('HTTP platform (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, config: { bodyLimit: 64 * 1024 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /api/health answers ok with the database in use', async () => {
    const response = await t.client().get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: dialect });
  });

  it('DESIGN §2: paths with and without a trailing slash are the same resource', async () => {
    const admin = await t.loginAs('admin@matnat.se');
    const plain = await admin.get('/api/v1/team');
    const slash = await admin.get('/api/v1/team/');
    expect(slash.statusCode).toBe(200);
    expect(slash.json()).toEqual(plain.json());
  });

  it('an unknown route is a JSON 404', async () => {
    const response = await t.client().get('/api/v1/finns-inte');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(typeof response.json().message).toBe('string');
    const post = await t.client().post('/api/v1/finns-inte', {}, { csrf: false });
    expect(post.statusCode).toBe(404);
  });

  it('issue 3: malformed JSON is 400 with a message, not 500', async () => {
    const response = await t
      .client()
      .post('/api/login', '{"email": "anna@', { headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Förfrågan är inte giltig JSON.');
  });

  it('issue 3: an oversized body is 413, not 500', async () => {
    const response = await t
      .client()
      .post('/api/login', { email: 'a@b.se', password: 'x'.repeat(100 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(typeof response.json().message).toBe('string');
  });

  it('a body that is not JSON is 415; prototype keys are refused with 400', async () => {
    const text = await t
      .client()
      .post('/api/login', 'email=a', { headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(415);
    const proto = await t.client().post('/api/login', '{"__proto__": {"is_admin": 1}}');
    expect(proto.statusCode).toBe(400);
  });

  it('DESIGN §2: wrong types and unknown fields are 422 {message, errors: {field: [...]}}', async () => {
    const wrongType = await t.client().post('/api/login', { email: 12, password: 'x' });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json()).toMatchObject({
      message: expect.any(String),
      errors: { email: [expect.any(String)] },
    });
    const unknown = await t
      .client()
      .post('/api/login', { email: 'anna@matnat.se', password: 'x', is_admin: true });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['is_admin']);
    const missing = await t.client().post('/api/login');
    expect(missing.statusCode).toBe(422);
  });

  it('GET /api/docs is an OpenAPI document generated from the route schemas', async () => {
    const response = await t.client().get('/api/docs');
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/me', '/api/v1/user/{id}/impersonate']),
    );
    const login = doc.paths['/api/login'].post;
    const schema = login.requestBody.content['application/json'].schema;
    expect(schema.properties).toHaveProperty('email');
    expect(schema.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(login.security).toBeUndefined();
    expect(doc.paths['/api/me'].get.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/v1/user'].get.description).toContain('Admin only.');
  });
});

describe('serving the front end', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matnat-front-'));
    const page = '<!doctype html><title>Mätnät</title><div id="app"></div>';
    writeFileSync(join(dir, 'index.html'), page);
    writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(page));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets', 'Login-DIPC1byt.js'), 'console.log(2)');
    writeFileSync(join(dir, 'assets', 'Login-DIPC1byt.js.br'), brotliCompressSync('console.log(2)'));
    t = await createTestApp({ dialect: 'sqlite', accounts: false, config: { frontendDir: dir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('spec §7: GET /index.html is served without caching so the version check sees a new build', async () => {
    for (const url of ['/index.html', '/'])
      for (const encoding of ['identity', 'br']) {
        // Its precompressed sibling too (the build writes index.html.br): never kept for an hour.
        const response = await t.client().get(url, { headers: { 'accept-encoding': encoding } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('no-cache');
        if (encoding === 'br') expect(response.headers['content-encoding']).toBe('br');
        else expect(response.body).toContain('id="app"');
      }
    const asset = await t.client().get('/assets/app.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('a built file named after its content (Vite, under assets/) is cached for a year, immutable', async () => {
    for (const encoding of ['identity', 'br']) {
      const hashed = await t
        .client()
        .get('/assets/Login-DIPC1byt.js', { headers: { 'accept-encoding': encoding } });
      expect(hashed.statusCode).toBe(200);
      expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(hashed.headers['content-encoding']).toBe(encoding === 'br' ? 'br' : undefined);
    }
  });

  it('spec §2: unknown app paths get index.html (the SPA router decides); API paths and files stay 404 JSON', async () => {
    const page = await t.client().get('/dashboard/3');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="app"');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    for (const url of ['/api/v1/nothing', '/assets/missing.js', '/sanctum/x']) {
      const response = await t.client().get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });
});

describe('serving a directory of examples', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matnat-examples-'));
    mkdirSync(join(dir, 'script-tag'));
    writeFileSync(join(dir, 'script-tag', 'index.html'), '<!doctype html><title>Karta</title>');
    mkdirSync(join(dir, 'vite-app', 'dist'), { recursive: true });
    writeFileSync(join(dir, 'vite-app', 'index.html'), '<!doctype html><title>Källkod</title>');
    writeFileSync(join(dir, 'vite-app', 'dist', 'index.html'), '<!doctype html><title>Bygge</title>');
    writeFileSync(join(dir, 'vite-app', 'package.json'), '{}');
    mkdirSync(join(dir, 'vite-app', 'node_modules', 'sdk', 'src'), { recursive: true });
    writeFileSync(join(dir, 'vite-app', 'node_modules', 'sdk', 'src', 'index.ts'), 'export {};');
    mkdirSync(join(dir, 'unbuilt'));
    writeFileSync(join(dir, 'unbuilt', 'package.json'), '{}');
    writeFileSync(join(dir, 'unbuilt', 'index.html'), '<!doctype html><title>Obyggd</title>');
    mkdirSync(join(dir, 'script-tag', 'node_modules'));
    writeFileSync(join(dir, 'script-tag', 'node_modules', 'x.js'), '');
    t = await createTestApp({ dialect: 'sqlite', accounts: false, config: { frontendDir: dir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a front-end directory without index.html gets a page linking its examples', async () => {
    const response = await t.client().get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('href="/script-tag/"');
    expect((await t.client().get('/script-tag/')).body).toContain('Karta');
    expect((await t.client().get('/dashboard')).statusCode).toBe(404);
  });

  it('an example with a build (a Vite app) is linked to its dist/, not to its source index.html', async () => {
    expect((await t.client().get('/')).body).toContain('href="/vite-app/dist/"');
    expect((await t.client().get('/vite-app/dist/')).body).toContain('Bygge');
  });

  it('issue 12 finding 8: only built files are served — no sources, package files or node_modules symlinks', async () => {
    for (const path of [
      '/vite-app/node_modules/sdk/src/index.ts',
      '/vite-app/index.html',
      '/vite-app/',
      '/vite-app/package.json',
      '/unbuilt/index.html',
      '/script-tag/node_modules/x.js',
      '/script-tag/%2e%2e/vite-app/package.json',
    ]) {
      const response = await t.client().get(path);
      expect({ path, status: response.statusCode }).toEqual({ path, status: 404 });
    }
    expect((await t.client().get('/')).body).not.toContain('unbuilt');
    expect((await t.client().get('/script-tag/index.html')).statusCode).toBe(200);
  });
});

describe('serving the reference app with the examples beside it', () => {
  let t: TestApp;
  let app: string;
  let examples: string;
  beforeAll(async () => {
    app = mkdtempSync(join(tmpdir(), 'matnat-web-'));
    writeFileSync(join(app, 'index.html'), '<!doctype html><title>Mätnät</title><div id="root"></div>');
    examples = mkdtempSync(join(tmpdir(), 'matnat-examples-'));
    mkdirSync(join(examples, 'script-tag'));
    writeFileSync(join(examples, 'script-tag', 'index.html'), '<!doctype html><title>Karta</title>');
    mkdirSync(join(examples, 'vite-app', 'dist'), { recursive: true });
    writeFileSync(join(examples, 'vite-app', 'package.json'), '{}');
    writeFileSync(join(examples, 'vite-app', 'index.html'), '<!doctype html><title>Källkod</title>');
    writeFileSync(join(examples, 'vite-app', 'dist', 'index.html'), '<!doctype html><title>Bygge</title>');
    t = await createTestApp({
      dialect: 'sqlite',
      accounts: false,
      config: { frontendDir: app, staticMounts: { '/examples/': examples } },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(app, { recursive: true, force: true });
    rmSync(examples, { recursive: true, force: true });
  });

  it('issue 8: the app answers at / and its routes, the examples stay reachable under /examples/', async () => {
    expect((await t.client().get('/')).body).toContain('id="root"');
    expect((await t.client().get('/login')).body).toContain('id="root"');
    const listing = await t.client().get('/examples/');
    expect(listing.statusCode).toBe(200);
    expect(listing.body).toContain('href="/examples/script-tag/"');
    expect((await t.client().get('/examples/script-tag/')).body).toContain('Karta');
    // Only built example files, as when the examples are the front end: the Vite app's build, not its source.
    expect(listing.body).toContain('href="/examples/vite-app/dist/"');
    expect((await t.client().get('/examples/vite-app/dist/')).body).toContain('Bygge');
    expect((await t.client().get('/examples/vite-app/package.json')).statusCode).not.toBe(200);
  });
});
