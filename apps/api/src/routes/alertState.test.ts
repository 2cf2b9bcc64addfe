import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annasNewSensor, createWorldApp, type WorldApp } from '../seed/fixture.js';
import { testDialects } from '../test/harness.js';
import { ingestReadings } from '../test/ingest.js';

const dialects = await testDialects();

describe.each(dialects)('issue 11: alert state, acknowledge, mute, history over HTTP (%s)', (dialect) => {
  let w: WorldApp;
  let sensor: number;
  let alertId: number;
  beforeAll(async () => {
    w = await createWorldApp(dialect);
    sensor = await annasNewSensor(w, 'ALERTSTATE0001');
  });
  afterAll(async () => {
    await w?.close();
  });

  /** Readings through the ingestion queue, as every reading gets in; waits for their evaluation. */
  const ingest = async (...values: number[]) => {
    const now = Date.now();
    await ingestReadings(
      w.app,
      values.map((value, i) => ({ sensor_id: sensor, ts: now - (values.length - i) * 1000, value })),
    );
    await w.app.alerts.idle();
  };

  it('creates an alert with hysteresis, silence and re-notify settings; the list shows its state', async () => {
    const created = await w.anna.post('/api/v1/alert', {
      name: 'Värme i förrådet',
      no_data_minutes: 60,
      renotify_minutes: 30,
      conditions: [{ sensor_id: sensor, operator: '>', threshold: 25, clear_threshold: 23 }],
    });
    expect(created.statusCode).toBe(201);
    alertId = created.json().data.id;
    expect(created.json().data).toMatchObject({
      no_data_minutes: 60,
      renotify_minutes: 30,
      muted_until: null,
      state: 'ok',
      conditions: [{ sensor_id: sensor, operator: '>', threshold: 25, clear_threshold: 23 }],
    });
  });

  it('422 in Swedish: a clear threshold on the wrong side, minutes out of range', async () => {
    const res = await w.anna.post('/api/v1/alert', {
      name: 'Fel',
      no_data_minutes: 0,
      conditions: [{ sensor_id: sensor, operator: '>', threshold: 25, clear_threshold: 27 }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['conditions.0.clear_threshold'][0]).toContain('Återställningsvärdet');
    expect(res.json().errors.no_data_minutes[0]).toBe('Inga data i minuter måste vara minst 1.');
    const low = await w.anna.post('/api/v1/alert', {
      name: 'Fel',
      conditions: [{ sensor_id: sensor, operator: '<', threshold: 0, clear_threshold: -1 }],
    });
    expect(low.statusCode).toBe(422);
    const mute = await w.anna.post(`/api/v1/alert/${alertId}/mute`, { minutes: -1 });
    expect(mute.statusCode).toBe(422);
    expect(mute.json().errors.minutes[0]).toBe('Minuter måste vara minst 0.');
  });

  it('acknowledging an alert that is not firing is a 422 form error', async () => {
    const res = await w.anna.post(`/api/v1/alert/${alertId}/acknowledge`, { comment: 'ok' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.state[0]).toBe('Notisen larmar inte just nu, så det finns inget att kvittera.');
  });

  it('a reading over the threshold through ingestion fires it: state, bell notification with alert_id, mail', async () => {
    const mailsBefore = w.app.mailer.sent.length;
    await ingest(26.5);
    const state = (await w.anna.get(`/api/v1/alert/${alertId}/state`)).json().data;
    expect(state).toMatchObject({
      alert_id: alertId,
      state: 'firing',
      sensors: [{ sensor_id: sensor, kind: 'value', state: 'firing', value: 26.5, episode: 1 }],
    });
    const bell = (await w.anna.get('/api/v1/notification?filter[unread]=1')).json().data;
    expect(bell[0]).toMatchObject({ level: 'warn', title: 'Larm: Värme i förrådet', alert_id: alertId });
    expect(bell[0].body).toMatch(
      /^Mätspjut \(Temperatur\) mätte 26,5 °C den \d+ \w+ \d{4} kl\. \d\d:\d\d\.$/,
    );
    await w.app.background.idle();
    expect(w.app.mailer.sent.slice(mailsBefore).map((m) => m.to)).toContain('anna@matnat.se');
    const list = (await w.anna.get('/api/v1/alert')).json().data;
    expect(list.find((a: { id: number }) => a.id === alertId)).toMatchObject({ state: 'firing' });
    expect((await w.anna.get(`/api/v1/alert/${alertId}`)).json().data.last_triggered_at).not.toBeNull();
  });

  it('another team cannot see, acknowledge or mute it (404)', async () => {
    expect((await w.erik.get(`/api/v1/alert/${alertId}/state`)).statusCode).toBe(404);
    expect((await w.erik.get(`/api/v1/alert/${alertId}/history`)).statusCode).toBe(404);
    expect((await w.erik.post(`/api/v1/alert/${alertId}/acknowledge`, {})).statusCode).toBe(404);
    expect((await w.erik.post(`/api/v1/alert/${alertId}/mute`, { minutes: 5 })).statusCode).toBe(404);
  });

  it('acknowledge with a comment records who; the history lists the episode newest first', async () => {
    const res = await w.anna.post(`/api/v1/alert/${alertId}/acknowledge`, { comment: 'Dörren stängd' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.sensors[0]).toMatchObject({
      state: 'acknowledged',
      acknowledged_by: w.accounts.anna.id,
      comment: 'Dörren stängd',
    });
    await ingest(24); // inside the hysteresis band: still acknowledged
    await ingest(22.5);
    const history = (await w.anna.get(`/api/v1/alert/${alertId}/history`)).json().data;
    expect(history.map((h: { event: string }) => h.event)).toEqual(['resolved', 'acknowledged', 'firing']);
    expect(history[1]).toMatchObject({ user_id: w.accounts.anna.id, comment: 'Dörren stängd', episode: 1 });
    const bell = (await w.anna.get('/api/v1/notification')).json().data;
    expect(bell[0]).toMatchObject({ level: 'success', title: 'Åter normalt: Värme i förrådet' });
  });

  it('mute for a period silences the bell, 0 unmutes', async () => {
    const muted = await w.anna.post(`/api/v1/alert/${alertId}/mute`, { minutes: 120 });
    expect(muted.statusCode).toBe(200);
    const until = Date.parse(muted.json().data.muted_until);
    expect(until - Date.now()).toBeGreaterThan(119 * 60_000);
    const before = (await w.anna.get('/api/v1/notification')).json().data.length;
    await ingest(30);
    expect((await w.anna.get(`/api/v1/alert/${alertId}/state`)).json().data.state).toBe('firing');
    expect((await w.anna.get('/api/v1/notification')).json().data.length).toBe(before);
    const unmuted = await w.anna.post(`/api/v1/alert/${alertId}/mute`, { minutes: 0 });
    expect(unmuted.json().data.muted_until).toBeNull();
  });

  it('replacing the conditions keeps the alert working; deleting it removes state and history', async () => {
    const patched = await w.anna.patch(`/api/v1/alert/${alertId}`, {
      conditions: [{ sensor_id: sensor, operator: '>', threshold: 40 }],
      no_data_minutes: null,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data.no_data_minutes).toBeNull();
    expect((await w.anna.delete(`/api/v1/alert/${alertId}`)).statusCode).toBe(204);
    const left = await w.db
      .selectFrom('alert_history')
      .select('id')
      .where('alert_id', '=', alertId)
      .execute();
    expect(left).toEqual([]);
  });
});
