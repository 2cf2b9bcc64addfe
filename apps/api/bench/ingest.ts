// `pnpm bench:ingest`: the ingestion budgets of issue 10 — MQTT (QoS 1, TTS-shaped, one reading a message)
// sustained for BENCH_SECONDS (default 60) with zero loss, and HTTP batches — on SQLite and PostgreSQL, plus
// two API processes splitting one MQTT stream through a shared subscription (PostgreSQL).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import mqtt, { type MqttClient } from 'mqtt';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import type { DB } from '../src/db/types.js';
import { createIntegration } from '../src/ingest/credentials.js';
import { createPostgresDatabase } from '../src/test/harness.js';
import { type Broker, ownBroker, type ServerProcess, startServer } from '../src/test/processes.js';
import { DEVICES, MQTT_TOPIC, payloads } from './benchUplinks.js';
import { type LeanPublisher, leanPublisher, leanTemplate } from './leanPublisher.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 20);
// Offered a little above the 30,000 msg/s budget, so that a sustained figure at the budget shows the server keeping up.
const RATE = Number(process.env.BENCH_RATE ?? 33_000);
const SECRET = 'mtn_int_bench_secret';
// e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the servers (written when they exit).
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

interface Target {
  name: string;
  env: Record<string, string>;
  db: Kysely<DB>;
  close(): Promise<void>;
}

async function prepare(dialect: 'sqlite' | 'postgres', dir: string): Promise<Target> {
  const pgDatabase = dialect === 'postgres' ? await createPostgresDatabase() : null;
  const database = openDatabase({ dataDir: dir, databaseUrl: pgDatabase?.url ?? null });
  await migrateToLatest(database.db);
  await createIntegration(
    database.db,
    { kind: 'mqtt', name: 'Bench', teamId: null, createdBy: null },
    SECRET,
  );
  return {
    name: dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL',
    env: pgDatabase ? { DATABASE_URL: pgDatabase.url } : { DATA_DIR: dir },
    db: database.db,
    async close() {
      await database.close();
      await pgDatabase?.drop();
    },
  };
}

/** Readings stored: the daily rollups' counts, written in the same transactions (count(*) over millions of
 * rows every second would take CPU from the server being measured). */
