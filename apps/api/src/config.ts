import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(apiRoot, '../..');

export interface PasswordHashing {
  /** Argon2id memory cost in KiB. @default 19456 (OWASP's minimum recommendation) */
  memoryCost: number;
  /** Argon2id iterations. @default 2 */
  timeCost: number;
}

export interface Config {
  /** @default 3000 */
  port: number;
  /** @default '0.0.0.0' */
  host: string;
  /** Directory of the SQLite file and the written mail. @default '<repo>/.data' */
  dataDir: string;
  /** PostgreSQL connection string; SQLite in `dataDir` when absent. */
  databaseUrl: string | null;
  /** Public origin the links in mails point to. @default 'http://localhost:<port>' */
  appUrl: string;
  /**
   * Secret of signed links (e-mail verification). @default a random key made on first start and kept in
   * `<dataDir>/app-key` (readable by the owner only); set APP_KEY when several processes share no data dir
   */
  appKey: string;
  /** SMTP URL for nodemailer; mail is written to `<dataDir>/mail` when absent. */
  smtpUrl: string | null;
  /** @default 'Mätnät <noreply@matnat.se>' */
  mailFrom: string;
  /** Built front end served from the API's origin; null serves nothing. @default apps/web/dist, else examples/ */
  frontendDir: string | null;
  /** Further static directories by URL prefix (`'/packages/react/dist/'` → dir). @default the SDK bundles for the examples */
  staticMounts: Record<string, string>;
  /** Session lifetime in minutes (sliding), and with "remember me". @default { idle: 120, remember: 43200 } */
  session: { idleMinutes: number; rememberMinutes: number };
  /** Marks cookies `Secure`. @default true when appUrl is https */
  secureCookies: boolean;
  /**
   * Login attempts per e-mail and IP within `decaySeconds` before 429, and failed logins per IP within
   * `perIpDecaySeconds` (one address guessing across many accounts).
   * @default { maxAttempts: 5, decaySeconds: 60, perIp: 50, perIpDecaySeconds: 600 }
   */
  loginThrottle: { maxAttempts: number; decaySeconds: number; perIp: number; perIpDecaySeconds: number };
  /**
   * Requests that mail an address (register, password reset, guest order) per address and IP, and per IP
   * (`perIp`), within `decaySeconds`. @default { maxAttempts: 5, perIp: 20, decaySeconds: 600 }
   */
  mailThrottle: { maxAttempts: number; perIp: number; decaySeconds: number };
  /**
   * Open `GET /api/v1/stream`s: how often each re-checks its caller's session or token and access, how many
   * one session (or one token from one IP) and one token in all may hold, how far back `Last-Event-ID`
   * replays. @default { recheckMs: 2000, maxPerCaller: 10, maxPerToken: 1000, replayMinutes: 5 }
   */
  stream: { recheckMs: number; maxPerCaller: number; maxPerToken: number; replayMinutes: number };
  /** How often the alert evaluator looks for lasting pending states, silent sensors and repeats due. */
  alerts: { sweepMs: number };
  /** Largest accepted request body in bytes. @default 1048576 */
  bodyLimit: number;
  password: PasswordHashing;
  /** Seed the demo world on an empty database. @default true */
  seedDemo: boolean;
  /** Run the reading simulator while the server runs. @default true */
  simulate: boolean;
  /** pino log level. @default 'info' */
  logLevel: string;
  /** Trust X-Forwarded-* from a load balancer (the client IP keys the login throttle). @default false */
  trustProxy: boolean;
  ingest: IngestConfig;
  mqtt: MqttConfig;
}

export interface IngestConfig {
  /** JSON file extending the key → sensor table (`INGEST_SENSOR_KEYS`); null: the defaults only. */
  sensorKeysFile: string | null;
  /** Days raw readings are kept (`RAW_RETENTION_DAYS`); rollups stay. null keeps them all. */
  retentionDays: number | null;
  /** Readings' messages per transaction at most (`INGEST_MAX_BATCH`). @default 5000 */
  maxBatch: number;
}

export interface MqttConfig {
  /** Broker to subscribe to (`MQTT_URL`, e.g. mqtt://127.0.0.1:1883); null: no MQTT ingestion. */
  url: string | null;
  /**
   * Topic filters (`MQTT_TOPICS`, comma-separated). @default The Things Stack and ChirpStack v4 uplinks:
   * `v3/+/devices/+/up`, `application/+/device/+/event/up`, `application/+/device/+/event/status`
   */
  topics: string[];
  /** MQTT 5 shared-subscription group (`MQTT_SHARED_GROUP`); '' subscribes unshared. @default 'matnat' */
  sharedGroup: string;
  /** Client id (`MQTT_CLIENT_ID`); the session is kept, so a restarted process gets what it missed. */
  clientId: string;
  /**
   * How long the broker keeps this process's session after its connection is lost (`MQTT_SESSION_EXPIRY_S`):
   * a process back within it (restarted by systemd in seconds, a reboot) gets every message queued for it
   * meanwhile; one that stays away longer loses them, and its share of a shared group goes to the others
   * from then on (Mosquitto 2.0 queues the share to the absent member's session). @default 600
   */
  sessionExpirySeconds: number;
  /** Seconds between pings while nothing else tells the client the broker is there (`MQTT_KEEPALIVE_S`). @default 60 */
  keepaliveSeconds: number;
  /** The integration new devices from MQTT belong to (`MQTT_INTEGRATION_ID`). */
  integrationId: number | null;
  username: string | null;
  password: string | null;
}

