import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './auth/demoAccounts.js';
import { createWorldApp, type WorldApp } from './seed/fixture.js';
import { createEmbedToken, PARTNER } from './test/embed.js';
import { createTestApp, type TestApp, testDialects } from './test/harness.js';
import { changedTables, tableHashes } from './test/tableHash.js';

const dialects = await testDialects();
const BEYOND = 2_147_483_648;

describe.each(dialects)('issue 12: ids and text the databases cannot hold (%s)', (dialect) => {
  let w: WorldApp;
  beforeAll(async () => {
    w = await createWorldApp(dialect);
  });
  afterAll(async () => {
    await w?.close();
  });

  /** Runs `act` and expects every table to be as before. */
  async function unchanged(act: () => Promise<unknown>) {
    const before = await tableHashes(w.db);
    await act();
    expect(changedTables(before, await tableHashes(w.db))).toEqual([]);
  }

  it('finding 4: a path id is only ^[1-9][0-9]*$ — 0x22, %2035, 36.0, 3.7e1, +1, 01 are 404 and delete nothing', async () => {
    const id = await w.ids.dashboard('Skogens temperaturer');
    const aliases = [
      `0x${id.toString(16)}`,
      `%20${id}`,
      `${id}.0`,
      `${id / 10}e1`,
      `+${id}`,
      `0${id}`,
      `${id}%20`,
    ];
    await unchanged(async () => {
      for (const alias of aliases) {
        const response = await w.anna.delete(`/api/v1/dashboard/${alias}`);
        expect({ alias, status: response.statusCode }).toEqual({ alias, status: 404 });
      }
    });
    expect((await w.anna.get(`/api/v1/dashboard/${id}`)).statusCode).toBe(200);
  });

  it('finding 4: PATCH /api/v1/user/%201 as admin renames nobody (404)', async () => {
    await unchanged(async () => {
      const response = await w.admin.patch(`/api/v1/user/%20${w.accounts.admin.id}`, { name: 'Inte jag' });
      expect(response.statusCode).toBe(404);
    });
  });

  it('finding 3: ids above 2³¹−1 are 404 in paths, 400 in filters, 422 in bodies and embed scopes — never 500', async () => {
    const device = await w.ids.device('Temperaturspjut Abisko 1');
    await unchanged(async () => {
      expect((await w.anna.get(`/api/v1/device/${BEYOND}`)).statusCode).toBe(404);
      expect((await w.anna.get(`/api/v1/sensor/${BEYOND}/measurements`)).statusCode).toBe(404);
      expect((await w.admin.get(`/api/v1/device?filter[team_id]=${BEYOND}`)).statusCode).toBe(400);
      expect((await w.admin.get(`/api/v1/sensor?filter[device_id]=${BEYOND}`)).statusCode).toBe(400);
      expect((await w.admin.get(`/api/v1/alert?filter[device_id]=${BEYOND}`)).statusCode).toBe(400);
      expect((await w.admin.get(`/api/v1/user?filter[team_id]=${BEYOND}`)).statusCode).toBe(400);
      const alert = await w.anna.post('/api/v1/alert', {
        name: 'x',
        device_id: BEYOND,
        sensor_id: 1,
        conditions: [],
      });
      expect(alert.statusCode).toBe(422);
      expect(alert.json().errors.device_id).toBeDefined();
      const patch = await w.admin.patch(`/api/v1/device/${device}`, { gateway_ids: [BEYOND] });
      expect(patch.statusCode).toBe(422);
      expect(patch.json().errors['gateway_ids.0']).toBeDefined();
      const token = await w.anna.post('/api/v1/embed-token', {
        name: 'x',
        scopes: [`device:${BEYOND}`],
        allowed_origins: ['https://partner.example'],
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      });
      expect(token.statusCode).toBe(422);
    });
  });

  it('finding 3: NUL and lone surrogates are 422 naming the field, in bodies, nested bodies and query strings', async () => {
    await unchanged(async () => {
      for (const title of ['a\u0000b', 'a\ud800b', 'a\udc00', '\ud83d']) {
        const response = await w.anna.post('/api/v1/dashboard', { title });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors.title[0]).toContain('otillåtna tecken');
      }
      const nested = await w.admin.post('/api/v1/invite', { email: 'x@example.se', name: 'a\u0000' });
      expect(nested.statusCode).toBe(422);
      const query = await w.anna.get('/api/v1/dashboard?filter[title]=a%00b');
      expect(query.statusCode).toBe(422);
    });
    // A surrogate pair is a real character (an emoji) and is kept as sent on both databases.
    const emoji = await w.anna.post('/api/v1/dashboard', { title: 'Väder 🌧️' });
    expect(emoji.statusCode).toBe(201);
    expect(emoji.json().data.title).toBe('Väder 🌧️');
  });
});

