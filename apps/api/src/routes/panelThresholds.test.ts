// Issue 21 point 1: threshold steps stored with a panel (create, edit, read), and the "Bad input" rules
// for them (out of order, non-finite, unknown colours: 422 with Swedish field errors, nothing written).
import { Panel } from '@matnat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorldApp, type WorldApp } from '../seed/fixture.js';
import { testDialects } from '../test/harness.js';
import { changedTables, tableHashes } from '../test/tableHash.js';

const dialects = await testDialects();

const STEPS = [
  { value: -5, color: 'blue', label: 'Kallt' },
  { value: 0.5, color: 'green', label: 'OK' },
  { value: 30, color: '#B91C1C', label: 'Larm' },
];

describe.each(dialects)('issue 21: panel threshold steps (%s)', (dialect) => {
  let w: WorldApp;
  let dashboard: number;
  let device: number;
  let sensor: number;
  beforeAll(async () => {
    w = await createWorldApp(dialect);
    dashboard = await w.ids.dashboard('Jämtland och Dalarna');
    device = await w.ids.device('Temperaturspjut Mora 1');
    sensor = await w.ids.sensor('Temperaturspjut Mora 1', 'temperature');
  });
  afterAll(async () => {
    await w?.close();
  });

  const showPanel = async (id: number) => {
    const res = await w.anna.get(`/api/v1/panel/${id}`);
    expect(res.statusCode).toBe(200);
    return Panel.parse(res.json().data);
  };

  it('issue 21 point 1: a line chart and a single value are created with ordered steps, read back from the panel and the dashboard', async () => {
    const line = await w.anna.post('/api/v1/panel', {
      type: 'line_chart',
      dashboard_id: dashboard,
      line_chart_items: [{ device_id: device, sensor_id: sensor }],
      thresholds: STEPS,
    });
    expect(line.statusCode, line.body).toBe(201);
    const stored = [STEPS[0], STEPS[1], { ...STEPS[2], color: '#b91c1c' }];
    expect(line.json().data.thresholds).toEqual(stored);
    const single = await w.anna.post('/api/v1/panel', {
      type: 'single_value',
      dashboard_id: dashboard,
      device_id: device,
      sensor_id: sensor,
      thresholds: [{ value: 20, color: 'Orange', label: 'Varmt' }],
    });
    expect(single.statusCode).toBe(201);
    expect((await showPanel(single.json().data.id)).thresholds).toEqual([
      { value: 20, color: 'orange', label: 'Varmt' },
    ]);
    expect((await showPanel(line.json().data.id)).thresholds).toEqual(stored);
    const board = await w.anna.get(`/api/v1/dashboard/${dashboard}?include=panels`);
    const panels = board.json().data.panels as { id: number; thresholds: unknown[] }[];
    expect(panels.find((p) => p.id === line.json().data.id)?.thresholds).toEqual(stored);
    // A panel made without steps answers an empty list, as every seeded panel without them does.
    const plain = await w.anna.post('/api/v1/panel', {
      type: 'single_value',
      dashboard_id: dashboard,
      device_id: device,
      sensor_id: sensor,
    });
    expect(plain.json().data.thresholds).toEqual([]);
  });

  it('issue 21 point 1: PATCH replaces the steps (and the dashboard read follows); [] removes them; other edits keep them', async () => {
    const created = await w.anna.post('/api/v1/panel', {
      type: 'single_value',
      dashboard_id: dashboard,
      device_id: device,
      sensor_id: sensor,
      thresholds: STEPS,
    });
    const id = created.json().data.id as number;
    // The dashboard answer is cached by read version: read it once so the edit must invalidate it.
    await w.anna.get(`/api/v1/dashboard/${dashboard}?include=panels`);
    const edited = await w.anna.patch(`/api/v1/panel/${id}`, {
      thresholds: [{ value: 10, color: 'red', label: 'Larm' }],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.thresholds).toEqual([{ value: 10, color: 'red', label: 'Larm' }]);
    const board = await w.anna.get(`/api/v1/dashboard/${dashboard}?include=panels`);
    expect(board.json().data.panels.find((p: { id: number }) => p.id === id).thresholds).toEqual([
      { value: 10, color: 'red', label: 'Larm' },
    ]);
    expect(
      (await w.anna.patch(`/api/v1/panel/${id}`, { title: 'Mora nu' })).json().data.thresholds,
    ).toHaveLength(1);
    expect((await w.anna.patch(`/api/v1/panel/${id}`, { thresholds: [] })).json().data.thresholds).toEqual(
      [],
    );
  });

  it('issue 21 Bad input: steps out of order, non-finite values and unknown colours are 422 with Swedish field errors, and nothing is written', async () => {
    const created = await w.anna.post('/api/v1/panel', {
      type: 'line_chart',
      dashboard_id: dashboard,
      line_chart_items: [{ device_id: device, sensor_id: sensor }],
      thresholds: STEPS,
    });
    const id = created.json().data.id as number;
    const before = await tableHashes(w.db);
    const order = await w.anna.patch(`/api/v1/panel/${id}`, {
      title: 'Ändrad',
      thresholds: [
        { value: 10, color: 'green', label: 'OK' },
        { value: 9, color: 'rosa', label: 'Varning' },
      ],
    });
    expect(order.statusCode).toBe(422);
    expect(order.json().errors).toEqual({
      'thresholds.1.value': [
        'Stegen måste ligga i stigande ordning: värdet måste vara större än föregående stegs (10).',
      ],
      'thresholds.1.color': [
        'Färgen måste vara grön, gul, orange, röd, blå, lila, grå eller en färg som #rrggbb.',
      ],
    });
    // JSON has no Infinity, but 1e999 parses to it: refused like a text where a number belongs.
    const infinite = await w.anna.patch(
      `/api/v1/panel/${id}`,
      '{"thresholds":[{"value":1e999,"color":"red","label":"Larm"}]}',
    );
    expect(infinite.statusCode).toBe(422);
    expect(infinite.json().errors).toEqual({ 'thresholds.0.value': ['Värde måste vara ett tal.'] });
    const create = await w.anna.post('/api/v1/panel', {
      type: 'single_value',
      dashboard_id: dashboard,
      device_id: device,
      sensor_id: sensor,
      thresholds: [{ value: '5', color: 'red', label: 'Larm' }],
    });
    expect(create.statusCode).toBe(422);
    expect(create.json().errors).toEqual({ 'thresholds.0.value': ['Värde måste vara ett tal.'] });
    expect(changedTables(before, await tableHashes(w.db))).toEqual([]);
    expect((await showPanel(id)).title).toBeNull();
  });

  it("another team's panel: its steps can be neither read nor changed (404)", async () => {
    const erikBoard = await w.ids.dashboard('Storstäder');
    const board = await w.admin.get(`/api/v1/dashboard/${erikBoard}?include=panels`);
    const panel = board.json().data.panels[0] as { id: number };
    expect((await w.anna.get(`/api/v1/panel/${panel.id}`)).statusCode).toBe(404);
    expect((await w.anna.patch(`/api/v1/panel/${panel.id}`, { thresholds: [] })).statusCode).toBe(404);
  });

  it('the demo world seeds steps on its panels (the examples show them)', async () => {
    const jamtland = await w.anna.get(`/api/v1/dashboard/${dashboard}?include=panels`);
    const humidity = (
      jamtland.json().data.panels as { title: string; thresholds: { label: string }[] }[]
    ).find((p) => p.title === 'Luftfuktighet Åre');
    expect(humidity?.thresholds.map((s) => s.label)).toEqual(['Torrt', 'OK', 'Fuktigt', 'Mycket fuktigt']);
  });
});
