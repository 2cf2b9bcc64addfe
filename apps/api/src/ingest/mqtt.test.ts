import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MQTT_TOPICS } from '../config.js';
import { createTestApp, type TestApp, testDialects } from '../test/harness.js';
import { chirpstackUp, ttsUplink } from '../test/lorawan.js';
import { type Broker, ownBroker, waitFor } from '../test/processes.js';

const dialects = await testDialects();
const apiRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SHARED_BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

async function brokerAnswers(url: string): Promise<boolean> {
  const client = mqtt.connect(url, { connectTimeout: 2000, reconnectPeriod: 0 });
  return new Promise((done) => {
    client.once('connect', () => done(true));
    client.once('error', () => done(false));
    setTimeout(() => done(false), 2500);
  }).finally(() => client.end(true)) as Promise<boolean>;
}

const sharedUp = await brokerAnswers(SHARED_BROKER);
if (!sharedUp) {
  if (process.env.CI === 'true') throw new Error(`Mosquitto at ${SHARED_BROKER} does not answer`);
  console.warn(`\n!!! Mosquitto at ${SHARED_BROKER} does not answer: the MQTT tests are not run.\n`);
}

/** A publisher that resolves each QoS 1 publish on the broker's PUBACK. */
async function publisher(url: string): Promise<MqttClient> {
  const client = mqtt.connect(url, {
    protocolVersion: 5,
    clientId: `pub-${Math.random().toString(36).slice(2)}`,
  });
  await new Promise((done) => client.once('connect', done));
  return client;
}