describe.each(dialects)('issue 12 finding 1: throttles count first, in the database (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('30 parallel wrong-password logins: exactly 5 password checks (422), 25 × 429; then the right password is 429 too', async () => {
    const client = t.client();
    await client.csrfCookie();
    const burst = Array.from({ length: 30 }, () =>
      client.post('/api/login', { email: 'anna@matnat.se', password: 'fel-lösenord' }),
    );
    const statuses = (await Promise.all(burst)).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    const right = await client.post('/api/login', { email: 'anna@matnat.se', password: DEMO_PASSWORD });
    expect(right.statusCode).toBe(429);
    // Every attempt was counted, the refused ones included, in the database all processes share.
    const rows = await t.db
      .selectFrom('throttle_hits')
      .select('hits')
      .where('key', 'like', 'login:anna%')
      .execute();
    expect(rows.map((r) => r.hits)).toEqual([31]);
  });

  it('register, password/email and a guest order are throttled per address and IP (429 after 5)', async () => {
    const client = t.client();
    await client.csrfCookie();
    const product = await t.db.selectFrom('products').select('id').executeTakeFirst();
    const order = {
      name: 'Gäst',
      email: 'gast@example.se',
      address: 'Gatan 1',
      postal_code: '12345',
      city: 'Umeå',
      items: [{ product_id: product?.id ?? 1, quantity: 1 }],
    };
    const flows: [string, (i: number) => unknown][] = [
      [
        '/api/register',
        () => ({
          name: 'X',
          email: 'anna@matnat.se',
          password: 'lösenord1',
          password_confirmation: 'lösenord1',
        }),
      ],
      ['/api/password/email', () => ({ email: 'erik@matnat.se' })],
      ['/api/v1/order', () => order],
    ];
    for (const [url, body] of flows) {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await client.post(url, body(i))).statusCode);
      expect({ url, last: statuses.slice(5) }).toEqual({ url, last: [429, 429] });
      expect({ url, first: statuses.slice(0, 5).includes(429) }).toEqual({ url, first: false });
    }
  });
});

