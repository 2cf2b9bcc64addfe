import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from './db/database.js';
import { testDialects } from './test/harness.js';
import { ttsUplink } from './test/lorawan.js';
import {
  type Broker,
  ownBroker,
  prepareServerDatabase,
  type ServerProcess,
  signIn,
  startServer,
  storedTimes,
  waitFor,
} from './test/processes.js';

const dialects = await testDialects();
const SECRET = 'mtn_int_shutdown_test_secret';
const SHUTDOWN_TIMEOUT_S = 10;

/**
 * Load as a load balancer would spread it: every request to the first server that takes connections.
 * Records each answer's status; readings count as acknowledged only with a 2xx.
 */
function load(servers: () => ServerProcess[], cookie: string, dashboardPath: string) {
  const statuses: number[] = [];
  const acknowledged: number[] = [];
  let running = true;
  let next = Date.UTC(2026, 0, 1);
  const request = async (path: string, init: RequestInit = {}) => {
    for (const server of servers()) {
      try {
        const response = await fetch(`${server.url}${path}`, init);
        statuses.push(response.status);
        await response.arrayBuffer();
        return response.ok;
      } catch {
        // refused or reset: the next server, as nginx would
      }
    }
    await new Promise((r) => setTimeout(r, 50));
    return false;
  };
  const sender = async () => {
    while (running) {
      const ts = next;
      next += 20_000;
      const readings = Array.from({ length: 20 }, (_, i) => ({
        sensor: 'temperature',
        ts: ts + i * 1000,
        value: i,
      }));
      let ok = false;
      while (!ok && running) {
        ok = await request('/api/v1/ingest', {
          method: 'POST',
          headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
          body: JSON.stringify({ device: 'SHUTDOWNHTTP0001', readings }),
        });
      }
      if (ok) acknowledged.push(...readings.map((r) => r.ts));
    }
  };
  const reader = async () => {
    while (running) await request(dashboardPath, { headers: { cookie } });
  };
  const loops = [sender(), sender(), sender(), reader(), reader()];
  return {
    statuses,
    acknowledged,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** An SSE client: everything it read until the server ended the stream. */
async function sseClient(url: string, cookie: string): Promise<{ text: Promise<string> }> {
  const response = await fetch(url, { headers: { cookie } });
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const text = (async () => {
    let all = '';
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return all;
      all += value;
    }
  })();
  return { text };
}

describe.each(dialects)('SIGTERM under load (%s) (issue 23 point 5)', (dialect: Dialect) => {
  let dir: string;
  let broker: Broker;
  let prepared: Awaited<ReturnType<typeof prepareServerDatabase>>;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matnat-shutdown-'));
    broker = await ownBroker(join(dir, 'broker'));
    prepared = await prepareServerDatabase(dialect, dir, SECRET);
  });
  afterAll(async () => {
    for (const server of servers) await server.kill('SIGKILL');
    await broker?.stop();
    await prepared?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('exits 0 within SHUTDOWN_TIMEOUT; no request answered 5xx; every acknowledged reading and every published message stored; streams end with a retry hint', async () => {
    // PostgreSQL: a second process in the shared subscription takes over. SQLite (one process's file): the
    // process keeps its MQTT session and gets what was published meanwhile when it is back.
    const shared = dialect === 'postgres';
    const env = (name: string) => ({
      ...prepared.env,
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT: String(SHUTDOWN_TIMEOUT_S),
      MQTT_URL: broker.url,
      MQTT_TOPICS: 'v3/+/devices/+/up',
      MQTT_SHARED_GROUP: shared ? 'matnat' : '',
      MQTT_CLIENT_ID: `matnat-shutdown-${dialect}-${name}`,
    });
    const a = await startServer(env('a'));
    servers.push(a);
    const live = [a];
    if (shared) {
      const b = await startServer(env('b'));
      servers.push(b);
      live.push(b);
    }
    const cookie = await signIn(a.url);
    const first = await fetch(`${a.url}/api/v1/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        device: 'SHUTDOWNHTTP0001',
        readings: [{ sensor: 'temperature', ts: Date.UTC(2025, 0, 1), value: 1 }],
      }),
    });
    expect(first.status).toBe(200);
    const sensor = await prepared.database.db.selectFrom('sensors').select('id').executeTakeFirstOrThrow();
    const streams = await Promise.all(
      [1, 2, 3].map(() => sseClient(`${a.url}/api/v1/stream?sensor_ids=${sensor.id}`, cookie)),
    );
    const traffic = load(() => live, cookie, '/api/v1/device?include=sensors');
    const pub = await mqtt.connectAsync(broker.url, {
      protocolVersion: 5,
      clientId: `pub-shutdown-${dialect}`,
    });
    let published = 0;
    let publishing = true;
    const publisher = (async () => {
      const base = Date.UTC(2026, 1, 1);
      for (let i = 0; publishing; i++) {
        const body = ttsUplink({
          eui: '5D0000000000A001',
          at: new Date(base + i * 1000).toISOString(),
          decoded: { temperature: i % 20 },
        });
        await pub.publishAsync('v3/shutdown@ttn/devices/s/up', JSON.stringify(body), { qos: 1 });
        published++;
        if (i % 20 === 19) await new Promise((r) => setTimeout(r, 10));
      }
    })();

    await waitFor(async () => traffic.acknowledged.length > 200 && published > 200, 'load on the server');
    const signalled = Date.now();
    await a.kill('SIGTERM');
    const took = Date.now() - signalled;
    live.splice(live.indexOf(a), 1);
    if (!shared) {
      const again = await startServer(env('a'));
      servers.push(again);
      live.push(again);
    }
    await waitFor(async () => traffic.acknowledged.length > 400, 'load continuing after the shutdown');
    publishing = false;
    await publisher;
    await pub.endAsync();
    await traffic.stop();

    expect(took).toBeLessThan(SHUTDOWN_TIMEOUT_S * 1000);
    expect(a.exitCode()).toBe(0);
    expect(a.output()).toContain('shut down cleanly');
    const acks = JSON.parse(
      a
        .output()
        .split('\n')
        .find((l) => l.includes('MQTT acknowledgements at shutdown'))!,
    );
    expect({ dropped: acks.dropped, held: acks.held }).toEqual({ dropped: 0, held: 0 });
    expect(traffic.statuses.filter((s) => s >= 500)).toEqual([]);
    expect(traffic.statuses.length).toBeGreaterThan(50);

    const db = prepared.database.db;
    const http = await storedTimes(db, 'SHUTDOWNHTTP0001');
    expect(traffic.acknowledged.filter((ts) => !http.has(ts))).toEqual([]);
    let mqttStored = 0;
    await waitFor(
      async () => {
        mqttStored = (await storedTimes(db, '5D0000000000A001')).size;
        return mqttStored === published;
      },
      'every published message stored',
      30_000,
    ).catch((error) => {
      throw new Error(`${error}: ${mqttStored} of ${published}\n${a.output().slice(-3000)}`);
    });

    for (const text of await Promise.all(streams.map((s) => s.text))) {
      expect(text.startsWith('retry: 5000\n\n')).toBe(true);
      expect(text.endsWith('retry: 1000\n\n')).toBe(true);
    }
  }, 120_000);
});