async function storedCount(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('measurement_rollups_1d')
    .select((eb) => eb.fn.sum<number>('count').as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

/** CPU seconds a process has used so far (user + system), from /proc. */
async function cpuSeconds(pid: number): Promise<number> {
  const { readFileSync } = await import('node:fs');
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds of the PostgreSQL backends serving the database `db` is connected to (the bench's own left out). */
async function postgresCpu(db: Kysely<DB>): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const rows = await sql<{ pid: number }>`select pid from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid()`.execute(db);
  for (const { pid } of rows.rows) out.set(pid, await cpuSeconds(pid).catch(() => 0));
  return out;
}

/** What the other processes of a run cost: the broker, PostgreSQL's backends, the publishers (this process). */
async function othersCpu(target: Target, broker: Broker) {
  const own = process.cpuUsage();
  return {
    broker: await cpuSeconds(broker.pid()!),
    postgres: target.name === 'SQLite' ? new Map<number, number>() : await postgresCpu(target.db),
    publishers: (own.user + own.system) / 1e6,
  };
}

function othersSpent(before: Awaited<ReturnType<typeof othersCpu>>, after: typeof before) {
  let postgres = 0;
  for (const [pid, cpu] of after.postgres) postgres += cpu - (before.postgres.get(pid) ?? 0);
  return { broker: after.broker - before.broker, postgres, publishers: after.publishers - before.publishers };
}

// `lean` (default): the raw-socket QoS 1 publishers of leanPublisher.ts; `mqttjs`: two mqtt.js clients.
const PUBLISHER = process.env.BENCH_PUBLISHER === 'mqttjs' ? 'mqttjs' : 'lean';

/**
 * Publishes `RATE` messages a second for `SECONDS` at QoS 1, every message a distinct reading (its time is
 * the message's sequence number in milliseconds past a start a day ago), through two connections, at most
 * 50,000 messages unacknowledged. Counts what the broker acknowledged.
 */
async function publish(url: string): Promise<{ published: number; startedAt: number; endedAt: number }> {
  return PUBLISHER === 'lean' ? publishLean(url) : publishMqttjs(url);
}

async function publishMqttjs(
  url: string,
): Promise<{ published: number; startedAt: number; endedAt: number }> {
  const clients: MqttClient[] = [];
  for (let i = 0; i < 2; i++) {
    const client = mqtt.connect(url, { protocolVersion: 5, clientId: `bench-pub-${i}-${process.pid}` });
    await new Promise((done) => client.once('connect', done));
    clients.push(client);
  }
  const base = Date.now() - 86_400_000;
  const templates = payloads(base);
  const baseIso = new Date(base).toISOString();
  let sequence = 0;
  let published = 0;
  let inflight = 0;
  const startedAt = Date.now();
  const total = RATE * SECONDS;
  while (sequence < total) {
    const due = Math.min(total, Math.floor(((Date.now() - startedAt) / 1000) * RATE));
    while (sequence < due && inflight < 50_000) {
      const template = templates[sequence % DEVICES]!;
      const at = new Date(base + sequence).toISOString();
      const body = template.replaceAll(baseIso, at);
      const client = clients[sequence % clients.length]!;
      inflight++;
      client.publish(MQTT_TOPIC, body, { qos: 1 }, (err) => {
        inflight--;
        if (!err) published++;
      });
      sequence++;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  while (inflight > 0) await new Promise((r) => setTimeout(r, 20));
  const endedAt = Date.now();
  for (const client of clients) await client.endAsync();
  return { published, startedAt, endedAt };
}

async function publishLean(url: string): Promise<{ published: number; startedAt: number; endedAt: number }> {
  const { hostname, port } = new URL(url);
  const clients: LeanPublisher[] = [];
  for (let i = 0; i < 2; i++)
    clients.push(await leanPublisher(hostname, Number(port), `bench-pub-${i}-${process.pid}`));
  const base = Date.now() - 86_400_000;
  const baseIso = new Date(base).toISOString();
  const templates = payloads(base).map((p) => leanTemplate(MQTT_TOPIC, p, baseIso));
  const inflight = () => clients[0]!.inflight + clients[1]!.inflight;
  let sequence = 0;
  const startedAt = Date.now();
  const total = RATE * SECONDS;
  while (sequence < total) {
    const due = Math.min(total, Math.floor(((Date.now() - startedAt) / 1000) * RATE));
    let room = 50_000 - inflight();
    while (sequence < due && room-- > 0) {
      const at = new Date(base + sequence).toISOString();
      clients[sequence % clients.length]!.publish(templates[sequence % DEVICES]!, at);
      sequence++;
    }
    for (const client of clients) client.flush();
    await new Promise((r) => setTimeout(r, 5));
  }
  while (inflight() > 0) await new Promise((r) => setTimeout(r, 20));
  const endedAt = Date.now();
  for (const client of clients) await client.end();
  const refused = clients[0]!.refused + clients[1]!.refused;
  if (refused > 0) console.log(`  the broker refused ${fmt(refused)} messages`);
  return { published: clients[0]!.acknowledged + clients[1]!.acknowledged, startedAt, endedAt };
}

interface MqttResult {
  published: number;
  stored: number;
  seconds: number;
  rate: number;
  publishRate: number;
  maxBacklog: number;
  /** The longest time (s) in which nothing was stored while messages were waiting (issue 27 point 4). */
  longestStall: number;
  /** MQTT errors the servers logged (keepalive timeouts, closed connections). */
  mqttErrors: string[];
  serverCpu: number;
  /** CPU seconds of the broker, PostgreSQL's backends and the publishers over the run. */
  others: { broker: number; postgres: number; publishers: number };
  loadBefore: number;
  load: number;
}

async function mqttRun(target: Target, broker: Broker, processes = 1): Promise<MqttResult> {
  const servers: ServerProcess[] = [];
  for (let i = 0; i < processes; i++)
    servers.push(
      await startServer(
        {
          ...target.env,
          MQTT_URL: broker.url,
          MQTT_TOPICS: 'v3/+/devices/+/up',
          MQTT_CLIENT_ID: `bench-ingest-${i}-${Date.now()}`,
        },
        SERVER_NODE_ARGS,
      ),
    );
  await new Promise((r) => setTimeout(r, 500));
  const before = await storedCount(target.db);
  const cpuBefore = await Promise.all(servers.map((s) => cpuSeconds(s.pid)));
  const othersBefore = await othersCpu(target, broker);
  const loadBefore = loadavg()[0]!;
  let maxBacklog = 0;
  let published = 0;
  const publishing = publish(broker.url).then((r) => {
    published = r.published;
    return r;
  });
  let running = true;
  let longestStall = 0;
  const sampler = (async () => {
    const started = Date.now();
    let last = 0;
    let lastAt = Date.now();
    while (running) {
      await new Promise((r) => setTimeout(r, 1000));
      const expected = Math.min(RATE * SECONDS, Math.floor(((Date.now() - started) / 1000) * RATE));
      const stored = (await storedCount(target.db)) - before;
      maxBacklog = Math.max(maxBacklog, expected - stored);
      if (stored > last || stored >= expected) {
        last = stored;
        lastAt = Date.now();
      }
      longestStall = Math.max(longestStall, (Date.now() - lastAt) / 1000);
    }
  })();
  const run = await publishing;
  let stored = 0;
  let doneAt = Date.now();
  let progressAt = Date.now();
  for (const deadline = Date.now() + 600_000; Date.now() < deadline; ) {
    const now = (await storedCount(target.db)) - before;
    if (now > stored) progressAt = Date.now();
    stored = now;
    doneAt = Date.now();
    if (stored >= published) break;
    if (Date.now() - progressAt > 60_000) {
      console.log(`no progress for 60 s at ${fmt(stored)} of ${fmt(published)}; the servers said:`);
      for (const server of servers) console.log(server.output().slice(-3000));
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  running = false;
  await sampler;
  const cpuAfter = await Promise.all(servers.map((s) => cpuSeconds(s.pid)));
  const others = othersSpent(othersBefore, await othersCpu(target, broker));
  const mqttErrors = servers.flatMap((s) =>
    s
      .output()
      .split('\n')
      .filter((line) => line.includes('"module":"mqtt"') && /error|timeout|closed/i.test(line))
      .map((line) => /"message":"([^"]*)"/.exec(line)?.[1] ?? line.slice(0, 200)),
  );
  for (const server of servers) await server.kill('SIGTERM');
  const seconds = (doneAt - run.startedAt) / 1000;
  return {
    published,
    stored,
    seconds,
    rate: stored / seconds,
    publishRate: published / ((run.endedAt - run.startedAt) / 1000),
    maxBacklog,
    longestStall,
    mqttErrors,
    serverCpu: cpuAfter.reduce((a, b) => a + b, 0) - cpuBefore.reduce((a, b) => a + b, 0),
    others,
    loadBefore,
    load: loadavg()[0]!,
  };
}

/** HTTP: `connections` clients posting batches of 1000 readings for HTTP_SECONDS. */
async function httpRun(target: Target, broker: Broker) {
  const server = await startServer({ ...target.env });
  const cpuBefore = await cpuSeconds(server.pid);
  const othersBefore = await othersCpu(target, broker);
  const loadBefore = loadavg()[0]!;
  const connections = 8;
  let acknowledged = 0;
  let failed = 0;
  const startedAt = Date.now();
  const until = startedAt + HTTP_SECONDS * 1000;
  const base = Date.now() - 86_400_000;
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      for (let n = 0; Date.now() < until; n++) {
        const readings = Array.from({ length: 1000 }, (_, i) => ({
          sensor: 'temperature',
          ts: base + n * 1000 + i,
          value: i % 40,
        }));
        const response = await fetch(`${server.url}/api/v1/ingest`, {
          method: 'POST',
          headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
          body: JSON.stringify({ device: `HTTPBENCH${c}`, readings }),
        });
        if (response.ok) acknowledged += readings.length;
        else failed++;
        await response.arrayBuffer();
      }
    }),
  );
  const seconds = (Date.now() - startedAt) / 1000;
  const cpu = (await cpuSeconds(server.pid)) - cpuBefore;
  const others = othersSpent(othersBefore, await othersCpu(target, broker));
  await server.kill('SIGTERM');
  const load = loadavg()[0]!;
  return {
    acknowledged,
    failed,
    seconds,
    rate: acknowledged / seconds,
    serverCpu: cpu,
    others,
    loadBefore,
    load,
  };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

function printMqtt(label: string, r: MqttResult) {
  const us = (seconds: number) => ((seconds / r.stored) * 1e6).toFixed(1);
  const { broker, postgres, publishers } = r.others;
  const all = r.serverCpu + broker + postgres + publishers;
  console.log(
    `${label}: published ${fmt(r.published)} (at ${fmt(r.publishRate)}/s), stored ${fmt(r.stored)} ` +
      `(${r.published === r.stored ? 'zero loss' : `${fmt(r.published - r.stored)} NOT STORED`}) in ${r.seconds.toFixed(1)} s = ` +
      `${fmt(r.rate)} msg/s sustained; largest backlog ${fmt(Math.max(0, r.maxBacklog))}; longest stall ` +
      `${r.longestStall.toFixed(0)} s; MQTT errors ${r.mqttErrors.length ? r.mqttErrors.join(' | ') : 'none'}; server CPU ${r.serverCpu.toFixed(1)} s ` +
      `= ${((r.serverCpu / r.stored) * 1e6).toFixed(1)} µs a message (${fmt(r.stored / r.serverCpu)} msg/s per core it has to itself); load ${r.loadBefore.toFixed(2)} → ${r.load.toFixed(2)}`,
  );
  console.log(
    `  CPU a message: server ${us(r.serverCpu)} µs, broker ${us(broker)} µs, PostgreSQL ${us(postgres)} µs, ` +
      `publishers ${us(publishers)} µs = ${us(all)} µs in all (${fmt(r.stored / (all / 2))} msg/s on 2 cores of their own)`,
  );
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'matnat-bench-ingest-'));
  console.log(
    `bench:ingest on ${cpus().length} cores (${cpus()[0]?.model}), load ${loadavg()[0]!.toFixed(2)}; ` +
      `MQTT ${fmt(RATE)} msg/s for ${SECONDS} s (publishers: ${PUBLISHER === 'lean' ? 'lean raw-socket QoS 1' : 'mqtt.js'}), HTTP ${HTTP_SECONDS} s`,
  );
  const broker = await ownBroker(join(dir, 'broker'));
  const only = (process.env.BENCH_ONLY ?? 'sqlite,postgres,shared').split(',');
  try {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      if (!only.includes(dialect)) continue;
      const target = await prepare(dialect, join(dir, dialect));
      try {
        printMqtt(`MQTT ${target.name}`, await mqttRun(target, broker));
        const http = await httpRun(target, broker);
        const perReading = (seconds: number) => ((seconds / http.acknowledged) * 1e6).toFixed(2);
        console.log(
          `HTTP ${target.name}: ${fmt(http.acknowledged)} readings acknowledged in ${http.seconds.toFixed(1)} s = ` +
            `${fmt(http.rate)} readings/s (batches of 1000, 8 connections, ${http.failed} failed); server CPU ` +
            `${perReading(http.serverCpu)} µs a reading (${fmt(http.acknowledged / http.serverCpu)} readings/s per core), ` +
            `PostgreSQL ${perReading(http.others.postgres)} µs, senders ${perReading(http.others.publishers)} µs; ` +
            `load ${http.loadBefore.toFixed(2)} → ${http.load.toFixed(2)}`,
        );
      } finally {
        await target.close();
      }
    }
    if (only.includes('shared')) {
      const target = await prepare('postgres', join(dir, 'shared'));
      try {
        printMqtt('MQTT PostgreSQL, 2 processes, shared subscription', await mqttRun(target, broker, 2));
      } finally {
        await target.close();
      }
    }
  } finally {
    await broker.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// Interrupted: exit, so the broker and servers started here are ended with us (src/test/processes.ts).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

await main();
