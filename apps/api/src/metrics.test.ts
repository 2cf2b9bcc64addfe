import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegration } from './ingest/credentials.js';
import { createTestApp, type TestApp, testDialects } from './test/harness.js';
import { ingestReadings } from './test/ingest.js';
import { ttsUplink } from './test/lorawan.js';
import { type Broker, ownBroker, waitFor } from './test/processes.js';

const dialects = await testDialects();
const SECRET = 'mtn_int_metrics_test_secret';

/** One sample of a scrape: `name{labels} value` (labels as written, in order). */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe.each(dialects)('metrics and readiness (%s) (issue 23 point 4)', (dialect) => {
  const dir = mkdtempSync(join(tmpdir(), 'matnat-metrics-'));
  let broker: Broker;
  let t: TestApp;
  let pub: MqttClient;
  const topic = `v3/metrics-${dialect}/devices/x/up`;

  beforeAll(async () => {
    broker = await ownBroker(join(dir, 'broker'));
    t = await createTestApp({
      dialect,
      config: {
        mqtt: {
          url: broker.url,
          topics: [`v3/metrics-${dialect}/devices/+/up`],
          sharedGroup: 'matnat',
          clientId: `matnat-metrics-${dialect}`,
          sessionExpirySeconds: 600,
          keepaliveSeconds: 60,
          integrationId: null,
          username: null,
          password: null,
        },
      },
    });
    await createIntegration(t.db, { kind: 'http', name: 'Metrics', teamId: null, createdBy: null }, SECRET);
    pub = await mqtt.connectAsync(broker.url, { protocolVersion: 5, clientId: `pub-metrics-${dialect}` });
  });
  afterAll(async () => {
    await pub?.endAsync();
    await t?.close();
    await broker?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const scrape = async () => {
    const response = await t.client().get('/metrics');
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('readings received, committed and duplicates; the queue depth; database query time', async () => {
    const before = await scrape();
    const readings = Array.from({ length: 5 }, (_, i) => ({
      sensor: 'temperature',
      ts: Date.UTC(2026, 0, 1) + i * 1000,
      value: i,
    }));
    for (let round = 0; round < 2; round++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/ingest',
        headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ device: 'METRICS000000001', readings }),
      });
      expect(response.statusCode).toBe(200);
    }
    const after = await scrape();
    const delta = (name: string) => (sample(after, name) ?? 0) - (sample(before, name) ?? 0);
    expect({
      received: delta('matnat_readings_received_total'),
      committed: delta('matnat_readings_committed_total'),
      duplicates: delta('matnat_readings_duplicates_total'),
    }).toEqual({ received: 10, committed: 5, duplicates: 5 });
    expect(sample(after, 'matnat_ingest_queue_depth')).toBe(0);
    expect(sample(after, 'matnat_db_query_duration_seconds_count', 'outcome="ok"')).toBeGreaterThan(10);
  });

  it('requests by method, route pattern (not the raw path) and status, with their latency', async () => {
    const anna = await t.loginAs('anna@matnat.se');
    expect((await anna.get('/api/v1/device/2147483000')).statusCode).toBe(404);
    const text = await scrape();
    const labels = 'method="GET",route="/api/v1/device/:id",status="404"';
    expect(sample(text, 'matnat_http_requests_total', labels)).toBe(1);
    expect(sample(text, 'matnat_http_request_duration_seconds_count', labels)).toBe(1);
    expect(sample(text, 'matnat_http_request_duration_seconds_bucket', `le="10",${labels}`)).toBe(1);
  });

  it('alert evaluations and firings', async () => {
    const at = new Date().toISOString();
    const team = await t.db
      .selectFrom('teams')
      .select('id')
      .where('name', '=', 'Skogsbruk Norr')
      .executeTakeFirstOrThrow();
    const device = await t.db
      .insertInto('devices')
      .values({ title: 'Mätspjut', external_device_id: 'METRICSALERT0001', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('device_team').values({ device_id: device.id, team_id: team.id }).execute();
    const sensor = await t.db
      .insertInto('sensors')
      .values({ device_id: device.id, type: 'temperature', name: 'Temperatur', unit: '°C', created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const anna = await t.loginAs('anna@matnat.se');
    const alert = await anna.post('/api/v1/alert', {
      name: 'För varmt',
      conditions: [{ sensor_id: sensor.id, operator: '>', threshold: 30 }],
    });
    expect(alert.statusCode).toBe(201);
    const before = await scrape();
    await ingestReadings(t.app, [{ sensor_id: sensor.id, ts: Date.now(), value: 35 }]);
    await t.app.alerts.idle();
    const after = await scrape();
    const evaluations = (text: string) =>
      sample(text, 'matnat_alert_evaluations_total', 'trigger="readings"') ?? 0;
    expect(evaluations(after)).toBeGreaterThan(evaluations(before));
    expect(
      (sample(after, 'matnat_alert_firings_total') ?? 0) -
        (sample(before, 'matnat_alert_firings_total') ?? 0),
    ).toBe(1);
  });

  it('open SSE streams, and how long a reading took to write to them (issue 28)', async () => {
    const sensor = await t.db.selectFrom('sensors').select('id').executeTakeFirstOrThrow();
    const admin = await t.loginAs('admin@matnat.se');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const abort = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/stream?sensor_ids=${sensor.id}`, {
      headers: { cookie: [...admin.cookies].map(([n, v]) => `${n}=${v}`).join('; ') },
      signal: abort.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    expect(sample(await scrape(), 'matnat_sse_streams')).toBe(1);
    const fanouts = () => scrape().then((text) => sample(text, 'matnat_sse_fanout_seconds_count') ?? 0);
    const before = await fanouts();
    await ingestReadings(t.app, [{ sensor_id: sensor.id, ts: Date.now(), value: 3.5 }]);
    let seen = '';
    while (!seen.includes('3.5')) seen += new TextDecoder().decode((await reader.read()).value);
    expect((await fanouts()) - before).toBe(1);
    expect(await scrape()).toMatch(/^matnat_sse_fanout_seconds_bucket\{le="0\.1"\} \d+$/m);
    abort.abort();
    await waitFor(async () => sample(await scrape(), 'matnat_sse_streams') === 0, 'the stream to close');
  });

  it('MQTT: connected, and backlog and unacknowledged messages back to 0 once stored and acknowledged', async () => {
    await waitFor(async () => sample(await scrape(), 'matnat_mqtt_connected') === 1, 'the subscriber');
    const before = sample(await scrape(), 'matnat_readings_committed_total') ?? 0;
    let n = 0;
    await waitFor(async () => {
      const body = ttsUplink({
        eui: '3E0000000000B001',
        at: new Date(Date.UTC(2026, 0, 1) + n++ * 1000).toISOString(),
        decoded: { temperature: 1 },
      });
      await pub.publishAsync(topic, JSON.stringify(body), { qos: 1 });
      return (sample(await scrape(), 'matnat_readings_committed_total') ?? 0) > before;
    }, 'a stored MQTT reading');
    // The PUBACKs go out right after the commit: poll rather than race them.
    await waitFor(async () => {
      const text = await scrape();
      return (
        sample(text, 'matnat_mqtt_backlog_messages') === 0 &&
        sample(text, 'matnat_mqtt_unacknowledged_messages') === 0
      );
    }, 'every message stored and acknowledged');
  });

  it('/api/ready: ready; 503 naming a migration not run, or a broker away, or a server shutting down', async () => {
    const ready = await t.client().get('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', broker: 'ok' },
    });
    const last = (await t.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .orderBy('name' as never, 'desc')
      .executeTakeFirstOrThrow()) as { name: string };
    await t.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', last.name as never)
      .execute();
    try {
      const pending = await t.client().get('/api/ready');
      expect(pending.statusCode).toBe(503);
      expect(pending.json().checks.migrations).toBe(`pending: ${last.name}`);
    } finally {
      await t.db
        .insertInto('kysely_migration' as never)
        .values({ name: last.name, timestamp: new Date().toISOString() } as never)
        .execute();
    }
    await broker.stop();
    await waitFor(
      async () => (await t.client().get('/api/ready')).json().checks.broker === 'disconnected',
      'the broker away',
    );
    await broker.start();
    t.app.draining = true;
    const draining = await t.client().get('/api/ready');
    expect(draining.statusCode).toBe(503);
    expect(draining.json().checks.server).toBe('shutting down');
    expect((await t.client().get('/api/health')).statusCode).toBe(200);
  });
});
