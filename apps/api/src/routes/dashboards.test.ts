import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorldApp, type WorldApp } from '../seed/fixture.js';
import { testDialects } from '../test/harness.js';

const dialects = await testDialects();

const SHOW_INCLUDES = [
  'panels',
  'panels.lineChartItems.sensor',
  'panels.lineChartItems.device.sensors',
  'panels.lineChartItems.device.defaultSensor',
  'panels.singleValueItem.sensor',
  'panels.singleValueItem.device.sensors',
].join(',');

describe.each(dialects)('dashboards and panels (%s)', (dialect) => {
  let w: WorldApp;
  beforeAll(async () => {
    w = await createWorldApp(dialect);
  });
  afterAll(async () => {
    await w?.close();
  });

  it('spec §7: GET /api/v1/dashboard?include=user,panels&sort=title lists the user’s dashboards by title', async () => {
    const res = await w.anna.get('/api/v1/dashboard?include=user,panels&sort=title');
    expect(res.statusCode).toBe(200);
    const boards = res.json().data as {
      title: string;
      user: { email: string };
      panels: unknown[];
      is_favorite: boolean;
    }[];
    expect(boards.map((b) => b.title)).toEqual(['Jämtland och Dalarna', 'Skogens temperaturer']);
    for (const b of boards) {
      expect(b.user.email).toBe('anna@matnat.se');
      expect(b.panels.length).toBeGreaterThan(0);
      expect(typeof b.is_favorite).toBe('boolean');
    }
  });

  it('spec §7: GET /api/v1/dashboard/{id}/ with nested includes returns panels with items, sensors and device sensors', async () => {
    const id = await w.ids.dashboard('Skogens temperaturer');
    const res = await w.anna.get(`/api/v1/dashboard/${id}/?include=${SHOW_INCLUDES}`);
    expect(res.statusCode).toBe(200);
    const board = res.json().data;
    const line = board.panels.find((p: { type: string }) => p.type === 'line_chart');
    expect(line.lineChartItems).toHaveLength(3);
    const item = line.lineChartItems[0];
    expect(item.sensor.type).toBe('temperature');
    expect(item.device.sensors.length).toBeGreaterThanOrEqual(2);
    expect(item.device.defaultSensor.id).toBe(item.device.default_sensor_id);
    const single = board.panels.find((p: { type: string }) => p.type === 'single_value');
    expect(single.singleValueItem.sensor.id).toBe(single.singleValueItem.sensor_id);
    expect(single.singleValueItem.device.sensors.length).toBeGreaterThan(0);
    expect(board.panels.map((p: { position: number }) => p.position)).toEqual([0, 1, 2, 3]);
  });

  it('DESIGN §2: an include the dashboard does not allow is 400', async () => {
    const id = await w.ids.dashboard('Skogens temperaturer');
    const res = await w.anna.get(`/api/v1/dashboard/${id}?include=panels.owner`);
    expect(res.statusCode).toBe(400);
    expect((await w.anna.get('/api/v1/dashboard?sort=color')).statusCode).toBe(400);
  });

  it('spec §7: POST, PATCH (answers the dashboard), DELETE a dashboard', async () => {
    const created = await w.anna.post('/api/v1/dashboard', { title: 'Ny dashboard' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({ title: 'Ny dashboard', is_favorite: false, panels: [] });
    const patched = await w.anna.patch(`/api/v1/dashboard/${id}`, { title: 'Omdöpt', is_favorite: true });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ id, title: 'Omdöpt', is_favorite: true });
    expect((await w.anna.delete(`/api/v1/dashboard/${id}`)).statusCode).toBe(204);
    expect((await w.anna.get(`/api/v1/dashboard/${id}`)).statusCode).toBe(404);
  });

  it('422: a dashboard without a title, or with an unknown field', async () => {
    const res = await w.anna.post('/api/v1/dashboard', { title: '  ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.title).toHaveLength(1);
    expect((await w.anna.post('/api/v1/dashboard', { title: 'x', owner: 3 })).statusCode).toBe(422);
  });

  it('spec §7: POST /api/v1/panel creates a line chart (last on the dashboard) and a single value', async () => {
    const dashboard = await w.ids.dashboard('Jämtland och Dalarna');
    const device = await w.ids.device('Temperaturspjut Mora 1');
    const sensor = await w.ids.sensor('Temperaturspjut Mora 1', 'temperature');
    const line = await w.anna.post('/api/v1/panel', {
      type: 'line_chart',
      dashboard_id: dashboard,
      title: 'Mora',
      line_chart_items: [{ device_id: device, sensor_id: sensor, color: '#00aa88' }],
    });
    expect(line.statusCode).toBe(201);
    expect(line.json().data).toMatchObject({
      type: 'line_chart',
      position: 2,
      device_id: device,
      sensor_id: sensor,
    });
    expect(line.json().data.lineChartItems[0]).toMatchObject({ sensor_id: sensor, color: '#00aa88' });
    const single = await w.anna.post('/api/v1/panel', {
      type: 'single_value',
      dashboard_id: dashboard,
      device_id: device,
      sensor_id: sensor,
    });
    expect(single.statusCode).toBe(201);
    expect(single.json().data.singleValueItem.sensor.id).toBe(sensor);

    const shown = await w.anna.get(
      `/api/v1/panel/${line.json().data.id}/?include=lineChartItems.device.sensors,lineChartItems.sensor,singleValueItem,device,sensor`,
    );
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.device.id).toBe(device);
    expect(shown.json().data.sensor.id).toBe(sensor);
    expect(shown.json().data.lineChartItems[0].device.sensors.length).toBe(2);
    expect(shown.json().data.singleValueItem).toBeNull();
  });

  it('422: a panel naming another team’s device, or a sensor not on the device, is a field error', async () => {
    const dashboard = await w.ids.dashboard('Jämtland och Dalarna');
    const malmo = await w.ids.device('Temperaturspjut Malmö 1');
    const malmoSensor = await w.ids.sensor('Temperaturspjut Malmö 1', 'temperature');
    const foreign = await w.anna.post('/api/v1/panel', {
      type: 'line_chart',
      dashboard_id: dashboard,
      line_chart_items: [{ device_id: malmo, sensor_id: malmoSensor }],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors['line_chart_items.0.device_id']).toBeDefined();
    const mora = await w.ids.device('Temperaturspjut Mora 1');
    const mismatch = await w.anna.post('/api/v1/panel', {
      type: 'single_value',
      dashboard_id: dashboard,
      device_id: mora,
      sensor_id: await w.ids.sensor('Temperaturspjut Falun 1', 'temperature'),
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.sensor_id).toBeDefined();
    const badType = await w.anna.post('/api/v1/panel', { type: 'pie', dashboard_id: dashboard });
    expect(badType.statusCode).toBe(422);
  });

  it('spec §7: PATCH /api/v1/panel/{id} edits title and lines; DELETE removes it from the dashboard (spec §4)', async () => {
    const dashboard = await w.ids.dashboard('Jämtland och Dalarna');
    const board = (await w.anna.get(`/api/v1/dashboard/${dashboard}?include=panels`)).json().data;
    const panel = board.panels.find((p: { type: string }) => p.type === 'line_chart');
    const sensor = await w.ids.sensor('Temperaturspjut Falun 1', 'temperature');
    const device = await w.ids.device('Temperaturspjut Falun 1');
    const res = await w.anna.patch(`/api/v1/panel/${panel.id}`, {
      title: 'Bara Falun',
      line_chart_items: [{ device_id: device, sensor_id: sensor }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.title).toBe('Bara Falun');
    expect(res.json().data.lineChartItems).toHaveLength(1);
    expect((await w.anna.delete(`/api/v1/panel/${panel.id}`)).statusCode).toBe(204);
    const after = (await w.anna.get(`/api/v1/dashboard/${dashboard}?include=panels`)).json().data;
    expect(after.panels.map((p: { id: number }) => p.id)).not.toContain(panel.id);
  });

  it('spec §7: PATCH /api/v1/dashboard/{id}/panel stores the panel order; a list that is not the dashboard’s panels is 422', async () => {
    const id = await w.ids.dashboard('Skogens temperaturer');
    const board = (await w.anna.get(`/api/v1/dashboard/${id}?include=panels`)).json().data;
    const reversed = (board.panels as { id: number }[]).map((p) => p.id).reverse();
    const res = await w.anna.patch(`/api/v1/dashboard/${id}/panel`, { panels: reversed });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.panels.map((p: { id: number }) => p.id)).toEqual(reversed);
    const partial = await w.anna.patch(`/api/v1/dashboard/${id}/panel`, { panels: reversed.slice(1) });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().errors.panels).toBeDefined();
  });

  it('nothing half-written: when the line items fail inside the transaction, no panel is left behind', async () => {
    // A database-level fault for one colour makes the second insert of the panel's transaction fail.
    if (dialect === 'sqlite') {
      await sql`create trigger fail_red before insert on line_chart_items when new.color = '#ff0000'
        begin select raise(abort, 'injected fault'); end`.execute(w.db);
    } else {
      await sql`create function fail_red() returns trigger language plpgsql as $$
        begin if new.color = '#ff0000' then raise exception 'injected fault'; end if; return new; end $$`.execute(
        w.db,
      );
      await sql`create trigger fail_red before insert on line_chart_items for each row execute function fail_red()`.execute(
        w.db,
      );
    }
    const dashboard = await w.ids.dashboard('Skogens temperaturer');
    const before = await w.db.selectFrom('panels').select('id').execute();
    const res = await w.anna.post('/api/v1/panel', {
      type: 'line_chart',
      dashboard_id: dashboard,
      line_chart_items: [
        {
          device_id: await w.ids.device('Temperaturspjut Kiruna 1'),
          sensor_id: await w.ids.sensor('Temperaturspjut Kiruna 1', 'temperature'),
          color: '#ff0000',
        },
      ],
    });
    expect(res.statusCode).toBe(500);
    expect((await w.db.selectFrom('panels').select('id').execute()).length).toBe(before.length);
    await sql`drop trigger fail_red${dialect === 'postgres' ? sql` on line_chart_items` : sql``}`.execute(
      w.db,
    );
  });

  it('dashboards are private: an admin sees every dashboard, another user none of anna’s', async () => {
    const id = await w.ids.dashboard('Skogens temperaturer');
    expect((await w.admin.get(`/api/v1/dashboard/${id}`)).statusCode).toBe(200);
    const all = (await w.admin.get('/api/v1/dashboard')).json().data as { title: string }[];
    expect(all.map((d) => d.title)).toEqual(
      expect.arrayContaining(['Skogens temperaturer', 'Odlingar i Skåne']),
    );
    const eriks = (await w.erik.get('/api/v1/dashboard')).json().data as { title: string }[];
    expect(eriks.map((d) => d.title)).not.toContain('Skogens temperaturer');
  });
});
