import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../db/types.js';
import { testDialects } from '../test/harness.js';
import { ttsUplink } from '../test/lorawan.js';
import {
  type Broker,
  ownBroker,
  prepareServerDatabase,
  type ServerProcess,
  startServer,
  waitFor,
} from '../test/processes.js';

// Two ingestion workers on one shared subscription write to one database: PostgreSQL only.
const dialects = (await testDialects()).filter((d) => d === 'postgres');

async function storedOf(db: Kysely<DB>, eui: string): Promise<number> {
  const row = await db
    .selectFrom('measurements')
    .innerJoin('sensors', 'sensors.id', 'measurements.sensor_id')
    .innerJoin('devices', 'devices.id', 'sensors.device_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('devices.external_device_id', '=', eui)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Publishes readings `from`…`to - 1` of one device (its time: the index in seconds), QoS 1, paced. */
async function publish(pub: MqttClient, eui: string, from: number, to: number): Promise<void> {
  const base = Date.UTC(2026, 2, 1);
  const sent: Promise<unknown>[] = [];
  for (let i = from; i < to; i++) {
    const body = ttsUplink({
      eui,
      at: new Date(base + i * 1000).toISOString(),
      decoded: { temperature: i % 30 },
    });
    sent.push(pub.publishAsync('v3/share@ttn/devices/w/up', JSON.stringify(body), { qos: 1 }));
    if (i % 200 === 199) await new Promise((r) => setTimeout(r, 10));
  }
  await Promise.all(sent);
}

describe.each(dialects)('issue 27 point 5: a killed worker of a shared subscription (%s)', (dialect) => {
  let dir: string;
  let broker: Broker;
  let prepared: Awaited<ReturnType<typeof prepareServerDatabase>>;
  let pub: MqttClient;
  const servers: ServerProcess[] = [];
  const worker = async (name: string, group: string, extra: Record<string, string> = {}) => {
    const server = await startServer({
      ...prepared.env,
      MQTT_URL: broker.url,
      MQTT_TOPICS: 'v3/+/devices/+/up',
      MQTT_SHARED_GROUP: group,
      // Stable, as the default (host and port) is: the restarted worker takes its session back.
      MQTT_CLIENT_ID: `worker-${name}-${dialect}`,
      LOG_LEVEL: 'info',
      ...extra,
    });
    servers.push(server);
    // What is published before the group has a member is not queued for anyone.
    await waitFor(async () => server.output().includes('"msg":"MQTT subscribed"'), `${name} to subscribe`);
    return server;
  };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matnat-shared-workers-'));
    broker = await ownBroker(join(dir, 'broker'));
    prepared = await prepareServerDatabase(dialect, dir, 'mtn_int_shared_workers');
    pub = await mqtt.connectAsync(broker.url, { protocolVersion: 5, clientId: `pub-shared-${dialect}` });
  });
  afterAll(async () => {
    await pub?.endAsync();
    for (const server of servers) await server.kill('SIGKILL');
    await broker?.stop();
    await prepared?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('one of two workers SIGKILLed mid-stream: its share waits in its session (nothing is lost, nothing stored twice) and is stored once it is restarted', async () => {
    const db = prepared.database.db;
    const eui = '5A0E000000000001';
    const a = await worker('a', 'restart');
    let b = await worker('b', 'restart');
    const n = 6000;
    await publish(pub, eui, 0, n / 3);
    await b.kill('SIGKILL');
    await publish(pub, eui, n / 3, n);
    // The survivor stores its share (half); the killed worker's waits at the broker (Mosquitto 2.0 goes on
    // queueing a share to a member's session while it is away): storage stops short of n.
    let whileAway = 0;
    await waitFor(async () => {
      const now = await storedOf(db, eui);
      const settled = now === whileAway && now >= n / 2 - 200;
      whileAway = now;
      if (!settled) await new Promise((r) => setTimeout(r, 1000));
      return settled;
    }, 'the survivor to store its share');
    expect(whileAway).toBeLessThan(n - 1000);
    b = await worker('b', 'restart');
    await waitFor(async () => (await storedOf(db, eui)) === n, 'every reading once b is back', 30_000);
    const distinct = await db
      .selectFrom('measurements')
      .innerJoin('sensors', 'sensors.id', 'measurements.sensor_id')
      .innerJoin('devices', 'devices.id', 'sensors.device_id')
      .select('measurements.ts')
      .distinct()
      .where('devices.external_device_id', '=', eui)
      .execute();
    expect(distinct).toHaveLength(n);
    await a.kill('SIGTERM');
    await b.kill('SIGTERM');
  }, 180_000);

  it('a worker that never comes back holds its share at most MQTT_SESSION_EXPIRY_S: then the survivor receives the whole stream', async () => {
    const db = prepared.database.db;
    const eui = '5A0E000000000002';
    const env = { MQTT_SESSION_EXPIRY_S: '2' };
    const a = await worker('c', 'gone', env);
    const b = await worker('d', 'gone', env);
    await b.kill('SIGKILL');
    // Its session outlives it by 2 s; what the broker queued to it meanwhile goes with the session.
    await new Promise((r) => setTimeout(r, 3500));
    await publish(pub, eui, 0, 2000);
    await waitFor(async () => (await storedOf(db, eui)) === 2000, 'the survivor to store all 2000', 30_000);
    await a.kill('SIGTERM');
  }, 120_000);
});
