import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { seedDemoAccounts } from '../src/auth/demoAccounts.js';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import { createIntegration } from '../src/ingest/credentials.js';
import { insertMeasurements } from '../src/measurements/store.js';
import { cpuSeconds, login, startBenchServer } from './http.js';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const READINGS = Number(process.env.BENCH_READINGS ?? 30);
const OPEN_AT_ONCE = 250;
const SECRET = 'mtn_int_bench_fanout_secret';
const EUI = 'BENCHFAN00000001';
const KEYS = ['temperature', 'humidity', 'battery', 'light'];
const MINUTE = 60_000;
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 8);

const dir = mkdtempSync(join(tmpdir(), 'matnat-bench-fanout-'));
const file = join(dir, 'bench.sqlite');

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};
const uptime = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A device of anna's team the ingestion knows by EUI, and the integration that posts for it. */
async function prepare() {
  const { db } = openDatabase({ dataDir: dir, sqliteFile: file });
  await migrateToLatest(db);
  const accounts = await seedDemoAccounts(db, { memoryCost: 19_456, timeCost: 2 });
  const at = new Date().toISOString();
  const device = await db
    .insertInto('devices')
    .values({ title: 'Frostspjut', external_device_id: EUI, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('device_team')
    .values({ device_id: device.id, team_id: accounts.teams.north })
    .execute();
  await createIntegration(db, { kind: 'http', name: 'Bench', teamId: null, createdBy: null }, SECRET);
  await db.destroy();
  return device.id;
}

function startServer() {
  return startBenchServer({
    BENCH_DB: file,
    DATA_DIR: dir,
    // Every stream comes from this one IP with one token.
    STREAM_MAX_PER_TOKEN: String(STREAMS + 100),
    STREAM_MAX_PER_CALLER: String(STREAMS + 100),
  });
}

function ingest(base: string, key: string, value: number, ts: number) {
  return fetch(`${base}/api/v1/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
    body: JSON.stringify({ device: EUI, readings: [{ sensor: key, value, ts }] }),
  });
}

/** The device's 4 sensors, made by posting one reading of each key, with a day of minute readings. */
async function sensorsOf(base: string, deviceId: number): Promise<number[]> {
  const start = Date.now() - 2 * 86_400_000;
  for (const key of KEYS) if ((await ingest(base, key, 5, start)).status !== 200) throw new Error('ingest');
  const { db } = openDatabase({ dataDir: dir, sqliteFile: file });
  const ids = (
    await db.selectFrom('sensors').select('id').where('device_id', '=', deviceId).orderBy('id').execute()
  ).map((s) => s.id);
  const now = Math.floor(Date.now() / MINUTE) * MINUTE;
  await insertMeasurements(
    db,
    Array.from({ length: 1440 }, (_, i) => ({
      sensor_id: ids[0]!,
      ts: now - (1440 - i) * MINUTE,
      value: i % 30,
    })),
  );
  await db.destroy();
  return ids;
}

async function embedToken(base: string, deviceId: number): Promise<string> {
  const cookie = await login(base);
  const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]*)/.exec(cookie)?.[1] ?? '');
  const res = await fetch(`${base}/api/v1/embed-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': xsrf },
    body: JSON.stringify({
      name: 'Frostsidan',
      scopes: [`device:${deviceId}`],
      allowed_origins: ['https://partner.example'],
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    }),
  });
  if (res.status !== 201) throw new Error(`embed token: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

interface Viewer {
  socket: Socket;
  opened: Promise<void>;
}

/** One stream as a raw socket: arrival times of each reading event by its id (the reading's time). */
function openViewer(port: number, path: string, token: string, arrivals: Map<string, number[]>): Viewer {
  const socket = connect(port, '127.0.0.1');
  socket.setEncoding('utf8');
  let rest = '';
  let markOpened: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const opened = new Promise<void>((done, reject) => {
    markOpened = done;
    fail = reject;
  });
  socket.once('connect', () =>
    socket.write(
      `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${token}\r\n` +
        'origin: https://partner.example\r\naccept: text/event-stream\r\n\r\n',
    ),
  );
  socket.on('data', (chunk: string) => {
    const at = performance.now();
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('retry: ')) markOpened();
      else if (line.startsWith('HTTP/1.1 ') && !line.startsWith('HTTP/1.1 200')) fail(new Error(line));
      else if (line.startsWith('id: ')) {
        const id = line.slice(4);
        const list = arrivals.get(id) ?? [];
        list.push(at);
        arrivals.set(id, list);
      }
    }
  });
  socket.on('error', (error) => fail(error));
  return { socket, opened };
}

async function load(url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: 200, duration: LOAD_SECONDS, headers });
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    timeouts: r.timeouts,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

async function main() {
  console.log(`bench:fanout — ${cpus().length} cores, load average before: ${uptime()}`);
  const deviceId = await prepare();
  const server = await startServer();
  const base = `http://127.0.0.1:${server.port}`;
  try {
    const sensors = await sensorsOf(base, deviceId);
    const token = await embedToken(base, deviceId);
    const path = `/api/v1/stream?sensor_ids=${sensors.join(',')}`;

    // 1. Open the streams, OPEN_AT_ONCE at a time.
    const arrivals = new Map<string, number[]>();
    const viewers: Viewer[] = [];
    const rssBefore = rssMiB(server.pid);
    const openStart = performance.now();
    for (let i = 0; i < STREAMS; i += OPEN_AT_ONCE) {
      const batch = Array.from({ length: Math.min(OPEN_AT_ONCE, STREAMS - i) }, () =>
        openViewer(server.port, path, token, arrivals),
      );
      viewers.push(...batch);
      await Promise.all(batch.map((v) => v.opened));
    }
    const openSeconds = (performance.now() - openStart) / 1000;
    console.log(`opened ${viewers.length} streams in ${openSeconds.toFixed(1)} s`);

    // 2. The server's CPU while they idle.
    await sleep(2_000);
    const idleSeconds = 10;
    const cpu0 = cpuSeconds(server.pid);
    await sleep(idleSeconds * 1000);
    const idleCpu = (cpuSeconds(server.pid) - cpu0) / idleSeconds;
    const rssIdle = rssMiB(server.pid);
    console.log(
      `idle: ${(idleCpu * 100).toFixed(1)} % of a core, ${rssIdle.toFixed(0)} MiB (${rssBefore.toFixed(0)} before)`,
    );

    // 3. One reading a second, the 4 sensors in turn: delivery after the ingest answer.
    const answered = new Map<string, number>();
    const sentAt = new Map<string, number>();
    const cpu1 = cpuSeconds(server.pid);
    const ingestStart = performance.now();
    const base0 = Date.now();
    for (let i = 0; i < READINGS; i++) {
      const ts = base0 + i * 1000;
      const t0 = performance.now();
      const res = await ingest(base, KEYS[i % KEYS.length]!, 10 + (i % 10), ts);
      if (res.status !== 200) throw new Error(`ingest ${res.status}`);
      await res.arrayBuffer();
      sentAt.set(String(ts), t0);
      answered.set(String(ts), performance.now());
      await sleep(Math.max(0, ingestStart + (i + 1) * 1000 - performance.now()));
    }
    await sleep(3_000);
    const ingestCpu = (cpuSeconds(server.pid) - cpu1) / ((performance.now() - ingestStart) / 1000);
    const delays: number[] = [];
    const fromSend: number[] = [];
    let delivered = 0;
    for (const [id, answerAt] of answered) {
      for (const at of arrivals.get(id) ?? []) {
        delays.push(at - answerAt);
        fromSend.push(at - sentAt.get(id)!);
        delivered++;
      }
    }
    const expected = READINGS * STREAMS;
    console.log(
      `delivery after the ingest answer: p50 ${percentile(delays, 50).toFixed(0)} ms, p99 ${percentile(delays, 99).toFixed(0)} ms ` +
        `(from send: p50 ${percentile(fromSend, 50).toFixed(0)}, p99 ${percentile(fromSend, 99).toFixed(0)} ms); ` +
        `delivered ${delivered} of ${expected} (${((100 * delivered) / expected).toFixed(2)} %); ` +
        `server CPU while ingesting ${(ingestCpu * 100).toFixed(0)} % of a core`,
    );

    // 4. Embedded measurement loads against /api/health, alternately, the streams still open.
    const measurementUrl = `${base}/api/v1/sensor/${sensors[0]}/measurements?range_slug=prev_24_h&interval_slug=15_m`;
    const embedHeaders = { authorization: `Bearer ${token}`, origin: 'https://partner.example' };
    await load(measurementUrl, embedHeaders);
    const rounds: { health: Awaited<ReturnType<typeof load>>; embed: Awaited<ReturnType<typeof load>> }[] =
      [];
    for (let round = 0; round < 2; round++) {
      const health = await load(`${base}/api/health`);
      const embed = await load(measurementUrl, embedHeaders);
      rounds.push({ health, embed });
      console.log(
        `round ${round + 1}: /api/health ${health.rps.toFixed(0)} req/s (p99 ${health.p99} ms, ${health.timeouts} timeouts); ` +
          `embedded measurements ${embed.rps.toFixed(0)} req/s (p99 ${embed.p99} ms, ${embed.timeouts} timeouts, ` +
          `${embed.non2xx} non-2xx, ${embed.errors} errors) = ${((100 * embed.rps) / health.rps).toFixed(0)} % of health`,
      );
    }
    const still = viewers.filter((v) => !v.socket.destroyed).length;
    console.log(`streams still open after the loads: ${still} of ${viewers.length}`);
    console.log(`server memory: ${rssMiB(server.pid).toFixed(0)} MiB; load average after: ${uptime()}`);
    for (const v of viewers) v.socket.destroy();
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
