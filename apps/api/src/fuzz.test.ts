import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from './app.js';
import { createWorldApp, type WorldApp } from './seed/fixture.js';
import { DEMO_INGEST_SECRET } from './seed/integration.js';
import { createEmbedToken, PARTNER } from './test/embed.js';
import { type RequestOptions, type TestClient, testDialects } from './test/harness.js';
import { changedTables, tableHashes } from './test/tableHash.js';

/**
 * Issue 12, "keep them shut": the probe's method as a suite. Every route of the route table × every kind of
 * caller × bad inputs, on SQLite and PostgreSQL. Each case asserts no 500, the expected status where the
 * rules fix one, and that a rejected request left every table as it was.
 */
const dialects = await testDialects();
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Just over the default limit of 1 MiB: the parser refuses it before any handler runs.
const OVERSIZED = 1_048_576 + 1;

type Caller =
  | 'integration'
  | 'guest'
  | 'other-team'
  | 'user'
  | 'admin'
  | 'embed'
  | 'embed-out-of-scope'
  | 'embed-wrong-origin';

interface Case {
  caller: Caller;
  route: RouteEntry;
  what: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Acceptable statuses; undefined: any answer below 500. */
  expect?: readonly number[];
}

interface Outcome {
  cases: number;
  serverErrors: string[];
  wrongStatus: string[];
  changedByRejected: string[];
}

/** The route table's routes once each (no HEAD twins, no static wildcards). */
function routesOf(w: WorldApp): RouteEntry[] {
  const seen = new Set<string>();
  return w.app.routeTable.filter((route) => {
    const key = `${route.method} ${route.url}`;
    if (seen.has(key) || route.method === 'HEAD' || route.url.includes('*') || route.url === '/')
      return false;
    seen.add(key);
    return true;
  });
}

const hasId = (route: RouteEntry) => /:(id|user_id)\b/.test(route.url);

/** Path and body inputs no route may act on (each names its expected statuses for the rightful caller). */
const ID_ALIASES = ['0x1', '%201', '1.0', '1e0', '-1', '0', '01', '2147483648', '99999999999999999999'];
/** Invalid UTF-8 inside a JSON string: refused (400), never stored as U+FFFD (issue 24 finding 5). */
const INVALID_UTF8 = Buffer.concat([
  Buffer.from('{"title":"a'),
  Buffer.from([0xff, 0xfe]),
  Buffer.from('"}'),
]);
const BAD_BODIES: { what: string; payload: unknown; expect: readonly number[]; anyRoute?: boolean }[] = [
  { what: 'invalid UTF-8', payload: INVALID_UTF8, expect: [400], anyRoute: true },
  { what: 'malformed JSON', payload: '{"title": ', expect: [400], anyRoute: true },
  { what: 'prototype key', payload: '{"__proto__": {"is_admin": 1}}', expect: [400], anyRoute: true },
  { what: 'NUL in text', payload: { title: 'a\u0000b', name: 'x\u0000' }, expect: [422], anyRoute: true },
  { what: 'lone surrogate', payload: { title: 'a\ud800', name: '\udc00' }, expect: [422], anyRoute: true },
  { what: 'oversized body', payload: { title: 'x'.repeat(OVERSIZED) }, expect: [413], anyRoute: true },
  { what: 'an array', payload: '[1, 2, 3]', expect: [422] },
  { what: 'a string', payload: '"text"', expect: [422] },
  { what: 'null', payload: 'null', expect: [422] },
  {
    what: 'wrong types and big ids',
    payload: {
      title: 42,
      name: [],
      email: {},
      device_id: 2_147_483_648,
      sensor_id: -1,
      gateway_ids: [2_147_483_648],
      team_ids: ['1'],
      dashboard_id: 1.5,
      // A panel's place on the grid outside 1–12 (issue 21).
      width: 13,
      height: 0,
    },
    expect: [422],
  },
];