describe.each(dialects)(
  'issue 12 findings 5, 6, 8: scope of ids in bodies and of embed tokens (%s)',
  (dialect) => {
    let w: WorldApp;
    beforeAll(async () => {
      w = await createWorldApp(dialect);
    });
    afterAll(async () => {
      await w?.close();
    });

    /** A gateway only devices of `team` talk through. */
    async function gatewayOfTeam(team: number) {
      const rows = await w.db
        .selectFrom('device_gateway')
        .innerJoin('device_team', 'device_team.device_id', 'device_gateway.device_id')
        .select(['device_gateway.gateway_id', 'device_team.team_id'])
        .execute();
      const others = new Set(rows.filter((r) => r.team_id !== team).map((r) => r.gateway_id));
      const own = rows.find((r) => r.team_id === team && !others.has(r.gateway_id));
      if (!own) throw new Error(`no gateway of team ${team} alone`);
      return own.gateway_id;
    }

    it("finding 5: anna cannot link one of erik's team's gateways by id in a body (422), nor read it afterwards", async () => {
      const eriks = await gatewayOfTeam(w.accounts.teams.south);
      const annas = await gatewayOfTeam(w.accounts.teams.north);
      const before = await tableHashes(w.db);
      const created = await w.anna.post('/api/v1/device', {
        external_device_id: 'probe-x',
        gateway_ids: [eriks],
      });
      expect(created.statusCode).toBe(422);
      expect(created.json().errors.gateway_ids).toBeDefined();
      const device = await w.ids.device('Temperaturspjut Abisko 1');
      const patched = await w.anna.patch(`/api/v1/device/${device}`, { gateway_ids: [annas, eriks] });
      expect(patched.statusCode).toBe(422);
      expect(changedTables(before, await tableHashes(w.db))).toEqual([]);
      expect((await w.anna.get(`/api/v1/gateway/${eriks}`)).statusCode).toBe(404);
      // Her own team's gateway is hers to link.
      const own = await w.anna.post('/api/v1/device', {
        external_device_id: 'probe-y',
        gateway_ids: [annas],
      });
      expect(own.statusCode).toBe(201);
    });

    it('finding 6: a device:<id> token stops reading the device once an admin moves it away from its creator', async () => {
      const device = await w.ids.device('Temperaturspjut Kiruna 1');
      const sensor = await w.ids.sensor('Temperaturspjut Kiruna 1', 'temperature');
      const created = await createEmbedToken(w.anna, [`device:${device}`]);
      const headers = { authorization: `Bearer ${created.token}`, origin: PARTNER };
      const read = () => w.client().get(`/api/v1/device/${device}?include=teams`, { headers });
      const latest = () => w.client().get(`/api/v1/sensor/${sensor}/latest`, { headers });
      expect((await read()).statusCode).toBe(200);
      expect((await latest()).statusCode).toBe(200);
      const moved = await w.admin.patch(`/api/v1/device/${device}`, { team_ids: [w.accounts.teams.south] });
      expect(moved.statusCode).toBe(200);
      expect((await read()).statusCode).toBe(404);
      expect((await latest()).statusCode).toBe(404);
    });

    it('finding 8: allowed_origins are exact origins only — wildcards and paths are 422', async () => {
      for (const origin of [
        'https://*.example',
        'https://partner.example/',
        'https://partner.example/x',
        'partner.example',
        'https://a_b.example',
      ]) {
        const response = await w.anna.post('/api/v1/embed-token', {
          name: 'Partner',
          scopes: ['public-map'],
          allowed_origins: [origin],
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        });
        expect({ origin, status: response.statusCode }).toEqual({ origin, status: 422 });
      }
    });
  },
);

describe.each(dialects)('issue 12 finding 7: password reset (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('one token used in 5 parallel resets: exactly one 200, four 422', async () => {
    await t.client().post('/api/password/email', { email: 'erik@matnat.se' });
    const link = new URL(t.app.mailer.sent.at(-1)?.links?.[0] ?? '');
    const token = link.pathname.split('/').at(-1) ?? '';
    const client = t.client();
    await client.csrfCookie();
    const body = {
      token,
      email: 'erik@matnat.se',
      password: 'nytt-lösen-1',
      password_confirmation: 'nytt-lösen-1',
    };
    const statuses = (
      await Promise.all(Array.from({ length: 5 }, () => client.post('/api/password/reset', body)))
    ).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(4);
  });

  it('the answer never waits for the lookup or the mail: with the mail held back, known and unknown addresses both answer', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: string[] = [];
    const mailer = {
      sent: [],
      async send(message: { to: string }) {
        await held;
        sent.push(message.to);
      },
      close() {},
    };
    const gated = await createTestApp({ dialect, mailer });
    try {
      const client = gated.client();
      const xsrf = await client.csrfCookie();
      const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      for (const email of ['anna@matnat.se', 'ingen@matnat.se']) {
        // inject directly: the harness client would wait for the queued work, which waits for the mail.
        const response = await gated.app.inject({
          method: 'POST',
          url: '/api/password/email',
          headers: { cookie, 'x-xsrf-token': xsrf, 'content-type': 'application/json' },
          payload: JSON.stringify({ email }),
        });
        expect(response.statusCode).toBe(200);
      }
      expect(sent).toEqual([]);
      release();
      await gated.app.background.idle();
      expect(sent).toEqual(['anna@matnat.se']);
    } finally {
      release();
      await gated.close();
    }
  });
});
