import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { seedDemoAccounts } from '../src/auth/demoAccounts.js';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import { createIntegration } from '../src/ingest/credentials.js';
import { insertMeasurements } from '../src/measurements/store.js';
import { type CpuProfile, profileThisProcess, summarise } from './cpuProfile.js';
import { cpuSeconds, cpuTimes, login, startBenchServer } from './http.js';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const READINGS = Number(process.env.BENCH_READINGS ?? 30);
const OPEN_AT_ONCE = 250;
const SECRET = 'mtn_int_bench_fanout_secret';
const EUI = 'BENCHFAN00000001';
const KEYS = ['temperature', 'humidity', 'battery', 'light'];
const MINUTE = 60_000;
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** Set: the server and this process are profiled while the readings fan out (`bench/cpuProfile.ts`). */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;

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
    BENCH_PROFILE_DIR: PROFILE_DIR,
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

/** Arrival times (performance.now()) of each reading event, by its id (the reading's time). */
type Arrivals = Map<number, number[]>;

const NL = 0x0a;
const CR = 0x0d;
// Every stream reads into this one buffer (`onread`): no Buffer, string or stream event per chunk. A
// chunk is parsed before the next socket's read overwrites it.
const shared = Buffer.allocUnsafe(64 * 1024);
const startsWith = (buf: Buffer, from: number, to: number, prefix: string) => {
  if (to - from < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (buf[from + i] !== prefix.charCodeAt(i)) return false;
  return true;
};

/**
 * One stream as a raw socket, as cheap to read as a client can be (the bench shares the server's cores):
 * each chunk is scanned byte by byte for its lines where the socket's read lands, and the time of arrival
 * is taken once a chunk, before parsing. Only `id:` lines (and the status line and the first `retry:`)
 * are looked at; a line split between two reads is carried over.
 */
function openViewer(port: number, path: string, token: string, arrivals: Arrivals): Viewer {
  let markOpened: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const opened = new Promise<void>((done, reject) => {
    markOpened = done;
    fail = reject;
  });
  let isOpen = false;
  let carried: Buffer | null = null;
  const line = (buf: Buffer, from: number, to: number, at: number) => {
    if (startsWith(buf, from, to, 'id: ')) {
      let id = 0;
      for (let i = from + 4; i < to && buf[i] !== CR; i++) id = id * 10 + (buf[i]! - 48);
      const list = arrivals.get(id);
      if (list) list.push(at);
      else arrivals.set(id, [at]);
    } else if (!isOpen && startsWith(buf, from, to, 'retry: ')) {
      isOpen = true;
      markOpened();
    } else if (
      !isOpen &&
      startsWith(buf, from, to, 'HTTP/1.1 ') &&
      !startsWith(buf, from, to, 'HTTP/1.1 200')
    )
      fail(new Error(buf.toString('latin1', from, to)));
  };
  const socket = connect({
    port,
    host: '127.0.0.1',
    onread: {
      buffer: shared,
      callback: (size: number, buf: Uint8Array) => {
        const at = performance.now();
        let chunk = buf as Buffer;
        let end = size;
        if (carried) {
          chunk = Buffer.concat([carried, chunk.subarray(0, size)]);
          end = chunk.length;
          carried = null;
        }
        let from = 0;
        for (let i = 0; i < end; i++)
          if (chunk[i] === NL) {
            line(chunk, from, i, at);
            from = i + 1;
          }
        if (from < end) carried = Buffer.from(chunk.subarray(from, end));
        return true;
      },
    },
  });
  socket.once('connect', () =>
    socket.write(
      `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${token}\r\n` +
        'origin: https://partner.example\r\naccept: text/event-stream\r\n\r\n',
    ),
  );
  socket.on('error', (error) => fail(error));
  return { socket, opened };
}

/** This process's CPU seconds so far (the bench's own client: the streams, the ingest, autocannon). */
const ownCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/**
 * autocannon at 200 connections for LOAD_SECONDS; with the CPU the server and this process (autocannon and
 * the idle streams) used per request answered, which a shared machine's load changes less than the rate.
 */
async function load(serverPid: number, url: string, headers: Record<string, string> = {}) {
  const server0 = cpuSeconds(serverPid);
  const own0 = ownCpuSeconds();
  const r = await autocannon({ url, connections: 200, duration: LOAD_SECONDS, headers });
  const answered = Math.max(1, r.requests.total);
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    timeouts: r.timeouts,
    errors: r.errors,
    non2xx: r.non2xx,
    bytes: r.throughput.total / answered,
    serverUs: ((cpuSeconds(serverPid) - server0) * 1e6) / answered,
    clientUs: ((ownCpuSeconds() - own0) * 1e6) / answered,
  };
}

