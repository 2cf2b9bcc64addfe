import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../auth/tokens.js';
import { latestReadings } from '../measurements/store.js';
import { startSimulator } from '../simulator.js';
import { testDialects } from '../test/harness.js';
import { DEMO_EMBED_PANELS, DEMO_EMBED_TOKEN, demoEmbedOrigins } from './embedToken.js';
import { createWorldApp, type WorldApp } from './fixture.js';
import { DEMO_INGEST_SECRET } from './integration.js';
import { modelNoise } from './world.js';

const dialects = await testDialects();

async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
}

describe.each(dialects)('demo world (%s)', (dialect) => {
  let w: WorldApp;
  const now = Date.UTC(2026, 10, 22, 12);
  beforeAll(async () => {
    w = await createWorldApp(dialect, now);
  });
  afterAll(async () => {
    await w?.close();
  });

  it('DESIGN §2 demo data: ~40 devices across Sweden with temperature, humidity and battery sensors and gateways', async () => {
    const devices = await w.db.selectFrom('devices').selectAll().execute();
    expect(devices.length).toBeGreaterThanOrEqual(40);
    // Besides Sweden, the NZ page's spears in the southern hemisphere (next test).
    for (const d of devices.filter((d) => d.lat !== null && d.lat > 0)) {
      expect(d.lat).toBeGreaterThan(55);
      expect(d.lat).toBeLessThan(69.1);
      expect(d.lng).toBeGreaterThan(11);
      expect(d.lng).toBeLessThan(24.2);
    }
    const types = await w.db.selectFrom('sensors').select('type').distinct().execute();
    expect(types.map((t) => t.type).sort()).toEqual(['battery', 'humidity', 'temperature']);
    expect((await w.db.selectFrom('gateways').selectAll().execute()).length).toBeGreaterThan(3);
  });

  it('DESIGN §2 demo data: some devices are unassigned, some have no position', async () => {
    const unassigned = await w.db
      .selectFrom('devices')
      .select('title')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('device_team').select('device_id').whereRef('device_id', '=', 'devices.id'),
          ),
        ),
      )
      .execute();
    expect(unassigned.length).toBeGreaterThanOrEqual(2);
    const unplaced = await w.db.selectFrom('devices').select('id').where('lat', 'is', null).execute();
    expect(unplaced.length).toBeGreaterThanOrEqual(1);
  });

  it('issue 9 NZ temperature-sensor page: public spears in New Zealand on the public map, with a mild summer reading', async () => {
    const response = await w.app.inject({ method: 'GET', url: '/api/v1/public/temperature-map' });
    expect(response.statusCode).toBe(200);
    const features = (
      response.json() as {
        features: {
          geometry: { coordinates: [number, number] };
          properties: { title: string; temperature: number };
        }[];
      }
    ).features;
    const nz = features.filter(
      ({
        geometry: {
          coordinates: [lng, lat],
        },
      }) => lat < -33 && lng > 165,
    );
    expect(nz.map((f) => f.properties.title).sort()).toEqual(
      ['Auckland', 'Christchurch', 'Dunedin', 'Hamilton', 'Wellington'].map((t) => `Temperaturspjut ${t}`),
    );
    // 22 November is early summer there: between 5 and 30 °C, whatever the weather.
    for (const f of nz) {
      expect(f.properties.temperature).toBeGreaterThan(5);
      expect(f.properties.temperature).toBeLessThan(30);
    }
    // The Swedish spears are still there, in the north.
    expect(features.length - nz.length).toBeGreaterThan(30);
  });

  it('DESIGN §2 demo data: readings with a daily cycle, up to now', async () => {
    const sensor = await w.ids.sensor('Temperaturspjut Uppsala 1', 'temperature');
    const rows = await w.db
      .selectFrom('measurements')
      .select(['ts', 'value'])
      .where('sensor_id', '=', sensor)
      .orderBy('ts')
      .execute();
    expect(rows.length).toBe(25);
    expect(Number(rows.at(-1)!.ts)).toBe(now);
    const byHour = new Map(rows.map((r) => [new Date(Number(r.ts)).getUTCHours(), r.value]));
    // Mid-afternoon is warmer than the small hours, weather notwithstanding.
    expect(byHour.get(13)! - byHour.get(1)!).toBeGreaterThan(2);
  });

  it('DESIGN §2 demo data: dashboards with panels for anna and erik, alerts, notifications and products', async () => {
    const boards = await w.db
      .selectFrom('dashboards')
      .select(['user_id'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy('user_id')
      .execute();
    expect(boards.map((b) => b.user_id).sort()).toEqual([w.accounts.anna.id, w.accounts.erik.id].sort());
    const types = await w.db.selectFrom('panels').select('type').distinct().execute();
    expect(types.map((t) => t.type).sort()).toEqual(['line_chart', 'single_value']);
    expect((await w.db.selectFrom('alert_conditions').selectAll().execute()).length).toBeGreaterThan(4);
    expect((await w.db.selectFrom('notifications').selectAll().execute()).length).toBeGreaterThan(2);
    const products = await w.db
      .selectFrom('products')
      .select(['name', 'price_ore'])
      .orderBy('name')
      .execute();
    expect(products.map((p) => p.name)).toEqual(['Abonnemang', 'LoRaWAN-gateway', 'Temperaturspjut']);
  });

  it('issue 11: the seeded alert notifications come from the evaluator over the seeded readings', async () => {
    const fired = await w.db
      .selectFrom('alert_history')
      .innerJoin('alerts', 'alerts.id', 'alert_history.alert_id')
      .select(['alerts.name', 'alert_history.event', 'alert_history.value', 'alert_history.at'])
      .where('alert_history.event', '=', 'firing')
      .execute();
    // A November day in the fells: the frost alert (below −12 °C for 30 minutes) has fired.
    expect(fired.map((f) => f.name)).toContain('Frostvarning fjällen');
    const notices = await w.db
      .selectFrom('notifications')
      .select(['title', 'body', 'alert_id'])
      .where('user_id', '=', w.accounts.anna.id)
      .where('alert_id', 'is not', null)
      .execute();
    expect(notices.map((n) => n.title)).toContain('Larm: Frostvarning fjällen');
    const frost = fired.find((f) => f.name === 'Frostvarning fjällen')!;
    expect(Number(frost.value)).toBeLessThan(-12);
  });

  it("issue 11 demo bell: of each alert's notifications only the latest is unread (the reminders before it are read)", async () => {
    const unread = await w.db
      .selectFrom('notifications')
      .select(['user_id', 'alert_id'])
      .where('alert_id', 'is not', null)
      .where('read_at', 'is', null)
      .execute();
    const keys = unread.map((n) => `${n.user_id}:${n.alert_id}`);
    expect(unread.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(keys.length);
    const all = await w.db
      .selectFrom('notifications')
      .select('id')
      .where('alert_id', 'is not', null)
      .execute();
    expect(all.length).toBeGreaterThan(unread.length);
  });

  it('examples: the demo embed token reads the demo panels (ids 5 and 6 on a fresh database, as docs/embedding.md says) and nothing else, from the local origins, stored hashed', async () => {
    const rows = await w.db.selectFrom('embed_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.token_hash).toBe(sha256(DEMO_EMBED_TOKEN));
    expect(JSON.stringify(row)).not.toContain(DEMO_EMBED_TOKEN);
    expect(row.user_id).toBe(w.accounts.anna.id);
    expect(JSON.parse(row.scopes)).toEqual(['panel:5', 'panel:6', 'public-map']);
    const titles = await w.db
      .selectFrom('panels')
      .select(['id', 'title'])
      .where('id', 'in', [5, 6])
      .execute();
    expect(titles.sort((a, b) => a.id - b.id).map((p) => p.title)).toEqual([...DEMO_EMBED_PANELS]);

    const bearer = (origin: string) => ({ authorization: `Bearer ${DEMO_EMBED_TOKEN}`, origin });
    const read = (url: string, origin = 'http://localhost:3000', method: 'GET' | 'DELETE' = 'GET') =>
      w.app.inject({ method, url, headers: bearer(origin) });
    expect((await read('/api/v1/panel/5')).statusCode).toBe(200);
    expect((await read('/api/v1/panel/6', 'http://127.0.0.1:3000')).statusCode).toBe(200);
    expect((await read('/api/v1/public/temperature-map')).statusCode).toBe(200);
    expect([403, 404]).toContain((await read('/api/v1/panel/1')).statusCode);
    expect((await read('/api/v1/panel/5', 'https://evil.example')).statusCode).toBe(403);
    expect((await read('/api/v1/panel/5', 'http://localhost:3000', 'DELETE')).statusCode).toBe(403);
  });

  it('issue 10: the demo integration secret mtn_demo_ingest_key (docs/ingestion.md) is stored hashed and takes readings at once', async () => {
    const rows = await w.db.selectFrom('integrations').selectAll().execute();
    expect(rows.map((r) => [r.kind, r.secret_hash, r.team_id])).toEqual([
      ['http', sha256(DEMO_INGEST_SECRET), w.accounts.teams.north],
    ]);
    const response = await w.app.inject({
      method: 'POST',
      url: '/api/v1/ingest',
      headers: { authorization: 'Bearer mtn_demo_ingest_key' },
      payload: { device: 'demo-curl-1', readings: [{ sensor: 'temperature', value: 5.5 }] },
    });
    expect(response.json()).toEqual({ stored: 1, device_id: expect.any(Number) });
  });

  it("issue 21: seeded devices have health from the readings they sent: last seen, the battery sensor's level, RSSI/SNR where a gateway hears them", async () => {
    const res = await w.anna.get('/api/v1/device?include=sensors,gateways');
    type Row = {
      title: string;
      sensors: { id: number; type: string }[];
      gateways: { signal: { rssi: number; snr: number } | null }[];
      health: {
        battery: number | null;
        battery_unit: string | null;
        rssi: number | null;
        snr: number | null;
        last_seen_at: string | null;
      };
    };
    const devices = res.json().data as Row[];
    const latest = await latestReadings(
      w.db,
      devices.flatMap((d) => d.sensors.filter((s) => s.type === 'battery').map((s) => s.id)),
    );
    for (const d of devices) {
      const battery = d.sensors.find((s) => s.type === 'battery');
      expect(d.health.last_seen_at, d.title).not.toBeNull();
      if (battery) {
        expect([d.health.battery, d.health.battery_unit], d.title).toEqual([
          latest.get(battery.id)!.value,
          '%',
        ]);
      }
      // Every Swedish device is heard by its nearest gateway, at a LoRaWAN signal.
      expect(d.health.rssi, d.title).toBeGreaterThanOrEqual(-130);
      expect(d.health.rssi, d.title).toBeLessThanOrEqual(-40);
      expect(d.gateways[0]?.signal?.rssi, d.title).toBe(d.health.rssi);
    }
    // The fleet's batteries differ (not one level for every device).
    expect(new Set(devices.map((d) => Math.round(d.health.battery ?? 0))).size).toBeGreaterThan(3);
  });

  it("issue 7: the simulator's first reading continues each seeded series instead of jumping", async () => {
    // The demo's own devices (another test creates one by sending a reading of its own).
    const simulated = await w.db
      .selectFrom('sensors')
      .innerJoin('devices', 'devices.id', 'sensors.device_id')
      .select('sensors.id')
      .where('devices.simulated', '=', 1)
      .execute();
    const all = await latestReadings(
      w.db,
      simulated.map((s) => s.id),
    );
    // The seeded series.
    const latest = new Map([...all].filter(([, reading]) => reading.ts <= now));
    const clock = now + 60_000;
    const stop = startSimulator(w.db, w.app.ingest.queue, { intervalMs: 10, now: () => clock });
    await waitUntil(
      async () =>
        (await w.db.selectFrom('measurements').select('sensor_id').where('ts', '=', clock).execute())
          .length >= all.size,
    );
    await stop();
    const first = await w.db
      .selectFrom('measurements')
      .innerJoin('sensors', 'sensors.id', 'measurements.sensor_id')
      .innerJoin('devices', 'devices.id', 'sensors.device_id')
      .select(['measurements.sensor_id', 'measurements.value', 'sensors.type', 'devices.lat'])
      .where('measurements.ts', '=', clock)
      .where('measurements.sensor_id', 'in', [...latest.keys()])
      .execute();
    expect(first.length).toBe(latest.size);
    // The model's weather behind the first simulated value is one small step (at most 0.075 and a 2 %
    // drift) from the weather behind the last seeded one, not a restart from calm weather.
    const steps = first.map((r) => {
      const last = latest.get(r.sensor_id)!;
      const lat = r.lat ?? 60;
      return Math.abs(
        modelNoise(r.type, lat, clock, Number(r.value)) - modelNoise(r.type, lat, last.ts, last.value),
      );
    });
    // (Battery values are rounded to 0.1, which the inverted weather carries: hence 0.25, not 0.1.)
    expect(Math.max(...steps)).toBeLessThan(0.25);
    // Issue 21: the simulated uplink carries the battery and the gateways' signal into the health.
    const kiruna = await w.ids.device('Temperaturspjut Kiruna 1');
    const health = await w.db
      .selectFrom('devices')
      .select(['last_seen_at', 'battery', 'rssi'])
      .where('id', '=', kiruna)
      .executeTakeFirstOrThrow();
    const kirunaBattery = await w.ids.sensor('Temperaturspjut Kiruna 1', 'battery');
    expect(health.last_seen_at).toBe(new Date(clock).toISOString());
    expect(Number(health.battery)).toBe(Number(first.find((r) => r.sensor_id === kirunaBattery)!.value));
    expect(Number(health.rssi)).toBeLessThan(-40);
  });
});

describe('demo embed token origins', () => {
  it('examples: localhost and 127.0.0.1 on port 3000 and on PORT, plus DEMO_EMBED_ORIGINS', () => {
    expect(demoEmbedOrigins({})).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(demoEmbedOrigins({ PORT: '8080', DEMO_EMBED_ORIGINS: 'http://127.0.0.1:5555/, ' })).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'http://127.0.0.1:5555',
    ]);
  });
});
