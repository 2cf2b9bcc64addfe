import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { DEMO_PASSWORD, seedDemoAccounts } from '../auth/demoAccounts.js';
import { type Dialect, migrateToLatest, openDatabase } from '../db/database.js';
import type { DB } from '../db/types.js';
import { createIntegration } from '../ingest/credentials.js';
import { createPostgresDatabase, TEST_PASSWORD_COST } from './harness.js';

/**
 * Processes of their own for fault tests and benchmarks: a Mosquitto that can be stopped and started
 * again (never the shared one on 1883) and API servers that can be killed. Each is ended by its pid.
 */

const apiRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

// Children still running when this process ends (an interrupted benchmark, a failed test) end with it.
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** `npm run build`'s step for the API: tsup writes apps/api/dist (plain JavaScript). */
export function buildApi(): void {
  const tsup = join(
    dirname(createRequire(import.meta.url).resolve('tsup/package.json')),
    'dist/cli-default.js',
  );
  const built = spawnSync(process.execPath, [tsup], { cwd: apiRoot, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`tsup failed:\n${built.stdout}\n${built.stderr}`);
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', () => done());
  });
}

async function portOpen(port: number): Promise<boolean> {
  const { connect } = await import('node:net');
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

export interface Broker {
  url: string;
  port: number;
  start(): Promise<void>;
  /** SIGTERM: Mosquitto writes its persistence file (sessions, queued messages) and exits. */
  stop(): Promise<void>;
  /** The running Mosquitto's process id (benchmarks count its CPU). */
  pid(): number | undefined;
}

/**
 * A Mosquitto of our own on a free port, persistent (so sessions and queued QoS 1 messages survive a
 * restart) and without the default limits that drop messages for a slow subscriber (the benchmark's
 * load would otherwise be cut at 1000 queued messages a client).
 */
export async function ownBroker(dir: string): Promise<Broker> {
  return brokerIn(dir, (port) =>
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence true',
      `persistence_location ${dir}/`,
      'max_queued_messages 0',
      'max_inflight_messages 0',
      'max_keepalive 60',
      'log_dest none',
      '',
    ].join('\n'),
  );
}

/**
 * A Mosquitto of our own from a `conf.d` snippet as written (deploy/mosquitto/matnat.conf): its
 * `listener` moved to a free port, with persistence in `dir` as Debian's main mosquitto.conf sets it.
 */
export async function ownBrokerFromConfig(
  dir: string,
  snippet: string,
  options: { log?: string } = {},
): Promise<Broker> {
  const own = readFileSync(snippet, 'utf8');
  // `log`: every packet in and out, to that file (what a failed delivery test needs to be read).
  const log = options.log
    ? `log_dest file ${options.log}\nlog_type all\nlog_timestamp_format %H:%M:%S`
    : 'log_dest none';
  return brokerIn(
    dir,
    (port) =>
      `${own.replace(/^listener \d+/m, `listener ${port}`)}\npersistence true\npersistence_location ${dir}/\n${log}\n`,
  );
}

/** Mosquitto on a free port with the configuration `configFor(port)`, its files in `dir`. */
async function brokerIn(dir: string, configFor: (port: number) => string): Promise<Broker> {
  mkdirSync(dir, { recursive: true });
  // Started as root, Mosquitto drops to its own user: that user writes the persistence file here.
  chmodSync(dir, 0o777);
  const port = await freePort();
  const config = join(dir, 'mosquitto.conf');
  writeFileSync(config, configFor(port));
  let child: ChildProcess | null = null;
  const broker: Broker = {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    async start() {
      child = track(spawn('mosquitto', ['-c', config], { stdio: 'ignore' }));
      await waitFor(() => portOpen(port), `mosquitto on ${port}`);
    },
    pid: () => child?.pid,
    async stop() {
      if (!child) return;
      const c = child;
      child = null;
      c.kill('SIGTERM');
      await exited(c);
    },
  };
  await broker.start();
  return broker;
}

export interface ServerProcess {
  url: string;
  pid: number;
  kill(signal?: NodeJS.Signals): Promise<void>;
  output(): string;
  /** The exit status once it has exited (null before, or when a signal ended it). */
  exitCode(): number | null;
}

