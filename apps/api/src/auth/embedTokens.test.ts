import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorldApp, type WorldApp } from '../seed/fixture.js';
import { testDialects } from '../test/harness.js';

const dialects = await testDialects();
const PARTNER = 'https://partner.example';
const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString();

describe.each(dialects)('embed tokens (%s)', (dialect) => {
  let t: WorldApp;
  let annaDevice: number;
  let annaSensor: number;
  let erikDevice: number;
  let erikSensor: number;

  async function deviceOfTeam(team: number) {
    const row = await t.db
      .selectFrom('device_team')
      .innerJoin('sensors', 'sensors.device_id', 'device_team.device_id')
      .select(['device_team.device_id', 'sensors.id as sensor_id'])
      .where('device_team.team_id', '=', team)
      .orderBy('device_team.device_id')
      .executeTakeFirstOrThrow();
    return [row.device_id, row.sensor_id] as const;
  }

  async function createToken(body: Record<string, unknown>) {
    const response = await t.anna.post('/api/v1/embed-token', {
      name: 'Partnersidan',
      allowed_origins: [PARTNER],
      expires_at: inAYear(),
      ...body,
    });
    return response;
  }

  function bearer(token: string, origin: string | null = PARTNER) {
    return { authorization: `Bearer ${token}`, ...(origin ? { origin } : {}) };
  }

  beforeAll(async () => {
    t = await createWorldApp(dialect);
    [annaDevice, annaSensor] = await deviceOfTeam(t.accounts.teams.north);
    [erikDevice, erikSensor] = await deviceOfTeam(t.accounts.teams.south);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('DESIGN §2: POST /api/v1/embed-token returns the token once and stores only its hash', async () => {
    const response = await createToken({ scopes: [`device:${annaDevice}`] });
    expect(response.statusCode).toBe(201);
    const created = response.json().data;
    expect(created.token).toMatch(/^mtn_/);
    expect(created).toMatchObject({
      scopes: [`device:${annaDevice}`],
      allowed_origins: [PARTNER],
      revoked_at: null,
    });
    const row = await t.db
      .selectFrom('embed_tokens')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(created.token);
    const listed = (await t.anna.get('/api/v1/embed-token')).json().data;
    expect(listed.find((x: { id: number }) => x.id === created.id)).not.toHaveProperty('token');
    expect((await t.anna.get(`/api/v1/embed-token/${created.id}`)).json().data.id).toBe(created.id);
    expect((await t.erik.get(`/api/v1/embed-token/${created.id}`)).statusCode).toBe(404);
  });

  it("DESIGN §2: a user may only grant what they can read themselves (another team's device is 422)", async () => {
    const response = await createToken({ scopes: [`device:${erikDevice}`] });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.scopes).toHaveLength(1);
    expect((await createToken({ scopes: ['device:999999'] })).statusCode).toBe(422);
    expect((await createToken({ scopes: ['everything'] })).statusCode).toBe(422);
    expect(
      (await createToken({ scopes: ['public-map'], allowed_origins: ['https://x.se/path'] })).statusCode,
    ).toBe(422);
  });

  it('DESIGN §2: a bearer token reads what its scope names, from an allowed origin, and nothing else', async () => {
    const token = (await createToken({ scopes: [`device:${annaDevice}`] })).json().data.token;
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sensor/${annaSensor}/latest`,
      headers: bearer(token),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe(PARTNER);
    const outside = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sensor/${erikSensor}/latest`,
      headers: bearer(token),
    });
    expect(outside.statusCode).toBe(404);
    const noOrigin = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sensor/${annaSensor}/latest`,
      headers: bearer(token, null),
    });
    expect(noOrigin.statusCode).toBe(200);
  });

  it('DESIGN §2: an embed token is refused from an origin it does not list (403, no CORS headers)', async () => {
    const token = (await createToken({ scopes: [`device:${annaDevice}`] })).json().data.token;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sensor/${annaSensor}/latest`,
      headers: bearer(token, 'https://evil.example'),
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('DESIGN §2: embed tokens are read-only: a mutating request with one is 403 and never a session user', async () => {
    const token = (await createToken({ scopes: [`device:${annaDevice}`] })).json().data.token;
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dashboard',
      headers: bearer(token),
      payload: { title: 'x' },
    });
    expect(post.statusCode).toBe(403);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    const withCookie = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { ...bearer(token), cookie: `matnat_session=${t.anna.cookies.get('matnat_session')}` },
    });
    expect(withCookie.statusCode).toBe(401);
    const dashboards = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dashboard',
      headers: { ...bearer(token), cookie: `matnat_session=${t.anna.cookies.get('matnat_session')}` },
    });
    expect(dashboards.statusCode).toBe(401);
  });

  it('DESIGN §2: revoked and expired tokens are 401', async () => {
    const created = (await createToken({ scopes: [`device:${annaDevice}`] })).json().data;
    const url = `/api/v1/sensor/${annaSensor}/latest`;
    expect((await t.anna.delete(`/api/v1/embed-token/${created.id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(created.token) })).statusCode).toBe(401);
    expect((await t.erik.delete(`/api/v1/embed-token/${created.id}`)).statusCode).toBe(404);

    const expiring = (await createToken({ scopes: [`device:${annaDevice}`] })).json().data;
    await t.db
      .updateTable('embed_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expiring.id)
      .execute();
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(expiring.token) })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url, headers: bearer('mtn_forged') })).statusCode).toBe(401);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: 'Bearer ' },
    });
    expect(empty.statusCode).toBe(401);
  });

  it('DESIGN §2: CORS answers only origins of live tokens', async () => {
    await createToken({ scopes: ['public-map'], allowed_origins: ['https://karta.example'] });
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: `/api/v1/sensor/${annaSensor}/latest`,
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
    const allowed = await preflight('https://karta.example');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://karta.example');
    expect(String(allowed.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
    // Issue 28 (the CORS hook of our own, in place of @fastify/cors): the same answers, to the status.
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-methods']).toBe('GET, HEAD');
    expect(allowed.headers['access-control-allow-headers']).toBe(
      'Authorization, Accept, Content-Type, Last-Event-ID',
    );
    expect(allowed.headers['access-control-max-age']).toBe('600');
    expect(allowed.headers['content-length']).toBe('0');
    expect(allowed.headers.vary).toBe('Origin');
    const refused = await preflight('https://evil.example');
    expect(refused.statusCode).toBe(404);
    expect(refused.headers.vary).toBe('Origin');
    const notPreflight = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/v1/sensor/${annaSensor}/latest`,
      headers: { origin: 'https://karta.example' },
    });
    expect(notPreflight.statusCode).toBe(400);
    expect(notPreflight.body).toBe('Invalid Preflight Request');
    const noOrigin = await t.app.inject({ method: 'OPTIONS', url: `/api/v1/sensor/${annaSensor}/latest` });
    expect(noOrigin.statusCode).toBe(404);
    const publicPreflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/public/temperature-map',
      headers: { origin: 'https://any.example', 'access-control-request-method': 'GET' },
    });
    expect(publicPreflight.statusCode).toBe(204);
    expect(publicPreflight.headers['access-control-allow-origin']).toBe('*');
    // Every answer varies by Origin, whoever asks.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers.vary).toBe('Origin');
  });

  it('guest-readable public data (the temperature map, products) may be read from any page, without credentials', async () => {
    for (const url of ['/api/v1/public/temperature-map', '/api/v1/product']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { origin: 'https://any.example' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    }
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dashboard',
      headers: { origin: 'https://any.example' },
    });
    expect(me.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('the creation body is validated: expiry in the future, at least one origin, no unknown fields', async () => {
    expect(
      (await createToken({ scopes: ['public-map'], expires_at: '2001-01-01T00:00:00Z' })).statusCode,
    ).toBe(422);
    expect((await createToken({ scopes: ['public-map'], allowed_origins: [] })).statusCode).toBe(422);
    expect((await createToken({ scopes: ['public-map'], admin: true })).statusCode).toBe(422);
  });
});