/** The server's `matnat_sse_fanout_seconds` histogram: readings written to an audience, seconds, buckets. */
async function fanoutHistogram(base: string) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const value = (line: string) => Number(line.slice(line.lastIndexOf(' ') + 1));
  const lines = text.split('\n').filter((l) => l.startsWith('matnat_sse_fanout_seconds'));
  const buckets = lines
    .filter((l) => l.startsWith('matnat_sse_fanout_seconds_bucket'))
    .map((l) => {
      const le = /le="([^"]+)"/.exec(l)?.[1];
      return { le: le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le), count: value(l) };
    });
  const one = (suffix: string) =>
    value(lines.find((l) => l.startsWith(`matnat_sse_fanout_seconds_${suffix} `)) ?? ' 0');
  return { count: one('count'), sum: one('sum'), buckets };
}

/** The server's fan-out of the readings between two scrapes: how many, mean ms, and the bucket 99 % fit in. */
function fanoutBetween(
  before: Awaited<ReturnType<typeof fanoutHistogram>>,
  after: Awaited<ReturnType<typeof fanoutHistogram>>,
) {
  const count = after.count - before.count;
  const meanMs = count > 0 ? ((after.sum - before.sum) * 1000) / count : Number.NaN;
  const p99 = after.buckets.find(
    (b, i) => b.count - (before.buckets[i]?.count ?? 0) >= 0.99 * count && count > 0,
  )?.le;
  return { count, meanMs, p99Ms: p99 === undefined ? Number.NaN : p99 * 1000 };
}

/** A bucket's bound as the report says it (past the last bucket: more than a second). */
const within = (ms: number) => (ms === Number.POSITIVE_INFINITY ? 'more than 1,000 ms' : `${ms} ms`);

/** A budget's line of the report: its figure, and ok or MISSED. */
interface Row {
  what: string;
  budget: string;
  measured: string;
  ok: boolean | null;
}

let profiles = 0;

/** BENCH_PROFILE_DIR: the server and this process profiled during `phase`, summarised. */
async function profiled<T>(serverPid: number, what: string, phase: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIR) return phase();
  profiles++;
  process.kill(serverPid, 'SIGUSR2');
  const stopOwn = await profileThisProcess(join(PROFILE_DIR, `client-${profiles}.cpuprofile`));
  await sleep(200);
  const result = await phase();
  process.kill(serverPid, 'SIGUSR2');
  console.log(`the bench's own process ${what}:\n${summarise(await stopOwn(), 20)}`);
  const serverFile = join(PROFILE_DIR, `server-${profiles}.cpuprofile`);
  while (!existsSync(serverFile)) await sleep(100);
  const profile = JSON.parse(readFileSync(serverFile, 'utf8')) as CpuProfile;
  console.log(`server ${what}:\n${summarise(profile, 40)}`);
  return result;
}

