import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttConfig } from '../config.js';
import type { Dialect } from '../db/database.js';
import { createTestApp, type TestApp, testDialects } from '../test/harness.js';
import { ttsUplink } from '../test/lorawan.js';
import { type Broker, ownBroker, waitFor } from '../test/processes.js';

const dialects = await testDialects();
// A window of 2 × 250 messages: the backlogs below are forty times deeper.
const MAX_BATCH = 250;
const WINDOW = 2 * MAX_BATCH;

async function storedOf(t: TestApp, eui: string): Promise<number> {
  const row = await t.db
    .selectFrom('measurements')
    .innerJoin('sensors', 'sensors.id', 'measurements.sensor_id')
    .innerJoin('devices', 'devices.id', 'sensors.device_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('devices.external_device_id', '=', eui)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function publishAll(pub: MqttClient, topic: string, eui: string, n: number): Promise<void> {
  const base = Date.now() - 86_400_000;
  const sent: Promise<unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const body = ttsUplink({
      eui,
      at: new Date(base + i * 1000).toISOString(),
      decoded: { temperature: i % 30 },
    });
    sent.push(pub.publishAsync(topic, JSON.stringify(body), { qos: 1 }));
    if (i % 500 === 499) await new Promise((r) => setTimeout(r, 5));
  }
  await Promise.all(sent);
}

/** The largest number of messages the app held waiting for a transaction, and its reconnects, while `work` runs. */
async function watch(t: TestApp, work: () => Promise<void>) {
  let maxBacklog = 0;
  let closes = 0;
  t.app.ingest.mqtt!.on('close', () => closes++);
  const timer = setInterval(() => {
    maxBacklog = Math.max(maxBacklog, t.app.ingest.queue.backlog);
  }, 2);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return { maxBacklog, closes };
}

/** An own Mosquitto configured as docs/ingestion.md says (no queue or in-flight limits), and subscriber apps on it. */
function backlogSuite(dialect: Dialect) {
  let dir: string;
  let broker: Broker;
  let pub: MqttClient;
  const apps: TestApp[] = [];
  const subscriber = async (id: string, mqttConfig: Partial<MqttConfig> = {}) => {
    const t = await createTestApp({
      dialect,
      accounts: false,
      config: {
        ingest: { sensorKeysFile: null, retentionDays: null, maxBatch: MAX_BATCH },
        mqtt: {
          url: broker.url,
          topics: [`v3/${id}/devices/+/up`],
          // Unshared: the session keeps what arrives while the app is away.
          sharedGroup: '',
          clientId: `backlog-${id}`,
          sessionExpirySeconds: 600,
          keepaliveSeconds: 60,
          integrationId: null,
          username: null,
          password: null,
          ...mqttConfig,
        },
      },
    });
    apps.push(t);
    await waitFor(async () => t.app.ingest.mqtt?.connected === true, 'the subscriber to connect');
    return t;
  };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matnat-backlog-'));
    broker = await ownBroker(join(dir, 'broker'));
    pub = await mqtt.connectAsync(broker.url, {
      protocolVersion: 5,
      clientId: `pub-backlog-${Math.random().toString(36).slice(2)}`,
    });
  });
  afterAll(async () => {
    await pub?.endAsync();
    for (const t of apps) await t.close();
    await broker?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const close = async (t: TestApp) => {
    apps.splice(apps.indexOf(t), 1);
    await t.close();
  };
  return { subscriber, close, publisher: () => pub };
}

describe.each(dialects)('issue 27 point 4: an MQTT backlog deeper than the window (%s)', (dialect) => {
  const { subscriber, close, publisher } = backlogSuite(dialect);

  it('20,000 messages queued while the server was away: it never holds more than its window, stores them all, and keeps its connection', async () => {
    const id = `bk${dialect}`;
    const eui = 'BAC0000000000001';
    const first = await subscriber(id);
    // Subscribed: a probe reading arrives.
    await waitFor(async () => {
      await publishAll(publisher(), `v3/${id}/devices/d/up`, 'BAC000000000000F', 1);
      return (await storedOf(first, 'BAC000000000000F')) >= 1;
    }, 'the subscription');
    await close(first);
    const n = 20_000;
    await publishAll(publisher(), `v3/${id}/devices/d/up`, eui, n);
    // Pings every 2 s: Mosquitto queues its answer behind the messages it pushes past the window, so it is
    // read only seconds later, while messages keep coming: the connection is alive all the same.
    const t = await subscriber(id, { keepaliveSeconds: 2 });
    const seen = await watch(t, () =>
      waitFor(async () => (await storedOf(t, eui)) === n, `all ${n} stored`, 120_000),
    );
    // Before the fix Mosquitto's whole queue came in at once (20,000 waiting in the process).
    expect(seen).toEqual({ maxBacklog: expect.any(Number), closes: 0 });
    expect(seen.maxBacklog).toBeLessThanOrEqual(WINDOW);
  }, 180_000);
});

// Another connection's table lock holds the write path: PostgreSQL.
describe.each(dialects.filter((d) => d === 'postgres'))(
  'issue 27 point 4: the keepalive while the window is full (%s)',
  (dialect) => {
    const { subscriber, publisher } = backlogSuite(dialect);

    it('a write path held up for nearly three keepalive intervals with the window full: the connection stays, then everything is stored', async () => {
      const id = `ka${dialect}`;
      const eui = 'BAC0000000000002';
      // 3 s: a ping is due within the 8 s the write path is held (and its answer may take 1.5 s on a loaded machine).
      const t = await subscriber(id, { keepaliveSeconds: 3 });
      await waitFor(async () => {
        await publishAll(publisher(), `v3/${id}/devices/d/up`, 'BAC000000000001F', 1);
        return (await storedOf(t, 'BAC000000000001F')) >= 1;
      }, 'the subscription');
      // Another connection holds the table the readings go to: every transaction waits for it.
      const locker = new pg.Client({ connectionString: t.config.databaseUrl! });
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table measurements in exclusive mode');
      const seen = await watch(t, async () => {
        await publishAll(publisher(), `v3/${id}/devices/d/up`, eui, 5000);
        await new Promise((r) => setTimeout(r, 8000));
        await locker.query('commit');
        await waitFor(async () => (await storedOf(t, eui)) === 5000, 'all 5000 stored', 60_000);
      });
      await locker.end();
      expect(seen.closes).toBe(0);
      expect(seen.maxBacklog).toBeLessThanOrEqual(WINDOW);
    }, 120_000);
  },
);
