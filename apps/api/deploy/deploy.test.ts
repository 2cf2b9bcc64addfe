// `npm run test:deploy` (scripts/test-deploy.mjs): the deployment of docs/deploy.md, started on this machine
// from deploy/ — two API processes of deploy/systemd/matnat@.service (run by ./units.ts: systemd is not
// PID 1 here), nginx with deploy/nginx/matnat.conf and TLS, Mosquitto with deploy/mosquitto/matnat.conf,
// PostgreSQL — under ingestion (HTTP and MQTT), dashboard reads and event streams, one process SIGKILLed.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partitionName } from '../src/measurements/partitions.js';
import { ttsUplink } from '../src/test/lorawan.js';
import {
  freePort,
  ownBrokerFromConfig,
  prepareServerDatabase,
  signIn,
  storedTimes,
  waitFor,
} from '../src/test/processes.js';
import { type OpenStream, openStream } from '../src/test/sse.js';
import { runService, type Service } from './units.js';

const repoRoot = resolve(import.meta.dirname, '../../..');
const deploy = join(repoRoot, 'deploy');
const SECRET = 'mtn_int_deploy_test_secret';
const HTTP_DEVICE = 'DE0000000000A001';
const LOAD_DEVICE = 'DE0000000000A002';
const MQTT_DEVICE = 'DE0000000000B001';
/** The time of the first MQTT reading; the i-th published is a second later each. */
const MQTT_START = Date.UTC(2026, 5, 1);
const tlsDir = process.env.MATNAT_DEPLOY_TLS ?? '';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** nginx with the site file of deploy/nginx as written, its ports and certificate paths those of this run. */
async function startNginx(dir: string, ports: { http: number; tls: number; api: [number, number] }) {
  const site = readFileSync(join(deploy, 'nginx/matnat.conf'), 'utf8')
    .replace('listen 80;', `listen 127.0.0.1:${ports.http};`)
    .replace('listen 443 ssl', `listen 127.0.0.1:${ports.tls} ssl`)
    .replace('127.0.0.1:3001', `127.0.0.1:${ports.api[0]}`)
    .replace('127.0.0.1:3002', `127.0.0.1:${ports.api[1]}`)
    .replaceAll('/etc/matnat/tls/', `${tlsDir}/`);
  writeFileSync(join(dir, 'matnat.conf'), site);
  copyFileSync(join(deploy, 'nginx/limits.conf'), join(dir, 'limits.conf'));
  const temp = join(dir, 'temp');
  mkdirSync(temp);
  chmodSync(temp, 0o777);
  // What Debian's /etc/nginx/nginx.conf holds around the site (its own paths here).
  const main = [
    'daemon off;',
    'worker_processes 2;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    `include ${dir}/limits.conf;`,
    'events { worker_connections 4096; }',
    'http {',
    `  access_log ${dir}/access.log;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${temp}/${t};`),
    `  include ${dir}/matnat.conf;`,
    '}',
    '',
  ].join('\n');
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, main);
  execFileSync('nginx', ['-t', '-q', '-c', conf], { stdio: 'pipe' });
  const child = spawn('nginx', ['-c', conf], { stdio: 'ignore' });
  await waitFor(async () => (await fetch(`https://127.0.0.1:${ports.tls}/api/health`)).ok, 'nginx', 60_000);
  return child;
}

interface Traffic {
  statuses: { reads: number[]; ingest: number[] };
  acknowledged: Map<string, number[]>;
  stop(): Promise<void>;
}

/**
 * Load through nginx: one sender on HTTP_DEVICE (readings in time order, each batch sent again until
 * acknowledged), two on LOAD_DEVICE, two readers of the dashboard list. Only a 200 acknowledges.
 */