async function stored(t: TestApp): Promise<number> {
  const row = await t.db
    .selectFrom('measurements')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Readings stored of one device (probes of the subscription are another device). */
async function storedOf(t: TestApp, eui: string): Promise<number> {
  const row = await t.db
    .selectFrom('measurements')
    .innerJoin('sensors', 'sensors.id', 'measurements.sensor_id')
    .innerJoin('devices', 'devices.id', 'sensors.device_id')
    .where('devices.external_device_id', '=', eui)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function unique(): string {
  return `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Topic filters of one test run only, so parallel runs on the shared broker never see each other. */
function topicsOf(app: string): string[] {
  return [`v3/${app}/devices/+/up`, `v3/${app}@ttn/devices/+/up`, `application/${app}/device/+/event/+`];
}

describe.runIf(sharedUp).each(dialects)('MQTT ingestion (%s)', (dialect) => {
  const apps: TestApp[] = [];
  const clients: MqttClient[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.endAsync();
    for (const t of apps.splice(0)) await t.close();
  });

  async function subscriberApp(url: string, appId: string, extra: Record<string, unknown> = {}) {
    const t = await createTestApp({
      dialect,
      config: {
        mqtt: {
          url,
          topics: topicsOf(appId),
          sharedGroup: `g${appId}`,
          clientId: `matnat-${appId}-${apps.length}`,
          sessionExpirySeconds: 600,
          keepaliveSeconds: 60,
          integrationId: null,
          username: null,
          password: null,
          ...extra,
        },
      },
    });
    apps.push(t);
    return t;
  }

  it('the default topics are the TTS and ChirpStack uplink layouts', () => {
    expect(DEFAULT_MQTT_TOPICS).toEqual([
      'v3/+/devices/+/up',
      'application/+/device/+/event/up',
      'application/+/device/+/event/status',
    ]);
  });

  it('issue 10: TTS (with and without @tenant) and ChirpStack up/status topics are stored; other events are not', async () => {
    const appId = unique();
    const t = await subscriberApp(SHARED_BROKER, appId);
    const pub = await publisher(SHARED_BROKER);
    clients.push(pub);
    const at = new Date().toISOString();
    const gw = [{ eui: 'B0B0B0B0B0B0B0B0', rssi: -90, snr: 2 }];
    await waitFor(async () => {
      // Subscribed once a probe arrives: publish until one is stored.
      await pub.publishAsync(
        `v3/${appId}/devices/probe/up`,
        JSON.stringify(
          ttsUplink({ eui: '1000000000000000', at: new Date().toISOString(), decoded: { t: 1 } }),
        ),
        { qos: 1 },
      );
      return (await stored(t)) > 0;
    }, 'the subscription');
    await pub.publishAsync(
      `v3/${appId}@ttn/devices/a/up`,
      JSON.stringify(ttsUplink({ eui: '1000000000000001', at, decoded: { temperature: 1.5 }, gateways: gw })),
      { qos: 1 },
    );
    await pub.publishAsync(
      `v3/${appId}/devices/b/up`,
      JSON.stringify(ttsUplink({ eui: '1000000000000002', at, decoded: { temperature: 2.5 } })),
      { qos: 1 },
    );
    await pub.publishAsync(
      `application/${appId}/device/1000000000000003/event/up`,
      JSON.stringify(chirpstackUp({ eui: '1000000000000003', at, decoded: { humidity: 55 } })),
      { qos: 1 },
    );
    await pub.publishAsync(
      `application/${appId}/device/1000000000000003/event/status`,
      JSON.stringify({ ...chirpstackUp({ eui: '1000000000000003', at }), batteryLevel: 61 }),
      { qos: 1 },
    );
    await pub.publishAsync(
      `application/${appId}/device/1000000000000004/event/join`,
      JSON.stringify(chirpstackUp({ eui: '1000000000000004', at })),
      { qos: 1 },
    );
    await pub.publishAsync(`v3/${appId}/devices/c/up`, 'not json', { qos: 1 });
    await waitFor(async () => {
      const row = await t.db
        .selectFrom('devices')
        .select('battery')
        .where('external_device_id', '=', '1000000000000003')
        .executeTakeFirst();
      return row?.battery === 61;
    }, 'the status event');
    const devices = await t.db
      .selectFrom('devices')
      .select(['external_device_id', 'rssi'])
      .orderBy('external_device_id')
      .execute();
    expect(devices).toEqual([
      { external_device_id: '1000000000000000', rssi: null },
      { external_device_id: '1000000000000001', rssi: -90 },
      { external_device_id: '1000000000000002', rssi: null },
      { external_device_id: '1000000000000003', rssi: null },
    ]);
  });

  /**
   * Holds the write lock of the test database from another connection for `ms`: PostgreSQL by an
   * exclusive table lock, SQLite from another process (better-sqlite3 waits for a lock synchronously, so
   * a holder inside this process could never let go). Resolves with the moment it let go.
   */
  async function holdWriteLock(t: TestApp, ms: number): Promise<() => Promise<number>> {
    if (dialect === 'postgres') {
      const client = new pg.Client({ connectionString: t.config.databaseUrl! });
      await client.connect();
      await client.query('begin');
      await client.query('lock table measurements in exclusive mode');
      return async () => {
        await new Promise((r) => setTimeout(r, ms));
        const released = Date.now();
        await client.query('commit');
        await client.end();
        return released;
      };
    }
    const file = join(t.config.dataDir, 'matnat.sqlite');
    const script = `const db = new (require('better-sqlite3'))(${JSON.stringify(file)});
      db.prepare('begin immediate').run(); process.stdout.write('locked\\n');
      setTimeout(() => { const at = Date.now(); db.prepare('commit').run(); process.stdout.write(at + '\\n'); }, ${ms});`;
    const child = spawn(process.execPath, ['-e', script], {
      cwd: apiRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    expect((await lines.next()).value).toBe('locked');
    return async () => Number((await lines.next()).value);
  }

  it('issue 10: a message is acknowledged (PUBACK) only after its transaction committed', async () => {
    const appId = unique();
    const t = await subscriberApp(SHARED_BROKER, appId);
    const client = t.app.ingest.mqtt!;
    const acks: number[] = [];
    client.on('packetsend', (packet) => {
      if (packet.cmd === 'puback') acks.push(Date.now());
    });
    const pub = await publisher(SHARED_BROKER);
    clients.push(pub);
    const uplink = (eui: string, at: number, value: number) =>
      JSON.stringify(ttsUplink({ eui, at: new Date(at).toISOString(), decoded: { temperature: value } }));
    await waitFor(async () => {
      await pub.publishAsync(`v3/${appId}/devices/p/up`, uplink('2000000000000000', Date.now(), 1), {
        qos: 1,
      });
      return acks.length > 0;
    }, 'the subscription');
    await new Promise((r) => setTimeout(r, 200));
    const acked = acks.length;
    const stored0 = await stored(t);
    // Issue 27 point 7: the PUBACKs a commit releases go out in one write of 4-byte PUBACKs (on every
    // connection: on SQLite the held lock blocks the process long enough for a reconnect).
    const pubackWrites: Buffer[] = [];
    const watchWrites = () => {
      const stream = client.stream as unknown as { write(chunk: unknown, ...rest: unknown[]): boolean };
      const write = stream.write.bind(stream);
      stream.write = (chunk, ...rest) => {
        if (Buffer.isBuffer(chunk) && chunk[0] === 0x40) pubackWrites.push(chunk);
        return write(chunk, ...rest);
      };
    };
    watchWrites();
    client.on('connect', watchWrites);
    const release = await holdWriteLock(t, 1500);
    for (let i = 0; i < 5; i++)
      await pub.publishAsync(
        `v3/${appId}/devices/p/up`,
        uplink('2000000000000001', Date.now() - i * 1000, i),
        { qos: 1 },
      );
    const released = await release();
    await waitFor(async () => acks.length === acked + 5, 'the PUBACKs after the commit');
    expect(acks.slice(acked).every((at) => at >= released)).toBe(true);
    expect(await stored(t)).toBe(stored0 + 5);
    // One transaction for the first message (it took the lock), one for the four that waited meanwhile.
    expect(pubackWrites.length).toBeLessThanOrEqual(2);
    const bytes = Buffer.concat(pubackWrites);
    expect(bytes.length).toBe(5 * 4);
    for (let i = 0; i < bytes.length; i += 4) expect([bytes[i], bytes[i + 1]]).toEqual([0x40, 2]);
  });

  it('issue 24 finding 2/3: a message that can never be stored (5,000 keys, a bad DevEUI, a time before 2000) is acknowledged, dropped and counted in the dead letters its device shows', async () => {
    const appId = unique();
    const t = await subscriberApp(SHARED_BROKER, appId);
    const client = t.app.ingest.mqtt!;
    let acks = 0;
    client.on('packetsend', (packet) => {
      if (packet.cmd === 'puback') acks++;
    });
    const pub = await publisher(SHARED_BROKER);
    clients.push(pub);
    const eui = '2400000000000001';
    const topic = `v3/${appId}/devices/d/up`;
    const up = (decoded: Record<string, unknown>, at = new Date().toISOString(), id = eui) =>
      JSON.stringify(ttsUplink({ eui: id, at, decoded }));
    await waitFor(async () => {
      await pub.publishAsync(topic, up({ temperature: 1 }), { qos: 1 });
      return (await storedOf(t, eui)) > 0;
    }, 'the subscription');
    const acked = acks;
    const many = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]));
    await pub.publishAsync(topic, up(many), { qos: 1 });
    await pub.publishAsync(topic, up({ temperature: 2 }, '1999-12-31T23:00:00Z'), { qos: 1 });
    await pub.publishAsync(topic, up({ temperature: 3 }, undefined, 'X'.repeat(3000)), { qos: 1 });
    await waitFor(async () => acks >= acked + 3, 'the three acknowledgements');
    const letters = async () =>
      (
        await t.db
          .selectFrom('ingest_dead_letters')
          .select(['device_id', 'reason', 'count', 'topic'])
          .execute()
      )
        .map((l) => ({ ...l, count: Number(l.count) }))
        .sort((a, b) => (a.reason < b.reason ? -1 : 1));
    await waitFor(async () => (await letters()).length === 3, 'three dead letters');
    // Not redelivered: a later message is stored and the counts stay at one each.
    await pub.publishAsync(topic, up({ temperature: 4 }), { qos: 1 });
    await waitFor(async () => (await storedOf(t, eui)) >= 2, 'the next message');
    await new Promise((r) => setTimeout(r, 1500));
    const device = await t.db
      .selectFrom('devices')
      .select('id')
      .where('external_device_id', '=', eui)
      .executeTakeFirstOrThrow();
    expect(await letters()).toEqual([
      {
        device_id: device.id,
        reason: 'Ett meddelande får innehålla värden för högst 100 sensorer.',
        count: 1,
        topic,
      },
      { device_id: device.id, reason: 'Mättidpunkt får inte ligga före år 2000.', count: 1, topic },
      {
        device_id: null,
        reason: 'end_device_ids.dev_eui måste vara ett DevEUI: 16 hexadecimala siffror.',
        count: 1,
        topic,
      },
    ]);
    const admin = await t.loginAs('admin@matnat.se');
    const shown = await admin.get(`/api/v1/device/${device.id}/dead-letters`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.map((l: { reason: string; count: number }) => [l.reason, l.count])).toEqual(
      expect.arrayContaining([
        ['Ett meddelande får innehålla värden för högst 100 sensorer.', 1],
        ['Mättidpunkt får inte ligga före år 2000.', 1],
      ]),
    );
  });

  it('issue 10: two subscribers in one shared-subscription group split the stream and store each message once', async () => {
    const appId = unique();
    const group = { sharedGroup: `g${appId}` };
    const a = await subscriberApp(SHARED_BROKER, appId, { ...group, clientId: `a-${appId}` });
    const b = await subscriberApp(SHARED_BROKER, appId, { ...group, clientId: `b-${appId}` });
    const pub = await publisher(SHARED_BROKER);
    clients.push(pub);
    await new Promise((r) => setTimeout(r, 500));
    const n = 200;
    const base = Date.now() - n * 1000;
    await Promise.all(
      Array.from({ length: n }, (_, i) =>
        pub.publishAsync(
          `v3/${appId}/devices/d/up`,
          JSON.stringify(
            ttsUplink({
              eui: '3000000000000000',
              at: new Date(base + i * 1000).toISOString(),
              decoded: { temperature: i % 50 },
            }),
          ),
          { qos: 1 },
        ),
      ),
    );
    await waitFor(
      async () => (await stored(a)) + (await stored(b)) === n,
      'both subscribers to store every message',
    );
    expect(await stored(a)).toBeGreaterThan(0);
    expect(await stored(b)).toBeGreaterThan(0);
  });

  it('issue 10: a shared-group member that stopped leaves the group: the others get every message, more than their in-flight window', async () => {
    const appId = unique();
    // A window of 2 × 20 messages a subscriber, far below the messages sent.
    const small = {
      sharedGroup: `g${appId}`,
      ingest: { sensorKeysFile: null, retentionDays: null, maxBatch: 20 },
    };
    const pub = await publisher(SHARED_BROKER);
    clients.push(pub);
    const probe = (members: TestApp[], what: string) =>
      waitFor(async () => {
        await pub.publishAsync(
          `v3/${appId}/devices/probe/up`,
          JSON.stringify(
            ttsUplink({ eui: '5000000000000000', at: new Date().toISOString(), decoded: { t: 1 } }),
          ),
          { qos: 1 },
        );
        for (const m of members) if ((await stored(m)) === 0) return false;
        return true;
      }, what);
    const gone = await subscriberApp(SHARED_BROKER, appId, { ...small, clientId: `gone-${appId}` });
    await probe([gone], 'the first member to subscribe');
    apps.splice(apps.indexOf(gone), 1);
    await gone.close();
    const a = await subscriberApp(SHARED_BROKER, appId, { ...small, clientId: `a-${appId}` });
    const b = await subscriberApp(SHARED_BROKER, appId, { ...small, clientId: `b-${appId}` });
    await probe([a, b], 'both members to subscribe');
    const n = 600;
    const base = Date.now() - 86_400_000;
    await Promise.all(
      Array.from({ length: n }, (_, i) =>
        pub.publishAsync(
          `v3/${appId}/devices/d/up`,
          JSON.stringify(
            ttsUplink({
              eui: '5000000000000001',
              at: new Date(base + i * 1000).toISOString(),
              decoded: { temperature: i % 40 },
            }),
          ),
          { qos: 1 },
        ),
      ),
    );
    // Before the fix the stopped member's session kept a third of the stream: this stalled at 400 of 600.
    let have = 0;
    await waitFor(async () => {
      have = (await storedOf(a, '5000000000000001')) + (await storedOf(b, '5000000000000001'));
      return have === n;
    }, `the two live members to store all ${n} messages`).catch(() => {
      throw new Error(`stored ${have} of ${n}: the stopped member's session still takes a share`);
    });
  });

  it('issue 10: a broker that stops and comes back: reconnect, resubscribe, every message the broker accepted is stored', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'matnat-broker-'));
    let broker: Broker | null = null;
    try {
      broker = await ownBroker(dir);
      const appId = unique();
      // Unshared: Mosquitto 2.0 queues nothing for a shared subscription restored from its persistence file
      // until the subscriber is back (docs/ingestion.md), which would lose what arrives in between.
      const t = await subscriberApp(broker.url, appId, { sharedGroup: '' });
      const pub = mqtt.connect(broker.url, {
        protocolVersion: 5,
        clientId: `pub-${appId}`,
        clean: false,
        reconnectPeriod: 200,
      });
      clients.push(pub);
      await new Promise((done) => pub.once('connect', done));
      await new Promise((r) => setTimeout(r, 300));
      const n = 600;
      const base = Date.now() - n * 1000;
      let accepted = 0;
      const sent: Promise<void>[] = [];
      for (let i = 0; i < n; i++) {
        const body = JSON.stringify(
          ttsUplink({
            eui: '4000000000000000',
            at: new Date(base + i * 1000).toISOString(),
            decoded: { temperature: i % 40 },
          }),
        );
        sent.push(
          pub.publishAsync(`v3/${appId}/devices/r/up`, body, { qos: 1 }).then(() => {
            accepted++;
          }),
        );
        if (i === n / 3) {
          await broker.stop();
          await new Promise((r) => setTimeout(r, 500));
          await broker.start();
        }
        if (i % 50 === 0) await new Promise((r) => setTimeout(r, 10));
      }
      await Promise.all(sent);
      expect(accepted).toBe(n);
      await waitFor(
        async () => (await stored(t)) === n,
        `all ${n} messages stored (have ${await stored(t)})`,
        30_000,
      );
    } finally {
      await broker?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
