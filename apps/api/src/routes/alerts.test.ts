import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeReadings } from '../measurements/store.js';
import { createWorldApp, type WorldApp } from '../seed/fixture.js';
import { testDialects } from '../test/harness.js';

const dialects = await testDialects();

describe.each(dialects)('alerts and notifications (%s)', (dialect) => {
  let w: WorldApp;
  beforeAll(async () => {
    w = await createWorldApp(dialect);
  });
  afterAll(async () => {
    await w?.close();
  });

  it('spec §7: GET /api/v1/alert?include=conditionsCount&sort=name lists the team’s alerts by name with conditions_count', async () => {
    const res = await w.erik.get('/api/v1/alert?include=conditionsCount&sort=name');
    expect(res.statusCode).toBe(200);
    expect(
      res.json().data.map((a: { name: string; conditions_count: number }) => [a.name, a.conditions_count]),
    ).toEqual([
      ['Hög luftfuktighet i växthuset', 1],
      ['Värmebölja Skåne', 3],
    ]);
    const desc = (await w.erik.get('/api/v1/alert?sort=-name')).json().data;
    expect(desc[0].name).toBe('Värmebölja Skåne');
    expect((await w.erik.get('/api/v1/alert?include=owner')).statusCode).toBe(400);
  });

  it('CRUD: create with conditions, read, replace the conditions, delete', async () => {
    const sensor = await w.ids.sensor('Temperaturspjut Lund 1', 'temperature');
    const created = await w.erik.post('/api/v1/alert', {
      name: 'Frost i Lund',
      conditions: [{ sensor_id: sensor, operator: '<', threshold: 0 }],
    });
    expect(created.statusCode).toBe(201);
    const alert = created.json().data;
    expect(alert).toMatchObject({ name: 'Frost i Lund', is_enabled: true, conditions_count: 1 });
    expect(alert.conditions[0]).toMatchObject({
      sensor_id: sensor,
      operator: '<',
      threshold: 0,
      duration_s: 0,
    });
    const shown = await w.erik.get(`/api/v1/alert/${alert.id}?include=conditions,device`);
    expect(shown.json().data.conditions).toHaveLength(1);
    const patched = await w.erik.patch(`/api/v1/alert/${alert.id}`, {
      is_enabled: false,
      conditions: [
        { sensor_id: sensor, operator: '<', threshold: -2, duration_s: 600 },
        { sensor_id: sensor, operator: '>', threshold: 30 },
      ],
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ is_enabled: false, conditions_count: 2 });
    expect((await w.erik.delete(`/api/v1/alert/${alert.id}`)).statusCode).toBe(204);
    expect((await w.erik.get(`/api/v1/alert/${alert.id}`)).statusCode).toBe(404);
  });

  it('422: no conditions, a bad operator, or another team’s sensor', async () => {
    const none = await w.erik.post('/api/v1/alert', { name: 'Tom', conditions: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.conditions).toBeDefined();
    const sensor = await w.ids.sensor('Temperaturspjut Lund 1', 'temperature');
    const op = await w.erik.post('/api/v1/alert', {
      name: 'X',
      conditions: [{ sensor_id: sensor, operator: '!=', threshold: 1 }],
    });
    expect(op.statusCode).toBe(422);
    const foreign = await w.erik.post('/api/v1/alert', {
      name: 'Spion',
      conditions: [
        {
          sensor_id: await w.ids.sensor('Temperaturspjut Abisko 1', 'temperature'),
          operator: '<',
          threshold: 0,
        },
      ],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors['conditions.0.sensor_id']).toBeDefined();
  });

  /** A temperature sensor on the device: keyless (by hand) or with the payload key ingestion gives. */
  const addSensor = async (deviceId: number, key: string | null) =>
    (
      await w.db
        .insertInto('sensors')
        .values({
          device_id: deviceId,
          type: 'temperature',
          name: 'Temperatur 2',
          unit: '°C',
          key,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  it('issue 11: a condition on every temperature sensor of a device fires for each, also for one created after the alert', async () => {
    const device = await w.ids.device('Temperaturspjut Lund 1');
    const first = await w.ids.sensor('Temperaturspjut Lund 1', 'temperature');
    const second = await addSensor(device, null);
    const created = await w.erik.post('/api/v1/alert', {
      name: 'Het Lund',
      conditions: [{ device_id: device, sensor_key: 'Temperature', operator: '>', threshold: 90 }],
    });
    expect(created.statusCode).toBe(201);
    const alert = created.json().data;
    expect(alert.conditions).toEqual([
      expect.objectContaining({ sensor_id: null, device_id: device, sensor_key: 'temperature' }),
    ]);
    // The evaluator has loaded the alert (and trusts it for 5 s) before ingestion creates a sensor.
    await w.app.alerts.refresh();
    expect(w.app.alerts.watching(second).some((a) => a.id === alert.id)).toBe(true);
    const later = await addSensor(device, 'temperature');
    const at = Date.now();
    const readings = [first, second, later].map((sensor_id) => ({ sensor_id, ts: at, value: 95 }));
    await writeReadings(w.db, readings);
    await w.app.alerts.onReadings(readings);
    const firing = await w.db
      .selectFrom('alert_history')
      .select('sensor_id')
      .where('alert_id', '=', alert.id)
      .where('event', '=', 'firing')
      .orderBy('sensor_id')
      .execute();
    expect(firing.map((h) => h.sensor_id)).toEqual([first, second, later].sort((a, b) => a - b));
    const state = (await w.erik.get(`/api/v1/alert/${alert.id}/state`)).json().data;
    expect(state.sensors.map((s: { state: string }) => s.state)).toEqual(['firing', 'firing', 'firing']);
    // The battery of the device, another kind, is not watched.
    const battery = await w.ids.sensor('Temperaturspjut Lund 1', 'battery');
    expect(w.app.alerts.watching(battery).some((a) => a.id === alert.id)).toBe(false);
    expect((await w.erik.delete(`/api/v1/alert/${alert.id}`)).statusCode).toBe(204);
  });

  it('issue 11: a kind condition on another team’s device is 422 like another team’s sensor, and nothing is half written', async () => {
    const before = await w.db.selectFrom('alert_conditions').select('id').execute();
    const foreign = await w.erik.post('/api/v1/alert', {
      name: 'Spion',
      conditions: [
        {
          sensor_id: await w.ids.sensor('Temperaturspjut Lund 1', 'temperature'),
          operator: '<',
          threshold: 0,
        },
        {
          device_id: await w.ids.device('Temperaturspjut Abisko 1'),
          sensor_key: 'temperature',
          operator: '<',
          threshold: 0,
        },
      ],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ 'conditions.1.device_id': ['Okänd enhet.'] });
    const both = await w.erik.post('/api/v1/alert', {
      name: 'Dubbel',
      conditions: [{ sensor_id: 1, device_id: 1, sensor_key: 'temperature', operator: '<', threshold: 0 }],
    });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors['conditions.0.sensor_id']).toEqual([
      'Ange antingen en sensor eller en mätenhet och en sensortyp, inte båda.',
    ]);
    const existing = await w.ids.alert('Värmebölja Skåne');
    const patched = await w.erik.patch(`/api/v1/alert/${existing}`, {
      name: 'Ändrad',
      conditions: [
        {
          device_id: await w.ids.device('Temperaturspjut Abisko 1'),
          sensor_key: 'temperature',
          operator: '>',
          threshold: 1,
        },
      ],
    });
    expect(patched.statusCode).toBe(422);
    expect((await w.erik.get(`/api/v1/alert/${existing}`)).json().data).toMatchObject({
      name: 'Värmebölja Skåne',
      conditions: { length: 3 },
    });
    expect(await w.db.selectFrom('alert_conditions').select('id').execute()).toEqual(before);
  });

  it('GET /api/v1/notification lists only the user’s own, newest first; POST …/read marks one read', async () => {
    const res = await w.erik.get('/api/v1/notification');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as {
      id: number;
      title: string;
      read_at: string | null;
      created_at: string;
    }[];
    // The alerts' notifications depend on the seeded readings (issue 11); the welcome is the oldest.
    expect(list.at(-1)!.title).toBe('Välkommen till Mätnät');
    const times = list.map((n) => n.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const unread = (await w.erik.get('/api/v1/notification?filter[unread]=1')).json().data;
    const read = await w.erik.post(`/api/v1/notification/${list[0]!.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.read_at).not.toBeNull();
    expect((await w.erik.get('/api/v1/notification?filter[unread]=1')).json().data).toHaveLength(
      unread.length - 1,
    );
    const annas = (await w.anna.get('/api/v1/notification')).json().data as { id: number }[];
    expect((await w.erik.post(`/api/v1/notification/${annas[0]!.id}/read`)).statusCode).toBe(404);
  });

  it('issue 11: the seeded alert notifications are true of the seeded readings (the evaluator made them)', async () => {
    const notices = await w.db
      .selectFrom('notifications')
      .select(['alert_id', 'body', 'created_at'])
      .where('alert_id', 'is not', null)
      .execute();
    const history = await w.db.selectFrom('alert_history').selectAll().execute();
    for (const n of notices) {
      // Each notice is one of its alert's history entries, at the same instant.
      const entry = history.find((h) => h.alert_id === n.alert_id && h.at === n.created_at);
      expect({ body: n.body, found: entry !== undefined }).toEqual({ body: n.body, found: true });
      // Its value is a stored reading of the sensor, measured by then (a pending time may end on the timer).
      if (entry!.value !== null) {
        const reading = await w.db
          .selectFrom('measurements')
          .select('ts')
          .where('sensor_id', '=', entry!.sensor_id)
          .where('value', '=', Number(entry!.value))
          .where('ts', '<=', Date.parse(entry!.at))
          .executeTakeFirst();
        expect({ body: n.body, stored: reading !== undefined }).toEqual({ body: n.body, stored: true });
      }
    }
    expect(notices.some((n) => n.body.includes('−26,4'))).toBe(false);
  });
});