function traffic(base: string, cookie: string): Traffic {
  const statuses = { reads: [] as number[], ingest: [] as number[] };
  const acknowledged = new Map<string, number[]>([
    [HTTP_DEVICE, []],
    [LOAD_DEVICE, []],
  ]);
  let running = true;
  let next = Date.now() - 120_000;
  const sender = async (device: string) => {
    while (running) {
      const ts = next;
      next += 10;
      const readings = Array.from({ length: 10 }, (_, i) => ({
        sensor: 'temperature',
        ts: ts + i,
        value: i,
      }));
      for (let ok = false; !ok && running; ) {
        const response = await fetch(`${base}/api/v1/ingest`, {
          method: 'POST',
          headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
          body: JSON.stringify({ device, readings }),
        }).catch(() => null);
        statuses.ingest.push(response?.status ?? 0);
        await response?.arrayBuffer();
        ok = response?.status === 200;
        if (ok) acknowledged.get(device)!.push(...readings.map((r) => r.ts));
        else await sleep(20);
      }
    }
  };
  const reader = async () => {
    while (running) {
      const response = await fetch(`${base}/api/v1/dashboard`, { headers: { cookie } }).catch(() => null);
      statuses.reads.push(response?.status ?? 0);
      await response?.arrayBuffer();
    }
  };
  const loops = [sender(HTTP_DEVICE), sender(LOAD_DEVICE), sender(LOAD_DEVICE), reader(), reader()];
  return {
    statuses,
    acknowledged,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** An event stream client as a browser's: reconnects with the last event's id whenever its stream ends. */
function watcher(url: string, cookie: string) {
  const seen = new Set<number>();
  let lastId: string | undefined;
  let reconnects = 0;
  let running = true;
  let current: OpenStream | null = null;
  const loop = (async () => {
    while (running) {
      try {
        const headers: Record<string, string> = { cookie, ...(lastId ? { 'last-event-id': lastId } : {}) };
        current = await openStream(url, headers);
        if (current.response.status !== 200) throw new Error(`stream ${current.response.status}`);
        for (;;) {
          const block = await current.next();
          if (block.id) lastId = block.id;
          if (block.event === 'reading' && block.data) {
            seen.add(Date.parse((JSON.parse(block.data) as { measured_at: string }).measured_at));
          }
        }
      } catch {
        current?.close();
      }
      if (!running) break;
      reconnects++;
      await sleep(200);
    }
  })();
  return {
    seen,
    reconnects: () => reconnects,
    async stop() {
      running = false;
      current?.close();
      await loop;
    },
  };
}

const openFiles = (pid: number) =>
  /Max open files\s+(\d+)/.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'))?.[1];

describe('the deployment of docs/deploy.md (issue 23 point 6, issue 27 point 5)', () => {
  let dir: string;
  let prepared: Awaited<ReturnType<typeof prepareServerDatabase>>;
  let broker: Awaited<ReturnType<typeof ownBrokerFromConfig>>;
  let brokerLog = '';
  let keepBrokerLog = false;
  let nginx: ChildProcess;
  let base: string;
  let httpPort: number;
  const apiPorts: [number, number] = [0, 0];
  const services: Service[] = [];
  // Each process's warnings and errors, all of them (its request lines would push them out of a tail).
  const said: string[][] = [[], []];

  beforeAll(async () => {
    if (!tlsDir)
      throw new Error('run through `npm run test:deploy` (scripts/test-deploy.mjs makes the certificate)');
    dir = mkdtempSync(join(tmpdir(), 'matnat-deploy-'));
    prepared = await prepareServerDatabase('postgres', dir, SECRET);
    // The broker's packet log, kept when MQTT messages go missing; in the temporary directory itself, where
    // Mosquitto (which drops to its own user) may write, unlike in `dir`.
    brokerLog = join(tmpdir(), `matnat-deploy-mosquitto-${process.pid}-${Date.now()}.log`);
    broker = await ownBrokerFromConfig(join(dir, 'broker'), join(deploy, 'mosquitto/matnat.conf'), {
      log: brokerLog,
    });
    apiPorts[0] = await freePort();
    apiPorts[1] = await freePort();
    const tls = await freePort();
    httpPort = await freePort();
    base = `https://127.0.0.1:${tls}`;
    mkdirSync(join(dir, 'data'));
    for (const [i, port] of apiPorts.entries()) {
      const service = runService(join(deploy, 'systemd/matnat@.service'), {
        instance: String(port),
        paths: { '/opt/matnat': repoRoot, '/etc/matnat/matnat.env': join(deploy, 'matnat.env') },
        overrides: {
          ...prepared.env,
          APP_KEY: 'deploy-test-key-0123456789abcdef0123456789abcdef',
          APP_URL: base,
          DATA_DIR: join(dir, 'data'),
          MQTT_URL: broker.url,
        },
        onOutput: (text) => {
          said[i]!.push(...text.split('\n').filter((l) => /"level":(4|5)0|warn|error/i.test(l)));
        },
      });
      services.push(service);
    }
    for (const port of apiPorts) {
      await waitFor(
        async () => (await fetch(`http://127.0.0.1:${port}/api/ready`)).ok,
        `matnat@${port}`,
        60_000,
      );
    }
    nginx = await startNginx(dir, { http: httpPort, tls, api: apiPorts });
  }, 180_000);

  afterAll(async () => {
    for (const service of services) await service.stop();
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGQUIT');
      await new Promise((r) => nginx.once('exit', r));
    }
    await broker?.stop();
    if (brokerLog && !keepBrokerLog) rmSync(brokerLog, { force: true });
    await prepared?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves over TLS with the generated certificate, sends plain HTTP to HTTPS, and raises the open-file limit', async () => {
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { checks: Record<string, string> }).checks).toMatchObject({
      database: 'ok',
      migrations: 'ok',
      broker: 'ok',
    });
    const plain = await fetch(`http://127.0.0.1:${httpPort}/api/health`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toMatch(/^https:\/\//);
    for (const service of services) expect(openFiles(service.pid()!)).toBe('16384');
  });

  it('one API process SIGKILLed under load: no acknowledged reading lost, reads keep answering, streams reconnect with Last-Event-ID and miss nothing, the process is back within seconds, every MQTT reading stored', async () => {
    const db = prepared.database.db;
    const cookie = await signIn(base);
    // The device and its sensor exist before the streams watch it.
    const first = await fetch(`${base}/api/v1/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        device: HTTP_DEVICE,
        readings: [{ sensor: 'temperature', ts: Date.now() - 300_000, value: 1 }],
      }),
    });
    expect(first.status).toBe(200);
    const sensor = await db
      .selectFrom('sensors')
      .innerJoin('devices', 'devices.id', 'sensors.device_id')
      .select('sensors.id')
      .where('devices.external_device_id', '=', HTTP_DEVICE)
      .executeTakeFirstOrThrow();
    // Four streams through nginx: round robin puts some on each process.
    const watchers = [1, 2, 3, 4].map(() => watcher(`${base}/api/v1/stream?sensor_ids=${sensor.id}`, cookie));
    await sleep(1000);

    // Through the proxy unbuffered: a reading reaches every stream at once, not when a buffer fills.
    const probe = Date.now() - 200_000;
    const sentAt = Date.now();
    await fetch(`${base}/api/v1/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        device: HTTP_DEVICE,
        readings: [{ sensor: 'temperature', ts: probe, value: 2 }],
      }),
    });
    await waitFor(async () => watchers.every((w) => w.seen.has(probe)), 'the probe on every stream', 5_000);
    const probeMs = Date.now() - sentAt;

    const load = traffic(base, cookie);
    const pub = await mqtt.connectAsync(broker.url, { protocolVersion: 5, clientId: 'pub-deploy-test' });
    let published = 0;
    let publishing = true;
    const publisher = (async () => {
      for (let i = 0; publishing; i++) {
        const body = ttsUplink({
          eui: MQTT_DEVICE,
          at: new Date(MQTT_START + i * 1000).toISOString(),
          decoded: { temperature: i % 25 },
        });
        await pub.publishAsync('v3/deploy@ttn/devices/d/up', JSON.stringify(body), { qos: 1 });
        published++;
        if (i % 20 === 19) await sleep(10);
      }
    })();

    await waitFor(
      async () => load.acknowledged.get(HTTP_DEVICE)!.length > 200 && published > 200,
      'load',
      60_000,
    );
    const victim = services[1]!;
    const killedAt = Date.now();
    const publishedAtKill = published;
    process.kill(victim.pid()!, 'SIGKILL');
    await waitFor(async () => victim.starts.length === 2, 'the killed process restarted', 10_000);
    // Back: answering again (start-up of the built server, seconds on a loaded machine; a bound, not a timing).
    await waitFor(
      async () => (await fetch(`http://127.0.0.1:${apiPorts[1]}/api/health`)).ok,
      'the killed process answering',
      60_000,
    );
    const backMs = Date.now() - killedAt;
    const acknowledgedAtRestart = load.acknowledged.get(HTTP_DEVICE)!.length;
    await waitFor(
      async () => load.acknowledged.get(HTTP_DEVICE)!.length > acknowledgedAtRestart + 200,
      'load after the restart',
      60_000,
    );
    // The MQTT readings are of a month without a partition (June 2026): they land in the default partition
    // until a process's partition upkeep (10 s after its start, then hourly) moves that month into its own.
    // Publishing goes on until that has happened, so every run moves a month under load — the move lost
    // readings committed during it until 2026-11-28 (partitions.ts, `holdDefault`).
    const mqttMonth = partitionName(2026, 5);
    await waitFor(
      async () =>
        (await sql<{ r: string | null }>`select to_regclass(${mqttMonth}) as r`.execute(db)).rows[0]?.r !=
        null,
      `the upkeep giving the MQTT readings' month its partition (${mqttMonth})`,
      60_000,
    ).catch((error) => {
      // The upkeep's failures are the processes' warnings ('retention run failed').
      throw new Error(`${error}\nwarnings: ${JSON.stringify(said.map((l) => l.slice(-20)))}`);
    });
    const publishedAtMove = published;
    await sleep(1000);
    publishing = false;
    await publisher;
    await pub.endAsync();
    await load.stop();

    // Reads: every one answered 200, through the restart (nginx sent them to the process alive).
    expect(load.statuses.reads.length).toBeGreaterThan(100);
    expect(load.statuses.reads.filter((s) => s !== 200)).toEqual([]);
    // Ingestion: what was acknowledged is stored. (A POST cut off inside the killed process may be a 502,
    // not acknowledged, and sent again.)
    for (const [device, times] of load.acknowledged) {
      const stored = await storedTimes(db, device);
      expect({ device, missing: times.filter((ts) => !stored.has(ts)) }).toEqual({ device, missing: [] });
    }
    // Streams: every acknowledged reading of the watched sensor, on every stream, across reconnects.
    const wanted = load.acknowledged.get(HTTP_DEVICE)!;
    await waitFor(
      async () => watchers.every((w) => wanted.every((ts) => w.seen.has(ts))),
      'every reading on every stream',
      20_000,
    ).catch(() => undefined);
    const reconnects = watchers.map((w) => w.reconnects());
    const missed = watchers.map((w) => wanted.filter((ts) => !w.seen.has(ts)).length);
    for (const w of watchers) await w.stop();
    expect(missed).toEqual([0, 0, 0, 0]);
    expect(reconnects.some((n) => n > 0)).toBe(true);
    // The killed process: restarted by Restart=always after RestartSec=1, serving again within seconds.
    expect(victim.starts).toHaveLength(2);
    expect(victim.starts[1]! - killedAt).toBeGreaterThanOrEqual(1000);
    expect(victim.starts[1]! - killedAt).toBeLessThan(3000);
    // MQTT (issue 27 point 5): its share waited in its session and is stored once it is back.
    let mqttStored = 0;
    await waitFor(
      async () => {
        mqttStored = (await storedTimes(db, MQTT_DEVICE)).size;
        return mqttStored === published;
      },
      'every published reading stored',
      120_000,
    ).catch(async (error) => {
      // What the next look needs: which messages (by publishing order, and how many had been published at
      // the kill), anything set aside, what each process warned of, and the broker's log of every packet.
      const stored = await storedTimes(db, MQTT_DEVICE);
      const missing = [...Array(published).keys()].filter((i) => !stored.has(MQTT_START + i * 1000));
      const deadLetters = await db.selectFrom('ingest_dead_letters').selectAll().limit(5).execute();
      keepBrokerLog = true;
      throw new Error(
        `${error}: ${mqttStored} of ${published}, ${publishedAtKill} published at the kill; missing ${JSON.stringify(missing.slice(0, 50))}\n` +
          `dead letters: ${JSON.stringify(deadLetters)}\nwarnings: ${JSON.stringify(said.map((l) => l.slice(-20)))}\nbroker log: ${brokerLog}`,
      );
    });
    console.log(
      JSON.stringify({
        probeMs,
        backMs,
        restartAfterMs: victim.starts[1]! - killedAt,
        reads: load.statuses.reads.length,
        ingest5xx: load.statuses.ingest.filter((s) => s >= 500 || s === 0).length,
        acknowledged: wanted.length + load.acknowledged.get(LOAD_DEVICE)!.length,
        reconnects,
        mqtt: published,
        mqttAtKill: publishedAtKill,
        mqttAtMove: publishedAtMove,
        mqttWhere: Object.fromEntries(
          (
            await sql<{ part: string; n: string }>`select m.tableoid::regclass::text as part, count(*) as n
              from measurements m join sensors s on s.id = m.sensor_id join devices d on d.id = s.device_id
              where d.external_device_id = ${MQTT_DEVICE} group by 1`.execute(db)
          ).rows.map((r) => [r.part, Number(r.n)]),
        ),
      }),
    );
  }, 240_000);
});
