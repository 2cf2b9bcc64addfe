import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../db/database.js';
import type { DB } from '../db/types.js';
import { testDialects } from '../test/harness.js';
import { ttsUplink } from '../test/lorawan.js';
import {
  type Broker,
  ownBroker,
  prepareServerDatabase,
  type ServerProcess,
  signIn,
  startServer,
  waitFor,
} from '../test/processes.js';

const dialects = await testDialects();
const SECRET = 'mtn_int_process_test_secret';

const prepareDatabase = (dialect: Dialect, dir: string) => prepareServerDatabase(dialect, dir, SECRET);

async function storedCount(db: Kysely<DB>, eui: string): Promise<number> {
  const row = await db
    .selectFrom('measurements')
    .innerJoin('sensors', 'sensors.id', 'measurements.sensor_id')
    .innerJoin('devices', 'devices.id', 'sensors.device_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('devices.external_device_id', '=', eui)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Posts batches of readings until stopped, retrying refused batches; keeps the acknowledged ones. */
function httpSender(server: () => ServerProcess) {
  const acknowledged: number[] = [];
  let running = true;
  let next = Date.UTC(2026, 0, 1);
  const loop = (async () => {
    while (running) {
      const readings = Array.from({ length: 50 }, (_, i) => ({
        sensor: 'temperature',
        ts: next + i * 1000,
        value: i % 30,
      }));
      try {
        const response = await fetch(`${server().url}/api/v1/ingest`, {
          method: 'POST',
          headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
          body: JSON.stringify({ device: 'HTTP0000000000001', readings }),
        });
        if (response.ok) {
          acknowledged.push(...readings.map((r) => r.ts));
          next += readings.length * 1000;
        }
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  })();
  return {
    acknowledged,
    async stop() {
      running = false;
      await loop;
    },
  };
}

describe.each(dialects)('ingestion processes (%s)', (dialect) => {
  let dir: string;
  let broker: Broker;
  let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matnat-processes-'));
    broker = await ownBroker(join(dir, 'broker'));
    prepared = await prepareDatabase(dialect, dir);
  });
  afterAll(async () => {
    for (const server of servers) await server.kill('SIGKILL');
    await broker?.stop();
    await prepared?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('issue 10: the server SIGKILLed in the middle of a sustained run: after restart every acknowledged reading is there, and every MQTT message', async () => {
    const env = {
      ...prepared.env,
      MQTT_URL: broker.url,
      MQTT_TOPICS: 'v3/+/devices/+/up',
      MQTT_CLIENT_ID: `matnat-kill-${dialect}`,
    };
    let server = await startServer(env);
    servers.push(server);
    const sender = httpSender(() => server);
    const pub = mqtt.connect(broker.url, { protocolVersion: 5, clientId: `pub-kill-${dialect}` });
    await new Promise((done) => pub.once('connect', done));
    const n = 3000;
    const base = Date.UTC(2026, 1, 1);
    let published = 0;
    const sent: Promise<unknown>[] = [];
    for (let i = 0; i < n; i++) {
      const body = ttsUplink({
        eui: 'A0A0000000000001',
        at: new Date(base + i * 1000).toISOString(),
        decoded: { temperature: i % 25 },
      });
      sent.push(
        pub
          .publishAsync('v3/kill@ttn/devices/k/up', JSON.stringify(body), { qos: 1 })
          .then(() => published++),
      );
      if (i % 100 === 99) await new Promise((r) => setTimeout(r, 20));
      if (i === n / 3) {
        await server.kill('SIGKILL');
        server = await startServer(env);
        servers.push(server);
      }
    }
    await Promise.all(sent);
    await new Promise((r) => setTimeout(r, 300));
    await sender.stop();
    await pub.endAsync();
    expect(published).toBe(n);
    const db = prepared.database.db;
    await waitFor(
      async () => (await storedCount(db, 'A0A0000000000001')) === n,
      'every MQTT message stored',
      30_000,
    );
    expect(sender.acknowledged.length).toBeGreaterThan(0);
    const rows = await db
      .selectFrom('measurements')
      .innerJoin('sensors', 'sensors.id', 'measurements.sensor_id')
      .innerJoin('devices', 'devices.id', 'sensors.device_id')
      .select('measurements.ts')
      .where('devices.external_device_id', '=', 'HTTP0000000000001')
      .execute();
    const have = new Set(rows.map((r) => Number(r.ts)));
    const missing = sender.acknowledged.filter((ts) => !have.has(ts));
    expect({ acknowledged: sender.acknowledged.length, missing: missing.length }).toEqual({
      acknowledged: sender.acknowledged.length,
      missing: 0,
    });
  });
});

// Several API processes share one database only on PostgreSQL (SQLite is one process's file).
describe.each(dialects.filter((d) => d === 'postgres'))('API processes on one database (%s)', (dialect) => {
  let dir: string;
  let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matnat-processes-'));
    prepared = await prepareDatabase(dialect, dir);
  });
  afterAll(async () => {
    for (const server of servers) await server.kill('SIGKILL');
    await prepared?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('issue 10: a reading stored by one API process reaches the SSE stream of another (LISTEN/NOTIFY)', async () => {
    const [a, b] = [await startServer(prepared.env), await startServer(prepared.env)];
    servers.push(a, b);
    const cookie = await signIn(a.url);
    // The sensor exists once the first reading created it.
    const first = await fetch(`${b.url}/api/v1/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({ device: 'SSE0000000000001', readings: [{ sensor: 'temperature', value: 1 }] }),
    });
    expect(first.status).toBe(200);
    const sensor = await prepared.database.db
      .selectFrom('sensors')
      .innerJoin('devices', 'devices.id', 'sensors.device_id')
      .select('sensors.id')
      .where('devices.external_device_id', '=', 'SSE0000000000001')
      .executeTakeFirstOrThrow();
    const controller = new AbortController();
    const stream = await fetch(`${a.url}/api/v1/stream?sensor_ids=${sensor.id}`, {
      headers: { cookie },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = (await reader.read()).value ?? '';
    const sent = await fetch(`${b.url}/api/v1/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        device: 'SSE0000000000001',
        readings: [{ sensor: 'temperature', value: 21.5 }],
      }),
    });
    expect(sent.status).toBe(200);
    while (!text.includes('event: reading')) text += (await reader.read()).value ?? '';
    controller.abort();
    expect(text).toContain(`"sensor_id":${sensor.id}`);
    expect(text).toContain('"value":21.5');
  });
});