/** `apps/api/src/main.ts` as its own process (the start command), ready once /api/health answers. */
export async function startServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const args = [...nodeArgs, '--conditions=@matnat/source', '--import', 'tsx', 'src/main.ts'];
  const child = track(
    spawn(process.execPath, args, {
      cwd: apiRoot,
      env: {
        ...process.env,
        SEED_DEMO: 'false',
        SIMULATE: 'false',
        LOG_LEVEL: 'warn',
        ...env,
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let log = '';
  child.stdout?.on('data', (chunk) => {
    log = (log + String(chunk)).slice(-20_000);
  });
  child.stderr?.on('data', (chunk) => {
    log = (log + String(chunk)).slice(-20_000);
  });
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    pid: child.pid!,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited(child);
    },
    output: () => log,
    exitCode: () => child.exitCode,
  };
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited: ${log}`);
        return (await fetch(`${url}/api/health`)).ok;
        // A bound, not a wait: starting through tsx takes seconds on a loaded machine.
      },
      'the API server',
      60_000,
    );
  } catch (error) {
    await server.kill('SIGKILL');
    throw new Error(`${String(error)}\n${log}`);
  }
  return server;
}

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(';')[0]!);

/** The session cookie of a demo account at `url`, signed in the way the SPA does. */
export async function signIn(url: string, email = 'admin@matnat.se'): Promise<string> {
  const jar = cookiesOf(await fetch(`${url}/sanctum/csrf-cookie`));
  const xsrf = decodeURIComponent(jar.find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length));
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: jar.join('; ') },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login as ${email}: ${login.status}`);
  return cookiesOf(login).join('; ');
}

/** A JSON request as the SPA sends it with the `cookie` of `signIn` (its XSRF-TOKEN echoed in the header). */
export function sendAs(url: string, cookie: string, method: string, path: string, body?: unknown) {
  const xsrf = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(cookie)?.[1] ?? '';
  return fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf), cookie },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/**
 * A fresh database of `dialect` for server processes, migrated, with the demo accounts and an
 * integration with `secret`; `env` points a server at it.
 */
export async function prepareServerDatabase(dialect: Dialect, dir: string, secret: string) {
  const pgDatabase = dialect === 'postgres' ? await createPostgresDatabase() : null;
  const env: Record<string, string> = pgDatabase ? { DATABASE_URL: pgDatabase.url } : { DATA_DIR: dir };
  const database = openDatabase({ dataDir: dir, databaseUrl: pgDatabase?.url ?? null });
  await migrateToLatest(database.db);
  await seedDemoAccounts(database.db, TEST_PASSWORD_COST);
  await createIntegration(database.db, { kind: 'http', name: 'Test', teamId: null, createdBy: null }, secret);
  return {
    env: { ...env, ARGON2_MEMORY_KIB: String(TEST_PASSWORD_COST.memoryCost), ARGON2_TIME_COST: '1' },
    database,
    async drop() {
      await database.close();
      await pgDatabase?.drop();
    },
  };
}

/**
 * A device of anna's team (Skogsbruk Norr) that ingestion knows by `eui`, with a temperature sensor,
 * straight into the database.
 */
export async function annasDevice(db: Kysely<DB>, eui: string) {
  const at = new Date().toISOString();
  const team = await db
    .selectFrom('teams')
    .select('id')
    .where('name', '=', 'Skogsbruk Norr')
    .executeTakeFirstOrThrow();
  const device = await db
    .insertInto('devices')
    .values({ title: `Spjut ${eui}`, external_device_id: eui, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('device_team').values({ device_id: device.id, team_id: team.id }).execute();
  const sensor = await db
    .insertInto('sensors')
    .values({ device_id: device.id, type: 'temperature', name: 'Temperatur', unit: '°C', created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { teamId: team.id, deviceId: device.id, sensorId: sensor.id };
}

/** The times of the readings stored for the device with `eui` (every sensor). */
export async function storedTimes(db: Kysely<DB>, eui: string): Promise<Set<number>> {
  const rows = await db
    .selectFrom('measurements')
    .innerJoin('sensors', 'sensors.id', 'measurements.sensor_id')
    .innerJoin('devices', 'devices.id', 'sensors.device_id')
    .select('measurements.ts')
    .where('devices.external_device_id', '=', eui)
    .execute();
  return new Set(rows.map((r) => Number(r.ts)));
}

export { waitFor };