async function main() {
  const loadBefore = uptime();
  console.log(
    `bench:fanout — ${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model.trim()}), ` +
      `node ${process.version}, load average before: ${loadBefore}`,
  );
  const deviceId = await prepare();
  const server = await startServer();
  const base = `http://127.0.0.1:${server.port}`;
  const rows: Row[] = [];
  try {
    const sensors = await sensorsOf(base, deviceId);
    const token = await embedToken(base, deviceId);
    const path = `/api/v1/stream?sensor_ids=${sensors.join(',')}`;

    // 1. Open the streams, OPEN_AT_ONCE at a time.
    const arrivals: Arrivals = new Map();
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
    console.log(`opened ${viewers.length} streams in ${openSeconds.toFixed(1)} s (load ${uptime()})`);
    rows.push({
      what: `${STREAMS.toLocaleString('en')} streams opened`,
      budget: '≤ 10 s',
      measured: `${openSeconds.toFixed(1)} s`,
      ok: openSeconds <= 10,
    });

    // 2. The server's CPU while they idle.
    await sleep(2_000);
    const idleSeconds = 10;
    const cpu0 = cpuSeconds(server.pid);
    await sleep(idleSeconds * 1000);
    const idleCpu = (cpuSeconds(server.pid) - cpu0) / idleSeconds;
    const rssIdle = rssMiB(server.pid);
    console.log(
      `idle: ${(idleCpu * 100).toFixed(1)} % of a core, ${rssIdle.toFixed(0)} MiB (${rssBefore.toFixed(0)} before) (load ${uptime()})`,
    );
    rows.push({
      what: 'server CPU while they idle (10 s)',
      budget: '≤ 20 % of a core',
      measured: `${(idleCpu * 100).toFixed(1)} %`,
      ok: idleCpu <= 0.2,
    });

    // 3. One reading a second, the 4 sensors in turn: delivery after the ingest answer (the time this
    // process has the answer's body) to the time the event's chunk is read from each stream's socket.
    const answered = new Map<number, number>();
    const sentAt = new Map<number, number>();
    const cpu1 = cpuTimes(server.pid);
    const own1 = ownCpuSeconds();
    const fanout1 = await fanoutHistogram(base);
    const ingestStart = performance.now();
    await profiled(server.pid, 'while the readings fan out', async () => {
      const base0 = Date.now();
      for (let i = 0; i < READINGS; i++) {
        const ts = base0 + i * 1000;
        const t0 = performance.now();
        const res = await ingest(base, KEYS[i % KEYS.length]!, 10 + (i % 10), ts);
        if (res.status !== 200) throw new Error(`ingest ${res.status}`);
        await res.arrayBuffer();
        sentAt.set(ts, t0);
        answered.set(ts, performance.now());
        await sleep(Math.max(0, ingestStart + (i + 1) * 1000 - performance.now()));
      }
      await sleep(3_000);
    });
    const ingestSeconds = (performance.now() - ingestStart) / 1000;
    const cpu2 = cpuTimes(server.pid);
    const ingestCpu = (cpu2.user + cpu2.system - cpu1.user - cpu1.system) / ingestSeconds;
    const kernelShare = (cpu2.system - cpu1.system) / (cpu2.user + cpu2.system - cpu1.user - cpu1.system);
    // The server's own time writing each reading to its streams (one audience here: one token, 4 sensors).
    const fanout = fanoutBetween(fanout1, await fanoutHistogram(base));
    const perStreamUs = (fanout.meanMs * 1000) / STREAMS;
    const clientCpu = (ownCpuSeconds() - own1) / ingestSeconds;
    const delays: number[] = [];
    const fromSend: number[] = [];
    const spans: number[] = [];
    let delivered = 0;
    for (const [id, answerAt] of answered) {
      const times = arrivals.get(id) ?? [];
      for (const at of times) {
        delays.push(at - answerAt);
        fromSend.push(at - sentAt.get(id)!);
        delivered++;
      }
      if (times.length > 0) spans.push(Math.max(...times) - Math.min(...times));
    }
    const expected = READINGS * STREAMS;
    const p = (xs: number[], q: number) => percentile(xs, q).toFixed(0);
    console.log(
      `delivery after the ingest answer: p50 ${p(delays, 50)} ms, p99 ${p(delays, 99)} ms ` +
        `(from send: p50 ${p(fromSend, 50)}, p99 ${p(fromSend, 99)} ms); ` +
        `delivered ${delivered} of ${expected} (${((100 * delivered) / expected).toFixed(2)} %); ` +
        `server CPU while ingesting ${(ingestCpu * 100).toFixed(0)} % of a core, ` +
        `the bench's own (client) ${(clientCpu * 100).toFixed(0)} %; first to last stream of a reading: ` +
        `median ${p(spans, 50)} ms, max ${p(spans, 100)} ms (load ${uptime()})`,
    );
    console.log(
      `the server writing a reading to its ${STREAMS} streams (matnat_sse_fanout_seconds, ${fanout.count} fan-outs): ` +
        `mean ${fanout.meanMs.toFixed(1)} ms (${perStreamUs.toFixed(1)} µs a stream), 99 % within ${within(fanout.p99Ms)}; ` +
        `the server's CPU while delivering ${(100 * kernelShare).toFixed(0)} % in the kernel`,
    );
    rows.push({
      what: 'delivered',
      budget: '100 %',
      measured: `${((100 * delivered) / expected).toFixed(2)} % (${delivered.toLocaleString('en')} of ${expected.toLocaleString('en')})`,
      ok: delivered === expected,
    });
    rows.push({
      what: 'delivery after the ingest answer, p50 / p99',
      budget: 'p99 ≤ 100 ms',
      measured:
        `${p(delays, 50)} / ${p(delays, 99)} ms (from the send ${p(fromSend, 50)} / ${p(fromSend, 99)} ms); ` +
        `server CPU while delivering ${(ingestCpu * 100).toFixed(0)} % of a core (${(100 * kernelShare).toFixed(0)} % of it ` +
        `in the kernel), the bench's client ${(clientCpu * 100).toFixed(0)} %; the server's writing of a reading ` +
        `to all streams ${fanout.meanMs.toFixed(0)} ms (mean, ${perStreamUs.toFixed(1)} µs a stream; 99 % within ` +
        `${within(fanout.p99Ms)}); first to last stream of a reading ${p(spans, 50)} ms (median)`,
      ok: percentile(delays, 99) <= 100,
    });

    // 4. Embedded measurement loads against /api/health, alternately, the streams still open.
    const measurementUrl = `${base}/api/v1/sensor/${sensors[0]}/measurements?range_slug=prev_24_h&interval_slug=15_m`;
    const embedHeaders = { authorization: `Bearer ${token}`, origin: 'https://partner.example' };
    // What a browser sends besides: the answer then comes br-coded (kept with the shared answer).
    const browserHeaders = { ...embedHeaders, 'accept-encoding': 'gzip, deflate, br, zstd' };
    if (ROUNDS > 0) await load(server.pid, measurementUrl, embedHeaders);
    for (let round = 0; round < ROUNDS; round++) {
      const health = await load(server.pid, `${base}/api/health`);
      const embed = await (round === 0
        ? profiled(server.pid, 'under the embedded measurement load', () =>
            load(server.pid, measurementUrl, embedHeaders),
          )
        : load(server.pid, measurementUrl, embedHeaders));
      const browser = await load(server.pid, measurementUrl, browserHeaders);
      const share = embed.rps / health.rps;
      console.log(
        `round ${round + 1}: /api/health ${health.rps.toFixed(0)} req/s (p99 ${health.p99} ms, ${health.timeouts} timeouts); ` +
          `embedded measurements ${embed.rps.toFixed(0)} req/s (p99 ${embed.p99} ms, ${embed.timeouts} timeouts, ` +
          `${embed.non2xx} non-2xx, ${embed.errors} errors) = ${(100 * share).toFixed(0)} % of health (load ${uptime()}); ` +
          `CPU a request: server ${health.serverUs.toFixed(0)} / ${embed.serverUs.toFixed(0)} µs, ` +
          `bench process ${health.clientUs.toFixed(0)} / ${embed.clientUs.toFixed(0)} µs (health / embedded); ` +
          `${health.bytes.toFixed(0)} / ${embed.bytes.toFixed(0)} bytes an answer`,
      );
      console.log(
        `round ${round + 1}: embedded measurements as a browser asks (accept-encoding: gzip, deflate, br, zstd) ` +
          `${browser.rps.toFixed(0)} req/s (p99 ${browser.p99} ms, ${browser.timeouts} timeouts, ${browser.non2xx} non-2xx, ` +
          `${browser.errors} errors), ${browser.bytes.toFixed(0)} bytes an answer; CPU a request: server ` +
          `${browser.serverUs.toFixed(0)} µs, bench process ${browser.clientUs.toFixed(0)} µs`,
      );
      rows.push({
        what: `round ${round + 1}: embedded measurements, 200 connections, cache warm`,
        budget: '≥ 5,000 req/s, 0 timeouts',
        measured:
          `${embed.rps.toFixed(0)} req/s, ${embed.timeouts} timeouts, ${embed.non2xx} non-2xx, ${embed.errors} errors, ` +
          `p99 ${embed.p99} ms; server CPU ${embed.serverUs.toFixed(0)} µs a request, the bench's ${embed.clientUs.toFixed(0)} µs`,
        ok: embed.rps >= 5000 && embed.timeouts === 0 && embed.non2xx === 0 && embed.errors === 0,
      });
      rows.push({
        what: `round ${round + 1}: … the same as a browser asks (Accept-Encoding: gzip, deflate, br, zstd)`,
        budget: '',
        measured:
          `${browser.rps.toFixed(0)} req/s, ${browser.timeouts} timeouts, ${browser.non2xx} non-2xx, ${browser.errors} errors, ` +
          `p99 ${browser.p99} ms, ${browser.bytes.toFixed(0)} bytes an answer (plain ${embed.bytes.toFixed(0)}); ` +
          `server CPU ${browser.serverUs.toFixed(0)} µs a request`,
        ok: null,
      });
      rows.push({
        what: `round ${round + 1}: … against /api/health in the same run`,
        budget: '≥ 50 %',
        measured:
          `${(100 * share).toFixed(0)} % (health ${health.rps.toFixed(0)} req/s, p99 ${health.p99} ms; ` +
          `server CPU ${health.serverUs.toFixed(0)} µs a request, the bench's ${health.clientUs.toFixed(0)} µs)`,
        ok: share >= 0.5,
      });
    }
    const still = viewers.filter((v) => !v.socket.destroyed).length;
    console.log(`streams still open after the loads: ${still} of ${viewers.length}`);
    rows.push({
      what: 'server memory',
      budget: '',
      measured:
        `${rssBefore.toFixed(0)} MiB before the streams, ${rssIdle.toFixed(0)} MiB with them idle, ` +
        `${rssMiB(server.pid).toFixed(0)} MiB after the loads; ${still} of ${viewers.length} streams still open`,
      ok: null,
    });
    for (const v of viewers) v.socket.destroy();
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  // Everything docs/benchmarks.md needs, in its table's form.
  console.log(
    `\n\`npm run bench:fanout\`, ${new Date().toISOString()}, load average before ${loadBefore}, after ${uptime()}\n` +
      `(${STREAMS} streams, ${READINGS} readings, autocannon 200 connections × ${LOAD_SECONDS} s, ${ROUNDS} rounds)\n\n` +
      '| | budget | measured |\n|---|---|---|\n' +
      rows
        .map(
          (r) =>
            `| ${r.what} | ${r.budget} | **${r.measured}**${r.ok === null ? '' : r.ok ? ': ok' : ': MISSED'} |`,
        )
        .join('\n'),
  );
}

await main();
process.exit(0);
