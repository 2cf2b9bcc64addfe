import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annasNewSensor, createWorldApp, type WorldApp } from '../seed/fixture.js';
import { testDialects } from '../test/harness.js';
import { ingestReadings } from '../test/ingest.js';

const dialects = await testDialects();

describe.each(dialects)('devices (%s)', (dialect) => {
  let w: WorldApp;
  beforeAll(async () => {
    w = await createWorldApp(dialect);
  });
  afterAll(async () => {
    await w?.close();
  });

  it('spec §7: GET /api/v1/device/ with include=sensors,defaultSensor,gateways,teams lists only the team’s devices', async () => {
    const res = await w.anna.get('/api/v1/device/?include=sensors,defaultSensor,gateways,teams');
    expect(res.statusCode).toBe(200);
    const devices = res.json().data as {
      title: string;
      teams: { name: string }[];
      sensors: { id: number }[];
      defaultSensor: { id: number } | null;
      gateways: unknown[];
      is_public: boolean;
    }[];
    expect(devices.length).toBeGreaterThan(5);
    for (const d of devices) {
      expect(d.teams.map((t) => t.name)).toContain('Skogsbruk Norr');
      expect(d.sensors.length).toBeGreaterThan(0);
      expect(d.defaultSensor?.id).toBe(d.sensors[0]?.id);
      expect(Array.isArray(d.gateways)).toBe(true);
      expect(typeof d.is_public).toBe('boolean');
    }
    expect(devices.map((d) => d.title)).not.toContain('Temperaturspjut Malmö 1');
  });

  it('issue 21: health.alerting says an enabled alert fires (or is acknowledged) on one of its sensors; a disabled one does not count', async () => {
    const sensor = await annasNewSensor(w, 'ALERTING-0001');
    const { device_id } = await w.db
      .selectFrom('sensors')
      .select('device_id')
      .where('id', '=', sensor)
      .executeTakeFirstOrThrow();
    const alerting = async () =>
      ((await w.anna.get(`/api/v1/device/${device_id}`)).json().data.health as { alerting: boolean })
        .alerting;
    const list = async () =>
      ((await w.anna.get('/api/v1/device')).json().data as { id: number; health: { alerting: boolean } }[])
        .filter((d) => d.health.alerting)
        .map((d) => d.id);
    expect(await alerting()).toBe(false);
    const alert = (
      await w.anna.post('/api/v1/alert', {
        name: 'Larm på spjutet',
        conditions: [{ sensor_id: sensor, operator: '>', threshold: 25 }],
      })
    ).json().data as { id: number };
    await ingestReadings(w.app, [{ sensor_id: sensor, ts: Date.now() - 1000, value: 30 }]);
    await w.app.alerts.idle();
    expect(await alerting()).toBe(true);
    expect(await list()).toContain(device_id);
    await w.anna.post(`/api/v1/alert/${alert.id}/acknowledge`, {});
    expect(await alerting()).toBe(true);
    await w.anna.patch(`/api/v1/alert/${alert.id}`, { is_enabled: false });
    expect(await alerting()).toBe(false);
    expect(await list()).not.toContain(device_id);
  });

  it('spec §9: devices are sorted by title, or by external_device_id when the title is missing', async () => {
    const id = await w.ids.device('Temperaturspjut Abisko 1');
    await w.admin.patch(`/api/v1/device/${id}`, { title: null });
    const res = await w.anna.get('/api/v1/device?sort=title');
    const rows = res.json().data as { title: string | null; external_device_id: string }[];
    const keys = rows.map((d) => d.title ?? d.external_device_id);
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    await w.admin.patch(`/api/v1/device/${id}`, { title: 'Temperaturspjut Abisko 1' });
    const desc = (await w.anna.get('/api/v1/device?sort=-title')).json().data as { title: string }[];
    expect(desc[0]!.title > desc.at(-1)!.title).toBe(true);
  });

  it('DESIGN §2: a disallowed include, sort or filter is a 400 naming the allowed ones', async () => {
    const include = await w.anna.get('/api/v1/device?include=owner');
    expect(include.statusCode).toBe(400);
    expect(include.json().message).toContain('sensors');
    expect((await w.anna.get('/api/v1/device?sort=lat')).statusCode).toBe(400);
    expect((await w.anna.get('/api/v1/device?filter[color]=red')).statusCode).toBe(400);
  });

  it('spec §6: only admins may request the unassigned-devices filter (403 for users)', async () => {
    expect((await w.anna.get('/api/v1/device?filter[unassigned]=1')).statusCode).toBe(403);
    const res = await w.admin.get('/api/v1/device/?filter[unassigned]=1&include=teams');
    expect(res.statusCode).toBe(200);
    const titles = (res.json().data as { title: string; teams: unknown[] }[]).map((d) => d.title);
    expect(titles).toEqual(expect.arrayContaining(['Ny enhet', 'Temperaturspjut Kiruna 2']));
    for (const d of res.json().data as { teams: unknown[] }[]) expect(d.teams).toEqual([]);
  });

  it('spec §7: GET /api/v1/device/{id}/ includes sensors, gateways, teams', async () => {
    const id = await w.ids.device('Klimatgivare Umeå');
    const res = await w.anna.get(`/api/v1/device/${id}/?include=sensors,gateways,teams`);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.sensors.map((s: { type: string }) => s.type).sort()).toEqual([
      'battery',
      'humidity',
      'temperature',
    ]);
    expect(d.gateways).toHaveLength(1);
    expect(d.teams).toEqual([{ id: w.accounts.teams.north, name: 'Skogsbruk Norr' }]);
  });

  it('spec §7: POST, PATCH, DELETE a device; a user’s new device joins their team', async () => {
    const created = await w.anna.post('/api/v1/device', {
      title: 'Testspjut',
      external_device_id: 'eui-test-0001',
      lat: 64.1,
      lng: 19.2,
    });
    expect(created.statusCode).toBe(201);
    const device = created.json().data;
    expect(device.teams).toEqual([{ id: w.accounts.teams.north, name: 'Skogsbruk Norr' }]);
    const patched = await w.anna.patch(`/api/v1/device/${device.id}`, {
      title: 'Omdöpt spjut',
      is_public: true,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ title: 'Omdöpt spjut', is_public: true });
    expect((await w.anna.delete(`/api/v1/device/${device.id}`)).statusCode).toBe(204);
    expect((await w.anna.get(`/api/v1/device/${device.id}`)).statusCode).toBe(404);
  });

  it('spec §1 "Admins … connect new devices to teams": PATCH team_ids by an admin; 403 for a user', async () => {
    const id = await w.ids.device('Ny enhet');
    expect((await w.anna.get(`/api/v1/device/${id}`)).statusCode).toBe(404);
    const forbidden = await w.anna.patch(`/api/v1/device/${await w.ids.device('Temperaturspjut Umeå 1')}`, {
      team_ids: [w.accounts.teams.south],
    });
    expect(forbidden.statusCode).toBe(403);
    const res = await w.admin.patch(`/api/v1/device/${id}`, { team_ids: [w.accounts.teams.north] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.teams).toEqual([{ id: w.accounts.teams.north, name: 'Skogsbruk Norr' }]);
    expect((await w.anna.get(`/api/v1/device/${id}`)).statusCode).toBe(200);
    await w.admin.patch(`/api/v1/device/${id}`, { team_ids: [] });
  });

  it('422 with field errors: bad coordinates, duplicate external id, unknown team, foreign default sensor', async () => {
    const bad = await w.anna.post('/api/v1/device', { external_device_id: 'eui-x', lat: 123, lng: 5 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.lat).toBeDefined();
    const dup = await w.admin.post('/api/v1/device', { external_device_id: 'x', title: 'a' });
    expect(dup.statusCode).toBe(201);
    const again = await w.admin.post('/api/v1/device', { external_device_id: 'x' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.external_device_id).toHaveLength(1);
    const team = await w.admin.post('/api/v1/device', { external_device_id: 'y', team_ids: [99999] });
    expect(team.json().errors.team_ids).toBeDefined();
    const foreign = await w.admin.patch(`/api/v1/device/${dup.json().data.id}`, {
      default_sensor_id: await w.ids.sensor('Temperaturspjut Malmö 1', 'temperature'),
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.default_sensor_id).toBeDefined();
    const unknownField = await w.anna.post('/api/v1/device', { external_device_id: 'z', owner: 1 });
    expect(unknownField.statusCode).toBe(422);
  });

  it('a create refused for an unknown gateway writes nothing', async () => {
    const before = await w.db.selectFrom('devices').select('id').execute();
    const res = await w.admin.post('/api/v1/device', {
      external_device_id: 'eui-half',
      team_ids: [w.accounts.teams.north],
      gateway_ids: [999_999],
    });
    expect(res.statusCode).toBe(422);
    const after = await w.db.selectFrom('devices').select('id').execute();
    expect(after.length).toBe(before.length);
  });

  it('spec §7: GET /api/v1/sensor lists the team’s sensors; another team’s sensor is 404', async () => {
    const res = await w.erik.get('/api/v1/sensor?sort=name');
    expect(res.statusCode).toBe(200);
    const ids = (res.json().data as { id: number }[]).map((s) => s.id);
    expect(ids).toContain(await w.ids.sensor('Temperaturspjut Malmö 1', 'temperature'));
    expect(ids).not.toContain(await w.ids.sensor('Temperaturspjut Abisko 1', 'temperature'));
    const abisko = await w.ids.sensor('Temperaturspjut Abisko 1', 'temperature');
    expect((await w.erik.get(`/api/v1/sensor/${abisko}`)).statusCode).toBe(404);
  });

  it('gateways: a user sees the gateways of their devices; admins see all', async () => {
    const res = await w.erik.get('/api/v1/gateway');
    expect(res.statusCode).toBe(200);
    const titles = (res.json().data as { title: string }[]).map((g) => g.title);
    expect(titles).toContain('Gateway Malmö');
    expect(titles).not.toContain('Gateway Kiruna');
    const gateways = (await w.admin.get('/api/v1/gateway')).json().data as { id: number; title: string }[];
    const kiruna = gateways.find((g) => g.title === 'Gateway Kiruna')!;
    expect((await w.admin.get(`/api/v1/gateway/${kiruna.id}`)).json().data.title).toBe('Gateway Kiruna');
    expect((await w.erik.get(`/api/v1/gateway/${kiruna.id}`)).statusCode).toBe(404);
  });

  it('spec §6: anonymous requests are 401', async () => {
    expect((await w.client().get('/api/v1/device')).statusCode).toBe(401);
    expect((await w.client().get('/api/v1/sensor')).statusCode).toBe(401);
  });
});
