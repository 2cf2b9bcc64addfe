import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/harness.js';
import { createWorldApp, type WorldApp } from './fixture.js';

const dialects = await testDialects();

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
    for (const d of devices.filter((d) => d.lat !== null)) {
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
});
