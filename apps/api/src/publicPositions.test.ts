import { onPublicGrid, PUBLIC_GRID_M } from '@matnat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coarsenPositions } from './http/positions.js';
import { createWorldApp, type WorldApp } from './seed/fixture.js';
import { createEmbedToken, PARTNER } from './test/embed.js';
import { testDialects } from './test/harness.js';
import { ingestReadings } from './test/ingest.js';
import { openStream } from './test/sse.js';

/**
 * Issue 26.2: public callers — no session, the public map, an embed token without `exact_positions` — never
 * see a position finer than its device's grid. The test walks every GET route a public or embed caller may
 * call (from the route table), error answers included, and the stream, and checks every position in them.
 */
const dialects = await testDialects();

interface Seen {
  lat: number;
  lng: number;
  /** The device the position is of, when the answer says so. */
  deviceId?: number;
  grid?: number;
  where: string;
}

/** Every position in an answer: `{ lat, lng }` objects and GeoJSON points (`coordinates: [lng, lat]`). */
function positionsIn(json: unknown, where: string, out: Seen[] = []): Seen[] {
  if (Array.isArray(json)) {
    for (const item of json) positionsIn(item, where, out);
    return out;
  }
  if (json === null || typeof json !== 'object') return out;
  const o = json as Record<string, unknown>;
  if (typeof o.lat === 'number' && typeof o.lng === 'number') {
    out.push({
      lat: o.lat,
      lng: o.lng,
      grid: typeof o.public_grid_m === 'number' ? o.public_grid_m : undefined,
      deviceId: typeof o.public_grid_m === 'number' ? (o.id as number) : undefined,
      where,
    });
  }
  const geometry = o.geometry as { coordinates?: [number, number] } | undefined;
  const properties = o.properties as { device_id?: number } | undefined;
  if (Array.isArray(geometry?.coordinates)) {
    const [lng, lat] = geometry.coordinates;
    out.push({ lat, lng, deviceId: properties?.device_id, where });
  }
  for (const value of Object.values(o)) positionsIn(value, where, out);
  return out;
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

describe.each(dialects)('issue 26.2 coarsened positions (%s)', (dialect) => {
  let w: WorldApp;
  let base: string;
  let device: number;
  let sensor: number;
  let panel: number;
  let coarse: string;
  let exact: string;
  /** Every device's and gateway's exact position and grid, as stored. */
  let stored: { id: number; lat: number; lng: number; grid: number; kind: 'device' | 'gateway' }[];

  beforeAll(async () => {
    w = await createWorldApp(dialect);
    await w.app.listen({ port: 0, host: '127.0.0.1' });
    const address = w.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
    device = await w.ids.device('Temperaturspjut Falun 1');
    sensor = await w.ids.sensor('Temperaturspjut Falun 1', 'temperature');
    // A 5 km grid of its team's choice for this spear; the others keep the default ~1 km.
    expect((await w.anna.patch(`/api/v1/device/${device}`, { public_grid_m: 5000 })).statusCode).toBe(200);
    const created = await w.anna.post('/api/v1/panel', {
      type: 'single_value',
      dashboard_id: await w.ids.dashboard('Skogens temperaturer'),
      device_id: device,
      sensor_id: sensor,
    });
    expect(created.statusCode).toBe(201);
    panel = created.json().data.id;
    coarse = (await createEmbedToken(w.anna, [`device:${device}`, `panel:${panel}`, 'public-map'])).token;
    const exactToken = await w.anna.post('/api/v1/embed-token', {
      name: 'Exakt',
      scopes: [`device:${device}`, `panel:${panel}`],
      allowed_origins: [PARTNER],
      exact_positions: true,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(exactToken.statusCode).toBe(201);
    expect(exactToken.json().data.exact_positions).toBe(true);
    exact = exactToken.json().data.token;
    const devices = await w.db.selectFrom('devices').select(['id', 'lat', 'lng', 'public_grid_m']).execute();
    const gateways = await w.db.selectFrom('gateways').select(['id', 'lat', 'lng']).execute();
    stored = [
      ...devices.map((d) => ({ ...d, grid: Number(d.public_grid_m), kind: 'device' as const })),
      ...gateways.map((g) => ({ ...g, grid: PUBLIC_GRID_M.default, kind: 'gateway' as const })),
    ]
      .filter((p) => p.lat !== null && p.lng !== null)
      .map((p) => ({ id: p.id, lat: Number(p.lat), lng: Number(p.lng), grid: p.grid, kind: p.kind }));
  });
  afterAll(async () => {
    await w?.close();
  });

  const gridOf = (seen: Seen) =>
    seen.grid ??
    stored.find((p) => p.kind === 'device' && p.id === seen.deviceId)?.grid ??
    PUBLIC_GRID_M.default;

  /** No position finer than its grid, and none equal to a stored exact position of a device not exakt. */
  function expectCoarse(seen: readonly Seen[]) {
    for (const p of seen) {
      expect(onPublicGrid(p.lat, p.lng, gridOf(p)), `${p.where}: ${p.lat},${p.lng}`).toBe(true);
      const leaked = stored.find((s) => s.grid !== 0 && s.lat === p.lat && s.lng === p.lng);
      expect(leaked, `${p.where} leaks ${p.lat},${p.lng}`).toBeUndefined();
    }
  }

  /** Each public or embed GET route of the route table, with ids of this test's device, sensor and panel. */
  function publicUrls(): string[] {
    const urls = new Set<string>();
    for (const route of w.app.routeTable) {
      if (route.method !== 'GET' || route.url.includes('*') || route.url === '/api/v1/stream') continue;
      if (route.guard !== 'public' && route.guard !== 'user-or-embed') continue;
      const url = route.url
        .replace('/device/:id', `/device/${device}`)
        .replace('/panel/:id', `/panel/${panel}`)
        .replace('/sensor/:id', `/sensor/${sensor}`)
        .replace(/:[a-z_]+/g, '1');
      urls.add(url);
      // Every relation that can carry a device or a gateway, and an unknown id (an error answer).
      if (url.includes(`/device/${device}`)) {
        urls.add(`${url}?include=sensors,defaultSensor,gateways,teams`);
        urls.add(url.replace(`/device/${device}`, '/device/999999'));
      }
      if (url.includes(`/panel/${panel}`))
        urls.add(`${url}?include=singleValueItem.device.sensors,singleValueItem.sensor,device,sensor`);
    }
    return [...urls];
  }

  async function walk(headers: Record<string, string>, who: string): Promise<Seen[]> {
    const seen: Seen[] = [];
    for (const url of publicUrls()) {
      const res = await fetch(`${base}${url}`, { headers });
      expect(res.status, `${who} ${url}`).toBeLessThan(500);
      positionsIn(parse(await res.text()), `${who} GET ${url}`, seen);
    }
    return seen;
  }

  it('issue 26.2: no session and a token without exact positions see every position on its grid, the stream included', async () => {
    const guest = await walk({}, 'guest');
    const token = await walk({ authorization: `Bearer ${coarse}`, origin: PARTNER }, 'embed');
    // The walk reached positions: the public map's spears, the token's device, its gateways and its panel.
    expect(guest.filter((p) => p.where.includes('temperature-map')).length).toBeGreaterThan(20);
    expect(token.filter((p) => p.deviceId === device).length).toBeGreaterThanOrEqual(3);
    expect(token.some((p) => p.where.includes('include=sensors,defaultSensor,gateways'))).toBe(true);
    expectCoarse([...guest, ...token]);
    // The token's spear is on its team's 5 km grid.
    const mine = token.find((p) => p.deviceId === device);
    expect(mine && onPublicGrid(mine.lat, mine.lng, 5000)).toBe(true);

    const stream = await openStream(`${base}/api/v1/stream?sensor_ids=${sensor}`, {
      authorization: `Bearer ${coarse}`,
      origin: PARTNER,
    });
    try {
      expect(stream.response.status).toBe(200);
      await ingestReadings(w.app, [{ sensor_id: sensor, ts: Date.now(), value: 4.5 }]);
      const events: unknown[] = [];
      while (events.length < 1) {
        const block = await stream.next();
        if (block.event === 'reading') events.push(parse(block.data ?? ''));
      }
      expectCoarse(positionsIn(events, 'stream'));
      expect(JSON.stringify(events)).toContain('4.5');
    } finally {
      stream.close();
    }
  });

  it('issue 26.2: the public routes that write (sign-in, registration, invitations, the shop) answer no position finer than its grid, error answers included; a stream without session or token is refused (401)', async () => {
    const guest = w.client();
    const seen: Seen[] = [];
    const walked: string[] = [];
    for (const route of w.app.routeTable) {
      if (route.guard !== 'public' || !['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) continue;
      const url = route.url.replace(/:[a-z_]+/g, '1');
      // An empty body (each route's 422 or 404), without and with the embed token's headers.
      const tokenHeaders: Record<string, string> = { authorization: `Bearer ${coarse}`, origin: PARTNER };
      for (const headers of [{}, tokenHeaders]) {
        const res = await guest.request(route.method as 'POST', url, {}, { headers });
        expect(res.statusCode, `${route.method} ${url}`).toBeLessThan(500);
        positionsIn(parse(res.body), `guest ${route.method} ${url}`, seen);
      }
      walked.push(`${route.method} ${route.url}`);
    }
    // Every public route that writes was called: the shop's order and cart among them.
    expect(walked).toEqual(
      expect.arrayContaining(['POST /api/login', 'POST /api/v1/order', 'POST /cart/store']),
    );
    expectCoarse(seen);

    // Without session or token the stream is refused (401): no readings, no positions.
    const res = await fetch(`${base}/api/v1/stream?sensor_ids=${sensor}`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(res.status).toBe(401);
    expect(positionsIn(parse(await res.text()), 'guest stream')).toEqual([]);
  });

  it('issue 26.2: a signed-in user and a token made with exact positions see them exactly; "exakt" shows a device exactly to all', async () => {
    const at = stored.find((p) => p.kind === 'device' && p.id === device);
    const own = (await w.anna.get(`/api/v1/device/${device}`)).json().data;
    expect([own.lat, own.lng]).toEqual([at?.lat, at?.lng]);
    const viaExact = await fetch(`${base}/api/v1/device/${device}`, {
      headers: { authorization: `Bearer ${exact}`, origin: PARTNER },
    });
    expect(((await viaExact.json()) as { data: { lat: number } }).data.lat).toBe(at?.lat);
    const viaPanel = await fetch(`${base}/api/v1/panel/${panel}?include=singleValueItem.device`, {
      headers: { authorization: `Bearer ${exact}`, origin: PARTNER },
    });
    const panelJson = (await viaPanel.json()) as { data: { singleValueItem: { device: { lng: number } } } };
    expect(panelJson.data.singleValueItem.device.lng).toBe(at?.lng);

    expect((await w.anna.patch(`/api/v1/device/${device}`, { public_grid_m: 0 })).statusCode).toBe(200);
    const map = (await w.client().get('/api/v1/public/temperature-map')).json() as {
      features: { id: number; geometry: { coordinates: [number, number] } }[];
    };
    expect(map.features.find((f) => f.id === device)?.geometry.coordinates).toEqual([at?.lng, at?.lat]);
    expect((await w.anna.patch(`/api/v1/device/${device}`, { public_grid_m: 5000 })).statusCode).toBe(200);
  });

  it('issue 26.2: a grid out of range is a 422 with a Swedish field error, nothing written', async () => {
    const before = await w.db
      .selectFrom('devices')
      .select(['public_grid_m', 'updated_at'])
      .where('id', '=', device)
      .executeTakeFirstOrThrow();
    for (const grid of [50, 99, 50_001, 1000.5, -1, '1000', null]) {
      const res = await w.anna.patch(`/api/v1/device/${device}`, { public_grid_m: grid });
      expect(res.statusCode, String(grid)).toBe(422);
      expect(JSON.stringify(res.json().errors.public_grid_m)).toMatch(/Rutnät på den publika kartan/);
    }
    const created = await w.anna.post('/api/v1/device', {
      external_device_id: 'GRID-0001',
      public_grid_m: 100_000,
    });
    expect(created.statusCode).toBe(422);
    expect(
      await w.db.selectFrom('devices').select('id').where('external_device_id', '=', 'GRID-0001').execute(),
    ).toEqual([]);
    const after = await w.db
      .selectFrom('devices')
      .select(['public_grid_m', 'updated_at'])
      .where('id', '=', device)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});

describe('issue 26.2 coarsenPositions', () => {
  it('rounds every { lat, lng } to its own grid (a device’s public_grid_m, else ~1 km) and nothing else', () => {
    const out = coarsenPositions({
      data: {
        id: 1,
        lat: 59.123456,
        lng: 18.654321,
        public_grid_m: 5000,
        value: 59.123456,
        gateways: [{ id: 2, lat: 59.2, lng: 18.1234567 }],
      },
    });
    expect(onPublicGrid(out.data.lat, out.data.lng, 5000)).toBe(true);
    expect(out.data.lat).not.toBe(59.123456);
    expect(out.data.value).toBe(59.123456);
    const [gateway] = out.data.gateways;
    expect(gateway && onPublicGrid(gateway.lat, gateway.lng, 1000)).toBe(true);
    expect(gateway?.lng).not.toBe(18.1234567);
  });
});
