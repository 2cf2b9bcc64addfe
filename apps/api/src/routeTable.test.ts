import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from './app.js';
import { createTestApp, type TestApp, type TestClient, testDialects } from './test/harness.js';

const dialects = await testDialects();
const MUTATING = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** A concrete path for a route pattern: every parameter becomes 1 (ids) or a token-like text. */
function concrete(url: string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => (name === 'token' || name === 'hash' ? 'abc' : '1'));
}

function routes(t: TestApp, filter: (route: RouteEntry) => boolean): RouteEntry[] {
  const seen = new Set<string>();
  return t.app.routeTable.filter((route) => {
    const key = `${route.method} ${route.url}`;
    if (seen.has(key) || route.method === 'HEAD' || route.url.includes('*') || !filter(route)) return false;
    seen.add(key);
    return true;
  });
}

function send(client: TestClient, route: RouteEntry, csrf = true) {
  return client.request(
    route.method as 'GET',
    concrete(route.url),
    MUTATING.includes(route.method) ? {} : undefined,
    {
      csrf,
    },
  );
}

describe.each(dialects)('every route of the route table (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the route table holds the auth and user routes with their guards', () => {
    const find = (method: string, url: string) =>
      t.app.routeTable.find((r) => r.method === method && r.url === url);
    expect(find('GET', '/api/me')?.guard).toBe('auth');
    expect(find('GET', '/api/v1/user')?.guard).toBe('admin');
    expect(find('POST', '/api/v1/user/:id/impersonate')?.guard).toBe('admin');
    expect(find('POST', '/api/login')?.guard).toBe('public');
  });

  it('issue 12 finding 8: every operation in /api/docs carries its real security (list routes included)', async () => {
    const doc = (await t.client().get('/api/docs')).json();
    const checked: string[] = [];
    for (const route of routes(t, (r) => r.url.startsWith('/api') || r.url.startsWith('/sanctum'))) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[path]?.[route.method.toLowerCase()];
      if (!operation) continue;
      const expected =
        route.guard === 'public'
          ? undefined
          : route.guard === 'user-or-embed'
            ? [{ session: [] }, { embedToken: [] }]
            : route.guard === 'ingest'
              ? [{ ingestKey: [] }]
              : [{ session: [] }];
      expect({ route: `${route.method} ${route.url}`, security: operation.security }).toEqual({
        route: `${route.method} ${route.url}`,
        security: expected,
      });
      checked.push(route.url);
    }
    expect(checked).toEqual(expect.arrayContaining(['/api/v1/device', '/api/v1/dashboard', '/api/v1/alert']));
  });

  it('issue 12: every operation in /api/docs documents its answer with a schema from the contract', async () => {
    const doc = (await t.client().get('/api/docs')).json();
    const undocumented: string[] = [];
    for (const route of routes(t, () => true)) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[path]?.[route.method.toLowerCase()];
      if (!operation) continue;
      // @fastify/swagger writes a bare "200: Default Response" for routes without one: that does not count.
      const success = Object.entries(operation.responses ?? {}).filter(
        ([code, answer]) =>
          code === '204' ||
          code.startsWith('3') ||
          (/^2/.test(code) && (answer as { content?: unknown }).content),
      );
      if (success.length === 0) undocumented.push(`${route.method} ${route.url}`);
    }
    expect(undocumented).toEqual([]);
  });

  it('DESIGN §2: every POST/PUT/PATCH/DELETE without X-XSRF-TOKEN answers 419 "CSRF token mismatch."', async () => {
    const mutating = routes(t, (r) => MUTATING.includes(r.method) && r.csrf);
    expect(mutating.length).toBeGreaterThan(10);
    for (const guest of [false, true]) {
      for (const route of mutating) {
        const client = guest ? t.client() : await t.loginAs('admin@matnat.se');
        if (guest) await client.csrfCookie();
        const response = await send(client, route, false);
        expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
          route: `${route.method} ${route.url}`,
          status: 419,
        });
        expect(response.json()).toEqual({ message: 'CSRF token mismatch.' });
      }
    }
  });

  it('DESIGN §2: a wrong anti-forgery token is refused like a missing one', async () => {
    const client = await t.loginAs('anna@matnat.se');
    const response = await client.post('/api/logout', undefined, {
      headers: { 'x-xsrf-token': 'not-the-token' },
    });
    expect(response.statusCode).toBe(419);
  });

  it('only device ingestion is exempt from the anti-forgery check', () => {
    const exempt = routes(t, (r) => MUTATING.includes(r.method) && !r.csrf);
    for (const route of exempt) expect(route.url).toMatch(/^\/api\/(v1\/)?ingest/);
  });

  it('issue 3: every route that needs a login answers 401 {"message":"Unauthenticated."} to a guest', async () => {
    const guarded = routes(t, (r) => r.guard !== 'public');
    expect(guarded.length).toBeGreaterThan(10);
    const guest = t.client();
    for (const route of guarded) {
      const response = await send(guest, route);
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('issue 3: every admin route answers 403 to a user who is not an admin', async () => {
    const adminOnly = routes(t, (r) => r.guard === 'admin');
    expect(adminOnly.length).toBeGreaterThan(3);
    const anna = await t.loginAs('anna@matnat.se');
    for (const route of adminOnly) {
      const response = await send(anna, route);
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
      });
    }
  });

  it('issue 3: malformed JSON, wrong types and unknown fields on every route with a body are 4xx, never 500', async () => {
    const bodies: unknown[] = [
      '{"broken": ',
      '[1,2,3]',
      '"text"',
      'null',
      { __unknown_field__: 1 },
      { email: 42, name: [], id: {} },
    ];
    const withBodies = routes(t, (r) => MUTATING.includes(r.method) && r.csrf && r.hasBody);
    expect(withBodies.length).toBeGreaterThan(5);
    for (const route of withBodies) {
      const admin = await t.loginAs('admin@matnat.se');
      for (const body of bodies) {
        const response = await admin.request(route.method as 'POST', concrete(route.url), body);
        expect({ route: `${route.method} ${route.url}`, body, status: response.statusCode < 500 }).toEqual({
          route: `${route.method} ${route.url}`,
          body,
          status: true,
        });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(typeof response.json().message).toBe('string');
      }
    }
  });

  it('issue 3: security headers are on every response, errors included', async () => {
    const guest = t.client();
    await guest.csrfCookie();
    for (const route of routes(t, () => true)) {
      // Guests get answers of every kind here: 200, 204, 401, 404, 419, 422.
      const response = await send(guest, route, false);
      const where = `${route.method} ${route.url} (${response.statusCode})`;
      expect({ where, nosniff: response.headers['x-content-type-options'] }).toEqual({
        where,
        nosniff: 'nosniff',
      });
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      // Issue 24: HSTS only over https (security.test.ts), never over the plain http of these requests.
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });
});