export const DEFAULT_MQTT_TOPICS = [
  'v3/+/devices/+/up',
  'application/+/device/+/event/up',
  'application/+/device/+/event/status',
];

function defaultDataDir(): string {
  // `pnpm --filter @matnat/api start` runs in apps/api; the data belongs to the checkout, not the package.
  return existsSync(join(repoRoot, 'pnpm-workspace.yaml')) ? join(repoRoot, '.data') : join(apiRoot, '.data');
}

/** The built reference app when there is one, else the examples (with the SDK bundles they load). */
function defaultFrontendDir(): string | null {
  if (existsSync(join(repoRoot, 'apps/web/dist/index.html'))) return join(repoRoot, 'apps/web/dist');
  return existsSync(join(repoRoot, 'examples')) ? join(repoRoot, 'examples') : null;
}

/**
 * Extra directories served under a path prefix: beside the reference app the examples stay reachable under
 * /examples/, and the examples load the SDK's bundles from /packages/react/dist/.
 */
function defaultStaticMounts(frontendDir: string | null): Record<string, string> {
  const examples = join(repoRoot, 'examples');
  const bundles = join(repoRoot, 'packages/react/dist');
  const mounts: Record<string, string> = {};
  if (frontendDir === null) return mounts;
  if (frontendDir !== examples && existsSync(examples)) mounts['/examples/'] = examples;
  if (existsSync(bundles)) mounts['/packages/react/dist/'] = bundles;
  return mounts;
}

function int(value: string | undefined, fallback: number): number {
  const parsed = value === undefined || value === '' ? Number.NaN : Number(value);
  return Number.isInteger(parsed) ? parsed : fallback;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

/** Reads the configuration from environment variables (see docs/api.md), with overrides for tests. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env.PORT, 3000);
  const dataDir = resolve(env.DATA_DIR || defaultDataDir());
  const appUrl = (env.APP_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  const frontendDir = env.FRONTEND_DIR ? resolve(env.FRONTEND_DIR) : defaultFrontendDir();
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    appUrl,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Mätnät <noreply@matnat.se>',
    frontendDir,
    staticMounts: defaultStaticMounts(frontendDir),
    session: {
      idleMinutes: int(env.SESSION_LIFETIME_MINUTES, 120),
      rememberMinutes: int(env.SESSION_REMEMBER_MINUTES, 43_200),
    },
    secureCookies: appUrl.startsWith('https:'),
    loginThrottle: {
      maxAttempts: int(env.LOGIN_MAX_ATTEMPTS, 5),
      decaySeconds: 60,
      perIp: int(env.LOGIN_MAX_PER_IP, 50),
      perIpDecaySeconds: 600,
    },
    mailThrottle: {
      maxAttempts: int(env.MAIL_MAX_ATTEMPTS, 5),
      perIp: int(env.MAIL_MAX_PER_IP, 20),
      decaySeconds: 600,
    },
    stream: {
      recheckMs: 2_000,
      maxPerCaller: int(env.STREAM_MAX_PER_CALLER, 10),
      maxPerToken: int(env.STREAM_MAX_PER_TOKEN, 1_000),
      replayMinutes: 5,
    },
    alerts: { sweepMs: int(env.ALERT_SWEEP_MS, 30_000) },
    bodyLimit: int(env.BODY_LIMIT_BYTES, 1_048_576),
    password: { memoryCost: int(env.ARGON2_MEMORY_KIB, 19_456), timeCost: int(env.ARGON2_TIME_COST, 2) },
    seedDemo: flag(env.SEED_DEMO, true),
    simulate: flag(env.SIMULATE, true),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: flag(env.TRUST_PROXY, false),
    ingest: {
      sensorKeysFile: env.INGEST_SENSOR_KEYS ? resolve(env.INGEST_SENSOR_KEYS) : null,
      retentionDays: int(env.RAW_RETENTION_DAYS, 0) > 0 ? int(env.RAW_RETENTION_DAYS, 0) : null,
      maxBatch: int(env.INGEST_MAX_BATCH, 5000),
    },
    mqtt: {
      url: env.MQTT_URL || null,
      topics: env.MQTT_TOPICS
        ? env.MQTT_TOPICS.split(',')
            .map((t) => t.trim())
            .filter(Boolean)
        : DEFAULT_MQTT_TOPICS,
      sharedGroup: env.MQTT_SHARED_GROUP ?? 'matnat',
      clientId: env.MQTT_CLIENT_ID || `matnat-ingest-${hostname()}-${port}`,
      sessionExpirySeconds: int(env.MQTT_SESSION_EXPIRY_S, 600),
      keepaliveSeconds: int(env.MQTT_KEEPALIVE_S, 60),
      integrationId: int(env.MQTT_INTEGRATION_ID, 0) || null,
      username: env.MQTT_USERNAME || null,
      password: env.MQTT_PASSWORD || null,
    },
    ...overrides,
    appKey: overrides.appKey || env.APP_KEY || storedAppKey(overrides.dataDir ?? dataDir),
  };
}

/** The key in `<dataDir>/app-key`, made (32 random bytes) on first use; nothing about it is guessable. */
export function storedAppKey(dataDir: string): string {
  const file = join(dataDir, 'app-key');
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (key.length >= 32) return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}
