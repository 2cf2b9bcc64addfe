import { SensorAlertPeriods } from '@matnat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annasNewSensor, createWorldApp, type WorldApp } from '../seed/fixture.js';
import { createEmbedToken, PARTNER } from '../test/embed.js';
import { testDialects } from '../test/harness.js';
import { ingestReadings } from '../test/ingest.js';

const dialects = await testDialects();
const MINUTE = 60_000;

describe.each(dialects)('issue 21 point 2: the alert periods of a sensor (%s)', (dialect) => {
  let w: WorldApp;
  let sensor: number;
  let device: number;
  let alertId: number;
  const start = Date.now() - 60 * MINUTE;
  const at = (minutes: number) => start + minutes * MINUTE;
  const iso = (minutes: number) => new Date(at(minutes)).toISOString();

  /** Readings at the given minutes after `start`, through the ingestion queue; waits for the evaluation. */
  const ingest = async (readings: [number, number][]) => {
    for (const [minute, value] of readings) {
      await ingestReadings(w.app, [{ sensor_id: sensor, ts: at(minute), value }]);
      await w.app.alerts.idle();
    }
  };
  const periodsOf = async (query = 'range_slug=prev_3_h', client = w.anna, headers = {}) => {
    const res = await client.get(`/api/v1/sensor/${sensor}/alert-periods?${query}`, { headers });
    expect(res.statusCode, res.body).toBe(200);
    return SensorAlertPeriods.parse(res.json().data);
  };

  beforeAll(async () => {
    w = await createWorldApp(dialect);
    sensor = await annasNewSensor(w, 'ALERTPERIODS01');
    device = (
      await w.db.selectFrom('sensors').select('device_id').where('id', '=', sensor).executeTakeFirstOrThrow()
    ).device_id;
    const created = await w.anna.post('/api/v1/alert', {
      name: 'Värme i förrådet',
      conditions: [{ sensor_id: sensor, operator: '>', threshold: 25, clear_threshold: 23 }],
    });
    alertId = created.json().data.id;
    // A kind condition on the same device: watches the sensor too.
    await w.anna.post('/api/v1/alert', {
      name: 'Kyla',
      conditions: [{ device_id: device, sensor_key: 'temperature', operator: '<', threshold: -5 }],
    });
    // Fires at minute 10, resolves at 20 (below the clear threshold), fires again at 40 and lasts.
    await ingest([
      [0, 20],
      [10, 26],
      [15, 24],
      [20, 22],
      [40, 27],
    ]);
  });
  afterAll(async () => {
    await w?.close();
  });

  it('names every alert watching the sensor (by sensor and by kind) with its limits, and its firing periods', async () => {
    const answer = await periodsOf();
    expect(answer.sensor_id).toBe(sensor);
    expect(answer.alerts).toEqual([
      {
        alert_id: alertId,
        name: 'Värme i förrådet',
        limits: [{ operator: '>', threshold: 25, clear_threshold: 23 }],
        periods: [
          { from: iso(10), to: iso(20) },
          { from: iso(40), to: null },
        ],
      },
      {
        alert_id: expect.any(Number),
        name: 'Kyla',
        limits: [{ operator: '<', threshold: -5, clear_threshold: null }],
        periods: [],
      },
    ]);
  });

  it('keeps to the range: a window after the first period holds only the second; one inside a period holds it', async () => {
    const later = await periodsOf(`from=${iso(25)}&to=${iso(50)}`);
    expect(later.alerts[0]?.periods).toEqual([{ from: iso(40), to: null }]);
    const inside = await periodsOf(`from=${iso(12)}&to=${iso(14)}`);
    expect(inside.alerts[0]?.periods).toEqual([{ from: iso(10), to: iso(20) }]);
    const before = await periodsOf(`from=${iso(-30)}&to=${iso(5)}`);
    expect(before.alerts[0]?.periods).toEqual([]);
    expect(before.from).toBe(iso(-30));
  });

  it('is team-scoped: another team reads neither the sensor nor its alerts (404); an admin sees them', async () => {
    expect((await w.erik.get(`/api/v1/sensor/${sensor}/alert-periods`)).statusCode).toBe(404);
    expect((await periodsOf(undefined, w.admin)).alerts).toHaveLength(2);
    expect((await w.client().get(`/api/v1/sensor/${sensor}/alert-periods`)).statusCode).toBe(401);
  });

  it('is embed-token-scoped like readings: a token naming the device reads them, one naming another does not', async () => {
    const { token } = await createEmbedToken(w.anna, [`device:${device}`]);
    const headers = { authorization: `Bearer ${token}`, origin: PARTNER };
    expect((await periodsOf(undefined, w.client(), headers)).alerts[0]?.periods).toHaveLength(2);
    const other = await createEmbedToken(w.anna, ['public-map']);
    const res = await w.client().get(`/api/v1/sensor/${sensor}/alert-periods`, {
      headers: { authorization: `Bearer ${other.token}`, origin: PARTNER },
    });
    expect(res.statusCode).toBe(404);
  });

  it('a disabled alert is not drawn', async () => {
    expect((await w.anna.patch(`/api/v1/alert/${alertId}`, { is_enabled: false })).statusCode).toBe(200);
    expect((await periodsOf()).alerts.map((a) => a.name)).toEqual(['Kyla']);
    await w.anna.patch(`/api/v1/alert/${alertId}`, { is_enabled: true });
  });

  it('Bad input: from after till, a window over the longest preset, half a window: 422 with Swedish field errors', async () => {
    const ask = (query: string) => w.anna.get(`/api/v1/sensor/${sensor}/alert-periods?${query}`);
    const backwards = await ask(`from=${iso(20)}&to=${iso(10)}`);
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ to: ['Från måste ligga före Till.'] });
    const long = await ask('from=2024-01-01T00:00:00Z&to=2025-01-01T00:00:01Z');
    expect(long.json().errors.to[0]).toContain('högst ett år');
    const half = await ask(`from=${iso(0)}`);
    expect(half.statusCode).toBe(422);
    expect(half.json().errors.range_slug[0]).toBe('Ange antingen en tidsperiod eller både Från och Till.');
    expect((await ask('range_slug=prev_2_years')).statusCode).toBe(422);
  });
});
