import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorldApp, type WorldApp } from '../seed/fixture.js';
import { testDialects } from '../test/harness.js';

const dialects = await testDialects();

/** anna's (Skogsbruk Norr) resources that erik (Stadsodling Syd) must neither read nor change. */
interface Targets {
  device: number;
  sensor: number;
  dashboard: number;
  panel: number;
  alert: number;
}

type Method = 'GET' | 'PATCH' | 'DELETE' | 'POST';

/** The route table of the matrix: every read and write of a single team-scoped resource. */
const ROUTES: { method: Method; path: (t: Targets) => string; body?: (t: Targets) => unknown }[] = [
  { method: 'GET', path: (t) => `/api/v1/device/${t.device}` },
  { method: 'GET', path: (t) => `/api/v1/device/${t.device}/?include=sensors,gateways,teams` },
  { method: 'PATCH', path: (t) => `/api/v1/device/${t.device}`, body: () => ({ title: 'Kapad' }) },
  { method: 'DELETE', path: (t) => `/api/v1/device/${t.device}` },
  { method: 'GET', path: (t) => `/api/v1/sensor/${t.sensor}` },
  { method: 'GET', path: (t) => `/api/v1/sensor/${t.sensor}/measurements?range_slug=prev_24_h` },
  { method: 'GET', path: (t) => `/api/v1/sensor/${t.sensor}/latest` },
  { method: 'GET', path: (t) => `/api/v1/dashboard/${t.dashboard}` },
  { method: 'GET', path: (t) => `/api/v1/dashboard/${t.dashboard}/?include=panels.lineChartItems.sensor` },
  { method: 'PATCH', path: (t) => `/api/v1/dashboard/${t.dashboard}`, body: () => ({ title: 'Kapad' }) },
  {
    method: 'PATCH',
    path: (t) => `/api/v1/dashboard/${t.dashboard}/panel`,
    body: (t) => ({ panels: [t.panel] }),
  },
  { method: 'DELETE', path: (t) => `/api/v1/dashboard/${t.dashboard}` },
  { method: 'GET', path: (t) => `/api/v1/panel/${t.panel}/?include=lineChartItems.device.sensors` },
  { method: 'PATCH', path: (t) => `/api/v1/panel/${t.panel}`, body: () => ({ title: 'Kapad' }) },
  { method: 'DELETE', path: (t) => `/api/v1/panel/${t.panel}` },
  { method: 'GET', path: (t) => `/api/v1/alert/${t.alert}?include=conditions` },
  { method: 'PATCH', path: (t) => `/api/v1/alert/${t.alert}`, body: () => ({ name: 'Kapad' }) },
  { method: 'DELETE', path: (t) => `/api/v1/alert/${t.alert}` },
];

async function snapshot(w: WorldApp, t: Targets) {
  const [device, dashboard, panel, alert, conditions] = await Promise.all([
    w.db.selectFrom('devices').selectAll().where('id', '=', t.device).executeTakeFirst(),
    w.db.selectFrom('dashboards').selectAll().where('id', '=', t.dashboard).executeTakeFirst(),
    w.db.selectFrom('panels').selectAll().where('id', '=', t.panel).executeTakeFirst(),
    w.db.selectFrom('alerts').selectAll().where('id', '=', t.alert).executeTakeFirst(),
    w.db.selectFrom('alert_conditions').selectAll().where('alert_id', '=', t.alert).execute(),
  ]);
  return { device, dashboard, panel, alert, conditions };
}

describe.each(dialects)('team matrix (%s)', (dialect) => {
  let w: WorldApp;
  let t: Targets;
  beforeAll(async () => {
    w = await createWorldApp(dialect);
    const dashboard = await w.ids.dashboard('Skogens temperaturer');
    const panel = await w.db
      .selectFrom('panels')
      .select('id')
      .where('dashboard_id', '=', dashboard)
      .orderBy('position')
      .executeTakeFirstOrThrow();
    t = {
      device: await w.ids.device('Temperaturspjut Abisko 1'),
      sensor: await w.ids.sensor('Temperaturspjut Abisko 1', 'temperature'),
      dashboard,
      panel: panel.id,
      alert: await w.ids.alert('Frostvarning fjällen'),
    };
  });
  afterAll(async () => {
    await w?.close();
  });

  for (const route of ROUTES) {
    const name = `${route.method} ${route.path({ device: 0, sensor: 0, dashboard: 0, panel: 0, alert: 0 }).replace(/\/0/g, '/{id}')}`;

    it(`issue 3 team matrix: a user of another team gets 404 and changes nothing — ${name}`, async () => {
      const before = await snapshot(w, t);
      const res = await w.erik.request(route.method, route.path(t), route.body?.(t));
      expect(res.statusCode).toBe(404);
      expect(await snapshot(w, t)).toEqual(before);
    });

    if (route.method === 'GET') {
      it(`issue 3 team matrix: the owning team (and an admin) can read — ${name}`, async () => {
        expect((await w.anna.get(route.path(t))).statusCode).toBe(200);
        expect((await w.admin.get(route.path(t))).statusCode).toBe(200);
      });
    }
  }

  it('issue 3 team matrix: lists never show another team’s devices, sensors, dashboards or alerts', async () => {
    const ids = async (path: string) =>
      ((await w.erik.get(path)).json().data as { id: number }[]).map((r) => r.id);
    expect(await ids('/api/v1/device')).not.toContain(t.device);
    expect(await ids('/api/v1/sensor')).not.toContain(t.sensor);
    expect(await ids('/api/v1/dashboard')).not.toContain(t.dashboard);
    expect(await ids('/api/v1/alert')).not.toContain(t.alert);
  });

  it('issue 3 team matrix: another team’s dashboard, device or sensor cannot be referenced in new panels or alerts', async () => {
    const panel = await w.erik.post('/api/v1/panel', {
      type: 'single_value',
      dashboard_id: t.dashboard,
      device_id: await w.ids.device('Temperaturspjut Malmö 1'),
      sensor_id: await w.ids.sensor('Temperaturspjut Malmö 1', 'temperature'),
    });
    expect(panel.statusCode).toBe(422);
    expect(panel.json().errors.dashboard_id).toBeDefined();
    const own = await w.ids.dashboard('Odlingar i Skåne');
    const foreign = await w.erik.post('/api/v1/panel', {
      type: 'single_value',
      dashboard_id: own,
      device_id: t.device,
      sensor_id: t.sensor,
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.device_id).toBeDefined();
    const alert = await w.erik.post('/api/v1/alert', {
      name: 'Spion',
      device_id: t.device,
      conditions: [{ sensor_id: t.sensor, operator: '<', threshold: 0 }],
    });
    expect(alert.statusCode).toBe(422);
    expect(alert.json().errors.device_id).toBeDefined();
  });
});
