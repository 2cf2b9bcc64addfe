// Issue 21 point 5: a panel's size on the dashboard's 12-column grid (width and height, each 1–12), stored
// with the panel on SQLite and PostgreSQL; a size outside 1–12 is 422 with Swedish field errors and nothing
// is written; the panel order call keeps working beside it (grid order = panel order).
import { GRID, Panel } from '@matnat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorldApp, type WorldApp } from '../seed/fixture.js';
import { testDialects } from '../test/harness.js';
import { changedTables, tableHashes } from '../test/tableHash.js';

const dialects = await testDialects();

describe.each(dialects)('issue 21: panels on the 12-column grid (%s)', (dialect) => {
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

  const single = (extra: Record<string, unknown> = {}) =>
    w.anna.post('/api/v1/panel', {
      type: 'single_value',
      dashboard_id: dashboard,
      device_id: device,
      sensor_id: sensor,
      ...extra,
    });

  it('issue 21 point 5: a new panel is half the grid wide and three rows high; a size given on create is kept', async () => {
    const plain = await single();
    expect(plain.statusCode).toBe(201);
    expect(plain.json().data).toMatchObject({ width: GRID.defaultWidth, height: GRID.defaultHeight });
    const wide = await w.anna.post('/api/v1/panel', {
      type: 'line_chart',
      dashboard_id: dashboard,
      line_chart_items: [{ device_id: device, sensor_id: sensor }],
      width: 12,
      height: 5,
    });
    expect(wide.statusCode, wide.body).toBe(201);
    const shown = await w.anna.get(`/api/v1/panel/${wide.json().data.id}`);
    expect(Panel.parse(shown.json().data)).toMatchObject({ width: 12, height: 5 });
    // Every seeded panel has a size too (the migration's defaults).
    const board = await w.anna.get(`/api/v1/dashboard/${dashboard}?include=panels`);
    for (const panel of board.json().data.panels as Panel[]) {
      expect(panel.width).toBeGreaterThanOrEqual(1);
      expect(panel.height).toBeGreaterThanOrEqual(1);
    }
  });

  it('issue 21 point 5: PATCH sets width and height (the dashboard read follows); the order call keeps the sizes', async () => {
    const a = (await single()).json().data.id as number;
    const b = (await single()).json().data.id as number;
    const patched = await w.anna.patch(`/api/v1/panel/${a}`, { width: 1, height: 12 });
    expect(patched.statusCode, patched.body).toBe(200);
    const read = async () =>
      (await w.anna.get(`/api/v1/dashboard/${dashboard}?include=panels`)).json().data.panels as Panel[];
    expect((await read()).find((p) => p.id === a)).toMatchObject({ width: 1, height: 12 });
    const ids = (await read()).map((p) => p.id);
    const reordered = [b, a, ...ids.filter((id) => id !== a && id !== b)];
    const order = await w.anna.patch(`/api/v1/dashboard/${dashboard}/panel`, { panels: reordered });
    expect(order.statusCode, order.body).toBeLessThan(300);
    const after = await read();
    expect(after.map((p) => p.id)).toEqual(reordered);
    expect(after.find((p) => p.id === a)).toMatchObject({ width: 1, height: 12 });
  });

  it('issue 21 Bad input: a width or height outside 1–12, or not a whole number, is 422 with Swedish field errors, and nothing is written', async () => {
    const id = (await single()).json().data.id as number;
    const before = await tableHashes(w.db);
    const zero = await w.anna.patch(`/api/v1/panel/${id}`, { width: 0, height: 13 });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors).toEqual({
      width: ['Bredd måste vara minst 1.'],
      height: ['Höjd får vara högst 12.'],
    });
    const half = await w.anna.patch(`/api/v1/panel/${id}`, { width: 6.5, title: 'Ändrad' });
    expect(half.statusCode).toBe(422);
    expect(half.json().errors).toEqual({ width: ['Bredd måste vara ett heltal.'] });
    const text = await single({ width: '12' });
    expect(text.statusCode).toBe(422);
    expect(text.json().errors).toEqual({ width: ['Bredd måste vara ett tal.'] });
    expect(changedTables(before, await tableHashes(w.db))).toEqual([]);
  });

  it("issue 21 point 5: another user's panel cannot be resized (the panel's owner only)", async () => {
    const id = (await single()).json().data.id as number;
    const before = await tableHashes(w.db);
    const erik = await w.erik.patch(`/api/v1/panel/${id}`, { width: 12 });
    expect([403, 404]).toContain(erik.statusCode);
    expect(changedTables(before, await tableHashes(w.db))).toEqual([]);
  });
});
