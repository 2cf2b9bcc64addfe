import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
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

/** A directory of script-tag builds and the SDK version they are. */
export interface EmbedBuild {
  dir: string;
  version: string;
}

export interface Config {
  /** NODE_ENV=production: APP_KEY required, no demo seeding or simulated readings unless asked. */
  production: boolean;
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
  /**
   * The SDK's script-tag builds, served at `/embed/{version}/` and `/embed/v{major}/` (docs/embedding.md).
   * @default packages/react/dist/embed with the package's version, when built; null serves none
   */
  embeds: EmbedBuild | null;
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
   * Open `GET /api/v1/stream`s: how many one session (or one token from one IP) and one token in all may
   * hold in this process, how far back `Last-Event-ID` replays. (Access is not polled: changes are pushed,
   * `src/auth/accessChanges.ts`.) @default { maxPerCaller: 10, maxPerToken: 10000, replayMinutes: 5 }
   */
  stream: { maxPerCaller: number; maxPerToken: number; replayMinutes: number };
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
  /** How long a SIGTERM may take before the process exits anyway (`SHUTDOWN_TIMEOUT`). @default 10000 */
  shutdownTimeoutMs: number;
  /** Bearer token of `GET /metrics` from other hosts (`METRICS_TOKEN`); loopback needs none. */
  metricsToken: string | null;
  /** Scheduled backups: `BACKUP_DIR` (none when null), every `BACKUP_INTERVAL`, the last `BACKUP_KEEP` kept. */
  backup: { dir: string | null; intervalMs: number; keep: number };
  ingest: IngestConfig;
  mqtt: MqttConfig;
  webhooks: WebhookConfig;
}