describe.each(dialects)('issue 12: fuzz and authorization matrix from the route table (%s)', (dialect) => {
  let w: WorldApp;
  let callers: Record<Caller, { client: TestClient; headers: Record<string, string> }>;
  let mine: Record<string, number>;
  const outcome: Outcome = { cases: 0, serverErrors: [], wrongStatus: [], changedByRejected: [] };

  beforeAll(async () => {
    w = await createWorldApp(dialect);
    const device = await w.ids.device('Temperaturspjut Abisko 1');
    const first = async (
      table: 'panels' | 'alerts' | 'notifications' | 'gateways' | 'products',
      where?: string,
    ) => {
      let q = w.db.selectFrom(table as 'panels').select('id');
      if (where === 'dashboard')
        q = q.where('dashboard_id', '=', await w.ids.dashboard('Skogens temperaturer'));
      return (await q.orderBy('id').executeTakeFirst())?.id ?? 1;
    };
    const token = (scopes: string[]) => createEmbedToken(w.anna, scopes);
    const panel = await first('panels', 'dashboard');
    const annas = async (table: 'alerts' | 'notifications') =>
      (await w.db.selectFrom(table).select('id').where('user_id', '=', w.accounts.anna.id).executeTakeFirst())
        ?.id ?? 1;
    const inScope = await token([`device:${device}`, `panel:${panel}`]);
    const outOfScope = await token(['public-map']);
    mine = {
      device,
      sensor: await w.ids.sensor('Temperaturspjut Abisko 1', 'temperature'),
      dashboard: await w.ids.dashboard('Skogens temperaturer'),
      panel,
      alert: await annas('alerts'),
      notification: await annas('notifications'),
      gateway: (
        await w.db
          .selectFrom('device_gateway')
          .select('gateway_id')
          .where('device_id', '=', device)
          .executeTakeFirstOrThrow()
      ).gateway_id,
      'embed-token': inScope.id,
      user: w.accounts.anna.id,
      product: await first('products'),
      // A webhook channel of anna's team (never sent to: the matrix makes no request that would act).
      webhook: (
        await w.anna.post('/api/v1/webhook', {
          name: 'Fuzz',
          url: 'https://hooks.example.se/fuzz',
          format: 'json',
        })
      ).json().data.id,
    };
    const bearer = (t: string, origin = PARTNER) => ({ authorization: `Bearer ${t}`, origin });
    callers = {
      // The demo world's integration secret (anna's team): the rightful caller of the ingestion routes.
      integration: { client: w.client(), headers: { authorization: `Bearer ${DEMO_INGEST_SECRET}` } },
      guest: { client: w.client(), headers: {} },
      'other-team': { client: w.erik, headers: {} },
      user: { client: w.anna, headers: {} },
      admin: { client: w.admin, headers: {} },
      embed: { client: w.client(), headers: bearer(inScope.token) },
      'embed-out-of-scope': { client: w.client(), headers: bearer(outOfScope.token) },
      'embed-wrong-origin': { client: w.client(), headers: bearer(inScope.token, 'https://evil.example') },
    };
    await callers.guest.client.csrfCookie();
  });

  afterAll(async () => {
    console.info(
      `fuzz matrix (${dialect}): ${outcome.cases} cases, ${outcome.serverErrors.length} answers of 500, ` +
        `${outcome.changedByRejected.length} rejected requests that changed a table`,
    );
    await w?.close();
  });

  /** A concrete path: anna's resource for each id parameter (so other callers try to reach hers). */
  function pathOf(route: RouteEntry, id?: string): string {
    const resource = /^\/api\/(?:v1\/)?([a-z-]+)\//.exec(route.url)?.[1] ?? '';
    return route.url.replace(/:(\w+)/g, (_m, name: string) => {
      if (name === 'token' || name === 'hash') return 'abc';
      return id ?? String(mine[resource] ?? 1);
    });
  }

  async function run(c: Case): Promise<void> {
    const { client, headers } = callers[c.caller];
    // Token callers send no anti-forgery header (the harness would fetch a session cookie for it).
    const options: RequestOptions = {
      headers: { ...headers, ...c.headers },
      csrf: !c.caller.startsWith('embed') && c.caller !== 'integration',
    };
    const payload = c.payload ?? (MUTATING.has(c.route.method) ? {} : undefined);
    const before = await tableHashes(w.db);
    const response: LightMyRequestResponse = await client.request(
      c.route.method as 'GET',
      c.url,
      payload,
      options,
    );
    outcome.cases += 1;
    const where = `${c.caller} ${c.route.method} ${c.url} [${c.what}] → ${response.statusCode}`;
    if (response.statusCode >= 500) outcome.serverErrors.push(`${where} ${response.body.slice(0, 200)}`);
    if (c.expect && !c.expect.includes(response.statusCode))
      outcome.wrongStatus.push(`${where}, expected ${c.expect.join('/')}`);
    if (response.statusCode >= 400) {
      const changed = changedTables(before, await tableHashes(w.db));
      if (changed.length > 0) outcome.changedByRejected.push(`${where} changed ${changed.join(', ')}`);
    }
  }

  /** What the guard alone decides for a caller, or undefined when the route decides. */
  function guardStatus(caller: Caller, route: RouteEntry): readonly number[] | undefined {
    // Ingestion takes only an integration secret or device key: with one, an empty message is a 422.
    if (route.guard === 'ingest') return caller === 'integration' ? [422] : [401];
    // Elsewhere a secret in the bearer is read as an embed token: an unknown one.
    if (caller === 'integration') return [401];
    if (caller === 'embed-wrong-origin') return [403];
    if (caller === 'embed' || caller === 'embed-out-of-scope') {
      if (MUTATING.has(route.method)) return [403];
      if (route.guard === 'auth' || route.guard === 'admin') return [401];
      return undefined;
    }
    if (route.guard === 'public') return undefined;
    if (caller === 'guest') return [401];
    if (route.guard === 'admin' && caller !== 'admin') return [403];
    return undefined;
  }

  function expectNone(o: Outcome) {
    expect(o.serverErrors).toEqual([]);
    expect(o.wrongStatus).toEqual([]);
    expect(o.changedByRejected).toEqual([]);
  }

  it('every route × every kind of caller: the guard, cross-team ids and embed scopes hold', async () => {
    for (const route of routesOf(w)) {
      for (const caller of Object.keys(callers) as Caller[]) {
        let expected = guardStatus(caller, route);
        // A user of another team and a token out of scope reach none of anna's resources by id.
        if (expected === undefined && hasId(route) && route.guard !== 'public') {
          // (422 when the body is checked before the id: the empty body then answers, and nothing is read.)
          if (caller === 'other-team') expected = route.hasBody ? [403, 404, 422] : [403, 404];
          if (caller === 'embed-out-of-scope') expected = [404];
        }
        // The rightful callers' own requests that would act are left to the suites of each resource.
        const acts = MUTATING.has(route.method) && (caller === 'user' || caller === 'admin');
        const unscoped = expected === undefined && (caller === 'other-team' || caller === 'guest');
        if (acts || (unscoped && MUTATING.has(route.method))) continue;
        if (route.url === '/api/v1/stream' && expected === undefined) expected = [422];
        await run({ caller, route, what: 'no input', url: pathOf(route), expect: expected });
      }
    }
    expect(outcome.cases).toBeGreaterThan(150);
    expectNone(outcome);
  }, 300_000);

  it('every route × bad inputs from its rightful caller: aliased and big ids, bad bodies, NUL in queries', async () => {
    for (const route of routesOf(w)) {
      const caller: Caller =
        route.guard === 'ingest'
          ? 'integration'
          : route.guard === 'admin'
            ? 'admin'
            : route.guard === 'public'
              ? 'guest'
              : 'user';
      if (hasId(route)) {
        for (const alias of ID_ALIASES)
          await run({ caller, route, what: `id ${alias}`, url: pathOf(route, alias), expect: [404] });
      }
      if (MUTATING.has(route.method)) {
        for (const bad of BAD_BODIES) {
          if (!bad.anyRoute && !route.hasBody) continue;
          await run({
            caller,
            route,
            what: bad.what,
            url: pathOf(route),
            payload: bad.payload,
            expect: bad.expect,
          });
        }
      }
      await run({
        caller,
        route,
        what: 'NUL in query',
        url: `${pathOf(route)}?filter[title]=a%00b`,
        expect: [422],
      });
      // A query the route ignores would let a mutating request act: these two go to reading routes only.
      if (!MUTATING.has(route.method)) {
        await run({ caller, route, what: 'invalid UTF-8 in query', url: `${pathOf(route)}?q=%ED%A0%80%FF` });
        await run({ caller, route, what: 'unknown query parameter', url: `${pathOf(route)}?zz_unknown=1` });
      }
    }
    expectNone(outcome);
  }, 300_000);

  it("every ingestion route × messages no integration may store: unbounded device ids, thousands of keys, another team's device (issue 24)", async () => {
    const eriks = await w.db
      .selectFrom('devices')
      .innerJoin('device_team', 'device_team.device_id', 'devices.id')
      .select('devices.external_device_id')
      .where('device_team.team_id', '=', w.accounts.teams.south)
      .executeTakeFirstOrThrow();
    const keys = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]));
    const messages = (device: string, decoded: Record<string, unknown>) => ({
      '/api/v1/ingest': {
        device,
        readings: Object.entries(decoded)
          .slice(0, 1000)
          .map(([sensor, value]) => ({ sensor, value })),
      },
      '/api/ingest/ttn': {
        end_device_ids: { device_id: device },
        uplink_message: { decoded_payload: decoded },
      },
      '/api/ingest/chirpstack': { deviceInfo: { devEui: device }, object: decoded },
    });
    const bad = [
      { what: '3,000-character device id', ...messages('A'.repeat(3000), { temperature: 1 }) },
      { what: '5,000 keys', ...messages('70B3D57ED0F0F001', keys) },
      { what: "another team's device", ...messages(eriks.external_device_id, { temperature: 1 }) },
    ];
    for (const route of routesOf(w).filter((r) => r.guard === 'ingest')) {
      for (const { what, ...byUrl } of bad) {
        const payload = byUrl[route.url as keyof typeof byUrl];
        // ChirpStack knows DevEUIs only: an id that is none is refused for that before anything else.
        const url = route.url.endsWith('chirpstack') ? `${route.url}?event=up` : route.url;
        await run({ caller: 'integration', route, what, url, payload, expect: [422] });
      }
    }
    expectNone(outcome);
  }, 300_000);
});
