import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './auth/demoAccounts.js';
import { createWorldApp, type WorldApp } from './seed/fixture.js';
import { createEmbedToken, PARTNER } from './test/embed.js';
import { createTestApp, type RequestOptions, type TestApp, testDialects } from './test/harness.js';
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

/** The demo world's integration secret (team Skogsbruk Norr, anna's) as the caller of the ingestion routes. */
const DEMO_INGEST = { headers: { authorization: 'Bearer mtn_demo_ingest_key' }, csrf: false } as const;

describe.each(dialects)('issue 24 "In" 1–3: what an integration secret may write (%s)', (dialect) => {
  let w: WorldApp;
  beforeAll(async () => {
    w = await createWorldApp(dialect);
  });
  afterAll(async () => {
    await w?.close();
  });

  const ingest = (url: string, body: unknown, options: RequestOptions = DEMO_INGEST) =>
    w.client().post(url, body, options);
  const ttsBody = (eui: string, decoded: Record<string, unknown> = { temperature: 45.5 }) => ({
    end_device_ids: { device_id: 'spjut', dev_eui: eui },
    uplink_message: { decoded_payload: decoded },
  });
  const chirpstackBody = (eui: string, decoded: Record<string, unknown> = { temperature: 45.5 }) => ({
    deviceInfo: { devEui: eui, deviceName: 'spjut' },
    object: decoded,
  });

  /** The three ways in over HTTP with the same device and reading. */
  function everyWayIn(eui: string, decoded?: Record<string, unknown>) {
    return [
      () =>
        ingest('/api/v1/ingest', {
          device: eui,
          readings: Object.entries(decoded ?? { temperature: 45.5 }).map(([sensor, value]) => ({
            sensor,
            value,
          })),
        }),
      () => ingest('/api/ingest/ttn', ttsBody(eui, decoded)),
      () => ingest('/api/ingest/chirpstack?event=up', chirpstackBody(eui, decoded)),
    ];
  }

  it("finding 1: the demo integration (anna's team) cannot write into erik's device by any way in: 422 'Okänd enhet.', nothing stored, no alert", async () => {
    const eriks = await w.erik.post('/api/v1/device', {
      title: 'Eriks spjut',
      external_device_id: '70B3D57ED0AABB01',
    });
    expect(eriks.statusCode).toBe(201);
    // The probe: one of erik's seeded devices by its external id, with the demo secret.
    const seeded = await w.db
      .selectFrom('devices')
      .innerJoin('device_team', 'device_team.device_id', 'devices.id')
      .select('devices.external_device_id')
      .where('device_team.team_id', '=', w.accounts.teams.south)
      .where('devices.external_device_id', 'like', 'eui-%')
      .executeTakeFirstOrThrow();
    const before = await tableHashes(w.db);
    const probes = [
      ...everyWayIn('70B3D57ED0AABB01'),
      ...everyWayIn('70-b3-d5-7e-d0-aa-bb-01').slice(0, 1),
      () =>
        ingest('/api/v1/ingest', {
          device: seeded.external_device_id,
          readings: [{ sensor: 'temperature', value: 45.5 }],
        }),
    ];
    for (const probe of probes) {
      const response = await probe();
      expect({ status: response.statusCode, errors: response.json().errors }).toEqual({
        status: 422,
        errors: { device: ['Okänd enhet.'] },
      });
    }
    expect(changedTables(before, await tableHashes(w.db))).toEqual([]);
  });

  it("finding 1: it still writes into its own team's devices and creates new unassigned ones, which it keeps writing to", async () => {
    const annas = await w.db
      .selectFrom('devices')
      .innerJoin('device_team', 'device_team.device_id', 'devices.id')
      .select(['devices.id', 'devices.external_device_id'])
      .where('device_team.team_id', '=', w.accounts.teams.north)
      .executeTakeFirstOrThrow();
    const own = await ingest('/api/v1/ingest', {
      device: annas.external_device_id,
      readings: [{ sensor: 'temperature', value: 1.5 }],
    });
    expect(own.json()).toEqual({ stored: 1, device_id: annas.id });
    for (const way of everyWayIn('70B3D57ED0AABB02')) {
      const response = await way();
      expect(response.statusCode).toBe(200);
      expect(response.json().stored).toBe(1);
    }
    const created = await w.db
      .selectFrom('devices')
      .selectAll()
      .where('external_device_id', '=', '70B3D57ED0AABB02')
      .executeTakeFirstOrThrow();
    expect(created.offered_team_id).toBe(w.accounts.teams.north);
  });

  it("finding 1: an unassigned device another team's integration created is refused too; an integration without a team (the operator's) writes to any device", async () => {
    const south = await w.admin.post('/api/v1/integration', {
      kind: 'tts',
      name: 'Eriks TTS',
      team_id: w.accounts.teams.south,
    });
    const southSecret = south.json().data.secret as string;
    const southCaller = { headers: { authorization: `Bearer ${southSecret}` }, csrf: false };
    const first = await ingest('/api/ingest/ttn', ttsBody('70B3D57ED0AABB03'), southCaller);
    expect(first.statusCode).toBe(200);
    const refused = await ingest('/api/ingest/ttn', ttsBody('70B3D57ED0AABB03'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ device: ['Okänd enhet.'] });

    const operator = await w.admin.post('/api/v1/integration', { kind: 'tts', name: 'Operatören' });
    const operatorCaller = {
      headers: { authorization: `Bearer ${operator.json().data.secret}` },
      csrf: false,
    };
    const anywhere = await ingest('/api/ingest/ttn', ttsBody('70B3D57ED0AABB03'), operatorCaller);
    expect(anywhere.statusCode).toBe(200);
    expect(anywhere.json().stored).toBe(1);
  });

  it('finding 2: a DevEUI is 16 hex digits on every way in (422 naming it); other device ids are bounded; nothing is stored', async () => {
    const before = await tableHashes(w.db);
    const bad = [
      'x'.repeat(3000),
      'A'.repeat(3000),
      '70B3D57ED0AABB0',
      '70B3D57ED0AABB0123',
      'GGB3D57ED0AABB01',
    ];
    for (const eui of bad) {
      const tts = await ingest('/api/ingest/ttn', ttsBody(eui));
      expect({ eui: eui.slice(0, 20), status: tts.statusCode }).toEqual({
        eui: eui.slice(0, 20),
        status: 422,
      });
      expect(tts.json().errors['end_device_ids.dev_eui'][0]).toMatch(/16 hexadecimala/);
      const chirpstack = await ingest('/api/ingest/chirpstack?event=up', chirpstackBody(eui));
      expect(chirpstack.statusCode).toBe(422);
      expect(chirpstack.json().errors['deviceInfo.devEui'][0]).toMatch(/16 hexadecimala/);
    }
    // Without a DevEUI The Things Stack's device id names the device: an id of at most 64 characters.
    const longId = await ingest('/api/ingest/ttn', {
      end_device_ids: { device_id: 'spjut-'.repeat(20) },
      uplink_message: { decoded_payload: { temperature: 1 } },
    });
    expect(longId.statusCode).toBe(422);
    expect(longId.json().errors['end_device_ids.device_id']).toBeDefined();
    for (const device of ['x'.repeat(65), 'a b', 'spjut/1', '']) {
      const http = await ingest('/api/v1/ingest', {
        device,
        readings: [{ sensor: 'temperature', value: 1 }],
      });
      expect({ device, status: http.statusCode }).toEqual({ device, status: 422 });
      expect(http.json().errors.device).toBeDefined();
    }
    expect(changedTables(before, await tableHashes(w.db))).toEqual([]);
    // Separators and case are normalised: one device.
    const spaced = await ingest('/api/ingest/chirpstack?event=up', chirpstackBody('70:b3:d5:7e:d0:aa:bb:04'));
    const plain = await ingest('/api/ingest/ttn', ttsBody('70B3D57ED0AABB04'));
    expect(spaced.json().device_id).toBe(plain.json().device_id);
  });

  it('finding 3: a message of more sensors than the cap is 422 (never 503), on every way in, and stores nothing', async () => {
    const many = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]));
    const justOver = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, i]));
    const before = await tableHashes(w.db);
    for (const decoded of [many, justOver]) {
      for (const way of everyWayIn('70B3D57ED0AABB05', decoded)) {
        const response = await way();
        expect(response.statusCode).toBe(422);
        // (5,000 readings over HTTP are refused first for being more than 1,000 readings.)
        const errors = JSON.stringify(response.json().errors);
        if (decoded === justOver) expect(errors).toMatch(/högst 100 sensorer/);
      }
    }
    expect(changedTables(before, await tableHashes(w.db))).toEqual([]);
  });

  it('finding 3: a device has at most 200 sensors; keys beyond that are left out and named, the rest is stored', async () => {
    const keys = (from: number, n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${from + i}`, i]));
    for (let i = 0; i < 2; i++) {
      const response = await ingest('/api/ingest/ttn', ttsBody('70B3D57ED0AABB06', keys(i * 100, 100)));
      expect(response.json().stored).toBe(100);
    }
    const over = await ingest('/api/ingest/ttn', ttsBody('70B3D57ED0AABB06', { ...keys(0, 5), k900: 1 }));
    expect(over.statusCode).toBe(200);
    expect(over.json().stored).toBe(5);
    expect(over.json().skipped).toEqual({ k900: 'Enheten har redan 200 sensorer; nya tas inte emot.' });
    const sensors = await w.db
      .selectFrom('sensors')
      .innerJoin('devices', 'devices.id', 'sensors.device_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('devices.external_device_id', '=', '70B3D57ED0AABB06')
      .executeTakeFirstOrThrow();
    expect(Number(sensors.n)).toBe(200);
  });
});

describe.each(dialects)('issue 24 "In" 4: a moved device leaves its old team\'s panels (%s)', (dialect) => {
  let w: WorldApp;
  beforeAll(async () => {
    w = await createWorldApp(dialect);
  });
  afterAll(async () => {
    await w?.close();
  });

  it("finding 4: after an admin moves a device to another team, anna's panel, dashboard and panel token no longer show its title, id, position or sensors", async () => {
    const dashboard = await w.ids.dashboard('Skogens temperaturer');
    const panel = await w.db
      .selectFrom('panels')
      .selectAll()
      .where('dashboard_id', '=', dashboard)
      .where('device_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const device = panel.device_id!;
    const token = await createEmbedToken(w.anna, [`panel:${panel.id}`]);
    const includes =
      'include=device,sensor,lineChartItems.device.sensors,lineChartItems.sensor,singleValueItem.device.sensors,singleValueItem.sensor';
    const readers = {
      panel: () => w.anna.get(`/api/v1/panel/${panel.id}?${includes}`),
      token: () =>
        w.client().get(`/api/v1/panel/${panel.id}?${includes}`, {
          headers: { authorization: `Bearer ${token.token}`, origin: PARTNER },
        }),
      dashboard: () =>
        w.anna.get(
          `/api/v1/dashboard/${dashboard}?include=panels.device,panels.lineChartItems.device.sensors,panels.lineChartItems.sensor,panels.singleValueItem.device.sensors,panels.singleValueItem.sensor`,
        ),
    };
    /** The device and sensor objects of an answer that are about the moved device. */
    const about = (json: unknown): unknown[] => {
      const found: unknown[] = [];
      const walk = (v: unknown) => {
        if (Array.isArray(v)) v.forEach(walk);
        else if (v && typeof v === 'object') {
          const o = v as Record<string, unknown>;
          if (('external_device_id' in o && o.id === device) || ('unit' in o && o.device_id === device))
            found.push(o);
          Object.values(o).forEach(walk);
        }
      };
      walk(json);
      return found;
    };
    for (const read of Object.values(readers)) expect(about((await read()).json()).length).toBeGreaterThan(0);

    const renamed = 'Flyttad till Syd, hemlig titel';
    const moved = await w.admin.patch(`/api/v1/device/${device}`, { team_ids: [w.accounts.teams.south] });
    expect(moved.statusCode).toBe(200);
    const edited = await w.erik.patch(`/api/v1/device/${device}`, {
      title: renamed,
      lat: 55.60417,
      lng: 13.00073,
    });
    expect(edited.statusCode).toBe(200);
    for (const [name, read] of Object.entries(readers)) {
      const response = await read();
      expect({ name, status: response.statusCode }).toEqual({ name, status: 200 });
      expect({ name, leaked: about(response.json()) }).toEqual({ name, leaked: [] });
      expect({ name, title: response.body.includes(renamed) }).toEqual({ name, title: false });
    }
    // The panel itself stays anna's: its device and sensor are null, its ids what they were.
    const own = (await readers.panel()).json().data;
    expect(own.device_id).toBe(device);
    if ('device' in own) expect(own.device).toBeNull();
  });
});

describe.each(dialects)('issue 24 "In" 5: the small holes (%s)', (dialect) => {
  let w: WorldApp;
  beforeAll(async () => {
    w = await createWorldApp(dialect);
  });
  afterAll(async () => {
    await w?.close();
  });

  it('finding 5: a malformed URL (/%ZZ) answers our JSON 400 with the security headers', async () => {
    for (const url of ['/%ZZ', '/api/v1/device/%ZZ', '/api/%E0%A4%A']) {
      const response = await w.client().get(url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
      expect(response.json().message).toBe('Adressen är ogiltig.');
      expect(response.body).not.toContain('FST_ERR');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBeDefined();
    }
  });

  it('finding 5: one address guessing passwords over many accounts is stopped (429) by a limit per IP', async () => {
    const client = w.client();
    await client.csrfCookie();
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) {
      const response = await client.post('/api/login', {
        email: `konto${i % 60}@example.se`,
        password: 'fel-lösenord',
      });
      statuses.push(response.statusCode);
    }
    const first429 = statuses.indexOf(429);
    expect(first429).toBe(50);
    expect(statuses.slice(first429).every((s) => s === 429)).toBe(true);
  });

  it("finding 5: an admin changing another user's e-mail or password is audited; changing one's own e-mail needs the current password", async () => {
    const support = await w.admin.post('/api/v1/invite', { email: 'admin2@matnat.se', name: 'Admin Två' });
    expect(support.statusCode).toBeLessThan(300);
    const other = await w.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin2@matnat.se')
      .executeTakeFirstOrThrow();
    await w.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', other.id).execute();
    const email = await w.admin.patch(`/api/user/${other.id}`, {
      attribute: 'email',
      value: 'admin2b@matnat.se',
    });
    expect(email.statusCode).toBe(200);
    const password = await w.admin.patch(`/api/user/${other.id}`, {
      attribute: 'password',
      value: 'nytt-lösen-9',
    });
    expect(password.statusCode).toBe(200);
    const audited = await w.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'subject_id', 'details'])
      .where('subject_id', '=', other.id)
      .where('action', '=', 'user.profile')
      .orderBy('id')
      .execute();
    expect(audited.map((a) => [a.actor_id, JSON.parse(a.details ?? '{}').attribute])).toEqual([
      [w.accounts.admin.id, 'email'],
      [w.accounts.admin.id, 'password'],
    ]);
    expect(audited.map((a) => a.details).join()).not.toContain('nytt-lösen-9');

    const url = `/api/user/${w.accounts.erik.id}`;
    const without = await w.erik.patch(url, { attribute: 'email', value: 'erik.ny@matnat.se' });
    expect(without.statusCode).toBe(422);
    expect(without.json().errors.current_password).toBeDefined();
    const wrong = await w.erik.patch(url, {
      attribute: 'email',
      value: 'erik.ny@matnat.se',
      current_password: 'fel',
    });
    expect(wrong.statusCode).toBe(422);
    const right = await w.erik.patch(url, {
      attribute: 'email',
      value: 'erik.ny@matnat.se',
      current_password: DEMO_PASSWORD,
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().data.email).toBe('erik.ny@matnat.se');
  });

  it('finding 5: invalid UTF-8 in a JSON body is 400 and stores nothing (not U+FFFD)', async () => {
    const before = await tableHashes(w.db);
    const body = Buffer.concat([Buffer.from('{"title":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('b"}')]);
    const response = await w.anna.post('/api/v1/dashboard', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Förfrågan är inte giltig UTF-8.');
    expect(changedTables(before, await tableHashes(w.db))).toEqual([]);
  });

  it('finding 5: an embed token expires within a year at most (9999-12-31 is 422)', async () => {
    const device = await w.ids.device('Temperaturspjut Abisko 1');
    const create = (expires_at: string) =>
      w.anna.post('/api/v1/embed-token', {
        name: 'Partner',
        scopes: [`device:${device}`],
        allowed_origins: [PARTNER],
        expires_at,
      });
    const far = await create('9999-12-31T00:00:00Z');
    expect(far.statusCode).toBe(422);
    expect(far.json().errors.expires_at[0]).toContain('366 dagar');
    expect((await create(new Date(Date.now() + 367 * 86_400_000).toISOString())).statusCode).toBe(422);
    expect((await create(new Date(Date.now() + 365 * 86_400_000).toISOString())).statusCode).toBe(201);
  });
});

describe('issue 24 "In" 5: headers and files of a production server', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matnat-front-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Mätnät</title>');
    writeFileSync(
      join(dir, 'assets', 'main-abcdefgh.js'),
      'console.log(1);\n//# sourceMappingURL=main-abcdefgh.js.map',
    );
    writeFileSync(join(dir, 'assets', 'main-abcdefgh.js.map'), '{"sourcesContent":["const secret = 1;"]}');
    t = await createTestApp({
      dialect: 'sqlite',
      accounts: false,
      config: { frontendDir: dir, trustProxy: true },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finding 5: source maps (full sources) are not served', async () => {
    expect((await t.client().get('/assets/main-abcdefgh.js')).statusCode).toBe(200);
    const map = await t.client().get('/assets/main-abcdefgh.js.map');
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret');
  });

  it('finding 5: HSTS only over https, never over plain http', async () => {
    const plain = await t.client().get('/api/health');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await t.client().get('/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