/** Alert webhooks out (issue 24, `docs/alerts.md`). */
export interface WebhookConfig {
  /**
   * Private, loopback and link-local targets the server may post to (`WEBHOOK_ALLOW_PRIVATE`): `true`
   * for all, or comma-separated addresses and CIDR ranges (`127.0.0.1,10.20.0.0/16`). @default none
   */
  allowPrivate: true | string[];
  /** One attempt's time for connecting, sending and the answer (`WEBHOOK_TIMEOUT_MS`). @default 5000 */
  timeoutMs: number;
  /** Attempts of one delivery before it is given up (`WEBHOOK_MAX_ATTEMPTS`). @default 8 */
  maxAttempts: number;
  /** The first retry's wait, doubled each time with jitter, at most an hour (`WEBHOOK_RETRY_BASE_MS`). @default 1000 */
  retryBaseMs: number;
  /** Deliveries given up in a row before the channel is paused (`WEBHOOK_PAUSE_AFTER`). @default 3 */
  pauseAfter: number;
  /** How often each process looks for deliveries due (a retry, another process's). @default 1000 */
  pollMs: number;
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

/** The script-tag builds of the checkout's @matnat/react, when built. */
function defaultEmbeds(): EmbedBuild | null {
  const dir = join(repoRoot, 'packages/react/dist/embed');
  const manifest = join(repoRoot, 'packages/react/package.json');
  if (!existsSync(dir) || !existsSync(manifest)) return null;
  return { dir, version: (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version };
}

/** A setting with a value the server cannot use: named, with what is wrong, on one line. */
export interface ConfigProblem {
  setting: string;
  message: string;
}

/** Settings the server refuses to start with (exit status 78, EX_CONFIG: restarting will not help). */
export class ConfigError extends Error {
  constructor(readonly problems: readonly ConfigProblem[]) {
    super(problems.map((p) => `${p.setting}: ${p.message}`).join('\n'));
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const FLAG_VALUES: Record<string, boolean> = {
  '1': true,
  true: true,
  yes: true,
  on: true,
  '0': false,
  false: false,
  no: false,
  off: false,
};
const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/**
 * Reads environment variables, each by its own rule; a value that breaks its rule is remembered as a
 * problem (and its default used meanwhile), so one run names every bad setting. Unset and empty are alike.
 */
class Settings {
  readonly problems: ConfigProblem[] = [];

  constructor(private readonly env: NodeJS.ProcessEnv) {}

  text(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value === '' ? undefined : value;
  }

  problem(setting: string, message: string): void {
    this.problems.push({ setting, message });
  }

  int(name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
    const value = this.text(name);
    if (value === undefined) return fallback;
    const parsed = /^-?\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
    if (Number.isSafeInteger(parsed) && parsed >= min && parsed <= max) return parsed;
    this.problem(name, `"${value}" is not a whole number from ${min} to ${max}`);
    return fallback;
  }

  flag(name: string, fallback: boolean): boolean {
    const value = this.text(name);
    if (value === undefined) return fallback;
    const parsed = FLAG_VALUES[value.toLowerCase()];
    if (parsed !== undefined) return parsed;
    this.problem(name, `"${value}" is not true or false (true/false, 1/0, yes/no, on/off)`);
    return fallback;
  }

  oneOf(name: string, values: readonly string[], fallback: string): string {
    const value = this.text(name);
    if (value === undefined) return fallback;
    if (values.includes(value)) return value;
    this.problem(name, `"${value}" is not one of ${values.join(', ')}`);
    return fallback;
  }

  /** A URL of one of `protocols` (without their colon), e.g. `postgres`. */
  /** `true`, or comma-separated addresses and CIDR ranges (`127.0.0.1,10.20.0.0/16`); unset: none. */
  addresses(name: string): true | string[] {
    const value = this.text(name);
    if (value === undefined || FLAG_VALUES[value.toLowerCase()] === false) return [];
    if (FLAG_VALUES[value.toLowerCase()] === true) return true;
    const list = value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    const bad = list.filter((v) => {
      const [address = '', prefix] = v.split('/');
      const family = isIP(address);
      const bits = family === 6 ? 128 : 32;
      return family === 0 || (prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= bits));
    });
    if (bad.length === 0) return list;
    this.problem(name, `${bad.join(', ')}: inga adresser eller adressintervall (CIDR).`);
    return list.filter((v) => !bad.includes(v));
  }

  url(name: string, protocols: readonly string[]): string | null {
    const value = this.text(name);
    if (value === undefined) return null;
    let protocol = '';
    try {
      protocol = new URL(value).protocol.replace(/:$/, '');
    } catch {
      // reported below
    }
    if (protocols.includes(protocol)) return value;
    this.problem(name, `not a ${protocols.map((p) => `${p}://`).join(' or ')} URL`);
    return null;
  }

  /** A duration as seconds: `90`, `90s`, `30m`, `6h`, `1d`. */
  seconds(name: string, fallback: number, min: number): number {
    const value = this.text(name);
    if (value === undefined) return fallback;
    const match = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
    const seconds = match ? Number(match[1]) * DURATION_UNITS[match[2] || 's']! : Number.NaN;
    if (Number.isSafeInteger(seconds) && seconds >= min) return seconds;
    this.problem(name, `"${value}" is not a duration of at least ${min} s (e.g. 90s, 30m, 6h, 1d)`);
    return fallback;
  }

  /** A path that must exist when set. */
  existingPath(name: string): string | null {
    const value = this.text(name);
    if (value === undefined) return null;
    if (existsSync(value)) return resolve(value);
    this.problem(name, `${resolve(value)} does not exist`);
    return null;
  }
}

/**
 * Reads the configuration from environment variables (see docs/operations.md), with overrides for tests.
 * Throws a ConfigError naming every setting whose value cannot be used.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const s = new Settings(env);
  const production = env.NODE_ENV === 'production';
  const port = s.int('PORT', 3000, 0, 65_535);
  const dataDir = resolve(s.text('DATA_DIR') ?? defaultDataDir());
  const appUrl = (s.url('APP_URL', ['http', 'https']) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const frontendDir =
    s.text('FRONTEND_DIR') !== undefined ? s.existingPath('FRONTEND_DIR') : defaultFrontendDir();
  const appKey = s.text('APP_KEY');
  if (appKey !== undefined && appKey.length < 32) s.problem('APP_KEY', 'must be at least 32 characters');
  if (production && appKey === undefined && !overrides.appKey)
    s.problem('APP_KEY', 'must be set when NODE_ENV=production (several processes must share one key)');
  const config: Config = {
    production,
    port,
    host: s.text('HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl: s.url('DATABASE_URL', ['postgres', 'postgresql']),
    appUrl,
    smtpUrl: s.url('SMTP_URL', ['smtp', 'smtps']),
    mailFrom: s.text('MAIL_FROM') ?? 'Mätnät <noreply@matnat.se>',
    frontendDir,
    staticMounts: defaultStaticMounts(frontendDir),
    embeds: defaultEmbeds(),
    session: {
      idleMinutes: s.int('SESSION_LIFETIME_MINUTES', 120, 1),
      rememberMinutes: s.int('SESSION_REMEMBER_MINUTES', 43_200, 1),
    },
    secureCookies: appUrl.startsWith('https:'),
    loginThrottle: {
      maxAttempts: s.int('LOGIN_MAX_ATTEMPTS', 5, 1),
      decaySeconds: 60,
      perIp: s.int('LOGIN_MAX_PER_IP', 50, 1),
      perIpDecaySeconds: 600,
    },
    mailThrottle: {
      maxAttempts: s.int('MAIL_MAX_ATTEMPTS', 5, 1),
      perIp: s.int('MAIL_MAX_PER_IP', 20, 1),
      decaySeconds: 600,
    },
    stream: {
      maxPerCaller: s.int('STREAM_MAX_PER_CALLER', 10, 1),
      // bench:fanout: 10,000 streams of one token idle at under 1 % of a core, ~14 KiB each (docs/embedding.md);
      // the 20,000 open files of a process leave as many again for everything else.
      maxPerToken: s.int('STREAM_MAX_PER_TOKEN', 10_000, 1),
      replayMinutes: 5,
    },
    alerts: { sweepMs: s.int('ALERT_SWEEP_MS', 30_000, 100) },
    bodyLimit: s.int('BODY_LIMIT_BYTES', 1_048_576, 1024),
    password: {
      memoryCost: s.int('ARGON2_MEMORY_KIB', 19_456, 8),
      timeCost: s.int('ARGON2_TIME_COST', 2, 1),
    },
    // A production server never makes the demo accounts (known password) or fake readings unasked.
    seedDemo: s.flag('SEED_DEMO', !production),
    simulate: s.flag('SIMULATE', !production),
    logLevel: s.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    trustProxy: s.flag('TRUST_PROXY', false),
    shutdownTimeoutMs: s.seconds('SHUTDOWN_TIMEOUT', 10, 1) * 1000,
    metricsToken: s.text('METRICS_TOKEN') ?? null,
    backup: {
      dir: s.text('BACKUP_DIR') ? resolve(s.text('BACKUP_DIR')!) : null,
      intervalMs: s.seconds('BACKUP_INTERVAL', 86_400, 60) * 1000,
      keep: s.int('BACKUP_KEEP', 7, 1),
    },
    ingest: {
      sensorKeysFile: s.existingPath('INGEST_SENSOR_KEYS'),
      retentionDays: s.int('RAW_RETENTION_DAYS', 0, 0) || null,
      maxBatch: s.int('INGEST_MAX_BATCH', 5000, 1),
    },
    webhooks: {
      allowPrivate: s.addresses('WEBHOOK_ALLOW_PRIVATE'),
      timeoutMs: s.int('WEBHOOK_TIMEOUT_MS', 5_000, 100),
      maxAttempts: s.int('WEBHOOK_MAX_ATTEMPTS', 8, 1),
      retryBaseMs: s.int('WEBHOOK_RETRY_BASE_MS', 1_000, 1),
      pauseAfter: s.int('WEBHOOK_PAUSE_AFTER', 3, 1),
      pollMs: s.int('WEBHOOK_POLL_MS', 1_000, 10),
    },
    mqtt: {
      url: s.url('MQTT_URL', ['mqtt', 'mqtts', 'ws', 'wss', 'tcp', 'tls']),
      topics: s.text('MQTT_TOPICS')
        ? s
            .text('MQTT_TOPICS')!
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean)
        : DEFAULT_MQTT_TOPICS,
      sharedGroup: env.MQTT_SHARED_GROUP ?? 'matnat',
      clientId: s.text('MQTT_CLIENT_ID') ?? `matnat-ingest-${hostname()}-${port}`,
      sessionExpirySeconds: s.int('MQTT_SESSION_EXPIRY_S', 600, 0),
      keepaliveSeconds: s.int('MQTT_KEEPALIVE_S', 60, 0, 65_535),
      integrationId: s.int('MQTT_INTEGRATION_ID', 0, 0) || null,
      username: s.text('MQTT_USERNAME') ?? null,
      password: s.text('MQTT_PASSWORD') ?? null,
    },
    ...overrides,
    appKey: '',
  };
  const metricsToken = config.metricsToken;
  if (metricsToken !== null && metricsToken.length < 16)
    s.problem('METRICS_TOKEN', 'must be at least 16 characters');
  if (s.problems.length > 0) throw new ConfigError(s.problems);
  config.appKey = overrides.appKey || appKey || storedAppKey(overrides.dataDir ?? dataDir);
  return config;
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
