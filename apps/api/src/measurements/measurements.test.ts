import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annasNewSensor, createWorldApp, type WorldApp } from '../seed/fixture.js';
import { random } from '../seed/world.js';
import { startSimulator } from '../simulator.js';
import { testDialects } from '../test/harness.js';
import { queryBuckets } from './query.js';
import { insertMeasurements, latestReading, type Reading } from './store.js';

const dialects = await testDialects();
const H = 3_600_000;
const D = 24 * H;

describe.each(dialects)('measurements (%s)', (dialect) => {
  let w: WorldApp;
  let sensor: number;
  // Minute readings over 20 days with gaps, ending on a ragged minute.
  const end = Date.UTC(2026, 2, 31, 17, 23);
  const start = end - 20 * D;
  beforeAll(async () => {
    w = await createWorldApp(dialect);
    sensor = await annasNewSensor(w, 'eui-bench');
    const rand = random(42);
    const readings: Reading[] = [];
    for (let ts = start; ts < end; ts += 60_000) {
      if (rand() < 0.1) continue;
      readings.push({
        sensor_id: sensor,
        ts,
        value: Math.round((10 + 8 * Math.sin(ts / 3e6) + rand()) * 100) / 100,
      });
    }
    readings.push({ sensor_id: sensor, ts: start + 3 * D + 17 * 60_000, value: 99.5 });
    readings.push({ sensor_id: sensor, ts: start + 9 * D + 41 * 60_000, value: -40.25 });
    await insertMeasurements(w.db, readings);
  });
  afterAll(async () => {
    await w?.close();
  });

  it('answers from the rollups agree with answers from the raw rows', async () => {
    const cases = [
      { from: start - 5 * H, to: end + H, interval: 60_000, max: 400 },
      { from: start + 7 * 60_000, to: end - 13 * 60_000, interval: 3 * H, max: 5000 },
      { from: start + 2 * D + 17 * 60_000, to: start + 9 * D + 3 * H, interval: 12 * H, max: 1000 },
      { from: start, to: end, interval: 60_000, max: 7 },
      { from: start + 30 * 60_000, to: start + 4 * D, interval: H, max: 50 },
    ];
    for (const c of cases) {
      const q = { from: c.from, to: c.to, intervalMs: c.interval, maxPoints: c.max };
      const fast = await queryBuckets(w.db, sensor, q);
      const raw = await queryBuckets(w.db, sensor, { ...q, rawOnly: true });
      expect(fast.bucket_ms).toBeGreaterThanOrEqual(H);
      expect(fast.buckets.length).toBe(raw.buckets.length);
      fast.buckets.forEach((b, i) => {
        const r = raw.buckets[i]!;
        expect(b.t).toBe(r.t);
        expect(b.count).toBe(r.count);
        expect(b.min).toBe(r.min);
        expect(b.max).toBe(r.max);
        expect(b.last).toBe(r.last);
        expect(b.avg).toBeCloseTo(r.avg, 9);
      });
    }
  });

  it('never more than max_points buckets, and every bucket keeps its peaks (min and max)', async () => {
    for (const maxPoints of [1, 3, 10, 100, 1000]) {
      const series = await queryBuckets(w.db, sensor, {
        from: start,
        to: end,
        intervalMs: 60_000,
        maxPoints,
      });
      expect(series.buckets.length).toBeLessThanOrEqual(maxPoints);
      expect(Math.max(...series.buckets.map((b) => b.max))).toBe(99.5);
      expect(Math.min(...series.buckets.map((b) => b.min))).toBe(-40.25);
      expect(series.buckets.reduce((n, b) => n + b.count, 0)).toBe(
        (
          await queryBuckets(w.db, sensor, { from: start, to: end, intervalMs: D, maxPoints: 5000 })
        ).buckets.reduce((n, b) => n + b.count, 0),
      );
    }
  });

  it('DST: the Stockholm day of the spring switch (29 March 2026) has 23 hourly buckets', async () => {
    const from = Date.parse('2026-03-28T23:00:00Z');
    const to = Date.parse('2026-03-29T22:00:00Z');
    const series = await queryBuckets(w.db, sensor, { from, to, intervalMs: H, maxPoints: 1000 });
    expect(series.bucket_ms).toBe(H);
    expect(series.buckets.map((b) => b.t)).toEqual(Array.from({ length: 23 }, (_, i) => from + i * H));
  });

  it('a re-delivered reading replaces the value and is not counted twice', async () => {
    const ts = start + 5 * D;
    const before = await queryBuckets(w.db, sensor, { from: ts, to: ts + D, intervalMs: D, maxPoints: 10 });
    await insertMeasurements(w.db, [{ sensor_id: sensor, ts, value: 55.5 }]);
    await insertMeasurements(w.db, [{ sensor_id: sensor, ts, value: 55.5 }]);
    const after = await queryBuckets(w.db, sensor, { from: ts, to: ts + D, intervalMs: D, maxPoints: 10 });
    const count = (s: typeof before) => s.buckets.reduce((n, b) => n + b.count, 0);
    expect(count(after) - count(before)).toBeLessThanOrEqual(1);
    expect(Math.max(...after.buckets.map((b) => b.max))).toBe(55.5);
  });

  it('nothing half-written: a batch with a bad row stores none of its readings', async () => {
    const batch: Reading[] = Array.from({ length: 2500 }, (_, i) => ({
      sensor_id: sensor,
      ts: end + D + i * 1000,
      value: 1,
    }));
    batch[2499] = { sensor_id: sensor, ts: end + 2 * D, value: null as unknown as number };
    await expect(insertMeasurements(w.db, batch)).rejects.toThrow();
    const series = await queryBuckets(w.db, sensor, {
      from: end + D,
      to: end + 3 * D,
      intervalMs: D,
      maxPoints: 10,
    });
    expect(series.buckets).toEqual([]);
  });

  it('GET /api/v1/sensor/{id}/measurements with from/to and max_points answers the contract shape', async () => {
    const res = await w.anna.get(
      `/api/v1/sensor/${sensor}/measurements?from=${new Date(start).toISOString()}&to=${new Date(end).toISOString()}&interval_slug=1_m&max_points=100`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body).toMatchObject({
      sensor_id: sensor,
      from: new Date(start).toISOString(),
      to: new Date(end).toISOString(),
    });
    expect(body.buckets.length).toBeLessThanOrEqual(100);
    expect(Object.keys(body.buckets[0]).sort()).toEqual(['avg', 'count', 'last', 'max', 'min', 't']);
  });

  it('spec §4 "Default filter: range prev_5_days, interval 15_m": range_slug + interval_slug resolve from now', async () => {
    const malmo = await w.ids.sensor('Temperaturspjut Malmö 1', 'temperature');
    const res = await w.erik.get(`/api/v1/sensor/${malmo}/measurements`);
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(5 * D);
    expect(body.bucket_ms).toBe(15 * 60_000);
    expect(body.buckets.length).toBeGreaterThan(20);
    const week = (
      await w.erik.get(`/api/v1/sensor/${malmo}/measurements?range_slug=this_week&interval_slug=1_h`)
    ).json().data;
    expect(new Date(week.from).getUTCDay()).toBe(0); // Monday 00:00 Stockholm is Sunday 22:00/23:00 UTC
  });

  it('measurements: bad query values are 422; another team’s sensor is 404; guests 401', async () => {
    expect((await w.anna.get(`/api/v1/sensor/${sensor}/measurements?max_points=5001`)).statusCode).toBe(422);
    expect(
      (await w.anna.get(`/api/v1/sensor/${sensor}/measurements?range_slug=prev_2_years`)).statusCode,
    ).toBe(422);
    expect(
      (
        await w.anna.get(
          `/api/v1/sensor/${sensor}/measurements?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z`,
        )
      ).statusCode,
    ).toBe(422);
    expect((await w.erik.get(`/api/v1/sensor/${sensor}/measurements`)).statusCode).toBe(404);
    expect((await w.client().get(`/api/v1/sensor/${sensor}/measurements`)).statusCode).toBe(401);
  });

  it("GET /api/v1/sensor/{id}/latest answers the newest reading with the sensor's unit and its device's expected interval (issue 21: stale values)", async () => {
    const res = await w.anna.get(`/api/v1/sensor/${sensor}/latest`);
    expect(res.statusCode).toBe(200);
    const latest = await latestReading(w.db, sensor);
    const { unit, device_id } = await w.db
      .selectFrom('sensors')
      .select(['unit', 'device_id'])
      .where('id', '=', sensor)
      .executeTakeFirstOrThrow();
    // The default interval, then the device's own.
    expect(res.json().data).toEqual({ ...latest, unit, expected_interval_s: 3600 });
    await w.db.updateTable('devices').set({ expected_interval_s: 900 }).where('id', '=', device_id).execute();
    expect((await w.anna.get(`/api/v1/sensor/${sensor}/latest`)).json().data.expected_interval_s).toBe(900);
    expect(Date.parse(res.json().data.measured_at)).toBeLessThan(end);
    expect((await w.erik.get(`/api/v1/sensor/${sensor}/latest`)).statusCode).toBe(404);
  });

  it('the simulator adds a reading per sensor each round while it runs, and stops', async () => {
    let clock = Date.now() + 10 * D;
    const stop = startSimulator(w.db, w.app.ingest.queue, { intervalMs: 20, now: () => (clock += 60_000) });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await stop();
    // Every sensor of the demo's simulated devices (not the one a test adds to anna's device).
    const sensors = await w.db
      .selectFrom('sensors')
      .innerJoin('devices', 'devices.id', 'sensors.device_id')
      .select('sensors.id')
      .where('devices.simulated', '=', 1)
      .execute();
    const newer = await w.db
      .selectFrom('measurements')
      .select('sensor_id')
      .where('ts', '>', Date.now() + 9 * D)
      .groupBy('sensor_id')
      .execute();
    expect(newer.length).toBe(sensors.length);
    const count = await w.db
      .selectFrom('measurements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    await new Promise((resolve) => setTimeout(resolve, 60));
    const later = await w.db
      .selectFrom('measurements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(later?.n)).toBe(Number(count?.n));
  });
});
