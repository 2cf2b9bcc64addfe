import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSIONED_TABLES } from '../db/migrations/0003_read_version.js';
import { readVersion } from '../db/readVersion.js';
import { createWorldApp, type WorldApp } from '../seed/fixture.js';
import { testDialects } from '../test/harness.js';

const dialects = await testDialects();

const INCLUDES = [
  'user',
  'panels',
  'panels.lineChartItems.sensor',
  'panels.lineChartItems.device.sensors',
  'panels.singleValueItem.sensor',
  'panels.singleValueItem.device.sensors',
].join(',');

// A column of each versioned table, to write a row back unchanged.
const SAME_VALUE_COLUMN: Record<(typeof VERSIONED_TABLES)[number], string> = {
  users: 'name',
  teams: 'name',
  team_user: 'team_id',
  devices: 'title',
  device_team: 'team_id',
  sensors: 'name',
  gateways: 'title',
  device_gateway: 'gateway_id',
  dashboards: 'title',
  panels: 'title',
  line_chart_items: 'color',
  single_value_items: 'sensor_id',
};

interface Board {
  title: string;
  user: { name: string };
  panels: {
    id: number;
    title: string | null;
    lineChartItems?: {
      id: number;
      color: string;
      sensor: { id: number; name: string };
      device: { id: number; title: string };
    }[];
    singleValueItem?: { id: number } | null;
  }[];
}

describe.each(dialects)('GET /api/v1/dashboard/{id} answer cache (%s)', (dialect) => {
  let w: WorldApp;
  let id: number;
  const show = async () => {
    const res = await w.anna.get(`/api/v1/dashboard/${id}/?include=${INCLUDES}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return res.json().data as Board;
  };
  const linePanel = (board: Board) => board.panels.find((p) => (p.lineChartItems?.length ?? 0) > 0)!;
  beforeAll(async () => {
    w = await createWorldApp(dialect);
    id = await w.ids.dashboard('Skogens temperaturer');
  });
  afterAll(async () => {
    await w?.close();
  });

  it('every write to a table of the dashboard read bumps the read version, in the same statement', async () => {
    for (const table of VERSIONED_TABLES) {
      const column = SAME_VALUE_COLUMN[table];
      const before = await readVersion(w.db);
      const written =
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${sql.ref(column)}`.execute(w.db);
      expect(Number(written.numAffectedRows), table).toBeGreaterThan(0);
      expect(await readVersion(w.db), table).toBeGreaterThan(before);
    }
  });

  it('a write through the API followed by a read shows the change (dashboard title, panel title)', async () => {
    await show();
    expect((await w.anna.patch(`/api/v1/dashboard/${id}`, { title: 'Skogen' })).statusCode).toBe(200);
    expect((await show()).title).toBe('Skogen');
    const panel = linePanel(await show());
    expect((await w.anna.patch(`/api/v1/panel/${panel.id}`, { title: 'Nya linjer' })).statusCode).toBe(200);
    expect(linePanel(await show()).title).toBe('Nya linjer');
  });

  it('a write to the database by any writer followed by a read shows the change (devices, sensors, items, owner)', async () => {
    const board = await show();
    const item = linePanel(board).lineChartItems![0]!;
    await w.db
      .updateTable('devices')
      .set({ title: 'Omdöpt spjut' })
      .where('id', '=', item.device.id)
      .execute();
    expect(linePanel(await show()).lineChartItems![0]!.device.title).toBe('Omdöpt spjut');
    await w.db
      .updateTable('sensors')
      .set({ name: 'Marktemperatur' })
      .where('id', '=', item.sensor.id)
      .execute();
    expect(linePanel(await show()).lineChartItems![0]!.sensor.name).toBe('Marktemperatur');
    await w.db.updateTable('line_chart_items').set({ color: '#123456' }).where('id', '=', item.id).execute();
    expect(linePanel(await show()).lineChartItems![0]!.color).toBe('#123456');
    await w.db
      .updateTable('users')
      .set({ name: 'Anna Omdöpt' })
      .where('email', '=', 'anna@matnat.se')
      .execute();
    expect((await show()).user.name).toBe('Anna Omdöpt');
    const single = (await show()).panels.find((p) => p.singleValueItem);
    expect(single).toBeDefined();
    await w.db.deleteFrom('single_value_items').where('id', '=', single!.singleValueItem!.id).execute();
    expect((await show()).panels.find((p) => p.id === single!.id)!.singleValueItem).toBeNull();
  });

  it('an answer read by its owner is never handed to another user (404), an admin reads it', async () => {
    await show();
    expect((await w.erik.get(`/api/v1/dashboard/${id}/?include=${INCLUDES}`)).statusCode).toBe(404);
    expect((await w.admin.get(`/api/v1/dashboard/${id}/?include=${INCLUDES}`)).statusCode).toBe(200);
  });
});
