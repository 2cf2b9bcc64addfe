import { existsSync } from 'node:fs';
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
  /** Secret of signed links (e-mail verification). @default a value derived from dataDir (set it in production) */
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
  /** Login attempts per e-mail and IP within `decaySeconds` before 429. @default { maxAttempts: 5, decaySeconds: 60 } */
  loginThrottle: { maxAttempts: number; decaySeconds: number };
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
}

function defaultDataDir(): string {
  // `pnpm --filter @matnat/api start` runs in apps/api; the data belongs to the checkout, not the package.
  return existsSync(join(repoRoot, 'pnpm-workspace.yaml')) ? join(repoRoot, '.data') : join(apiRoot, '.data');
}

/** The built reference app when there is one, else the examples (with the SDK bundles they load). */
function defaultFrontendDir(): string | null {
  if (existsSync(join(repoRoot, 'apps/web/dist/index.html'))) return join(repoRoot, 'apps/web/dist');
  return existsSync(join(repoRoot, 'examples')) ? join(repoRoot, 'examples') : null;
}

/** Extra directories served under a path prefix: the examples load the SDK's bundles from /packages/…. */
function defaultStaticMounts(frontendDir: string | null): Record<string, string> {
  const bundles = join(repoRoot, 'packages/react/dist');
  return frontendDir === join(repoRoot, 'examples') && existsSync(bundles)
    ? { '/packages/react/dist/': bundles }
    : {};
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
    appKey: env.APP_KEY || `matnat-local:${dataDir}`,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Mätnät <noreply@matnat.se>',
    frontendDir,
    staticMounts: defaultStaticMounts(frontendDir),
    session: {
      idleMinutes: int(env.SESSION_LIFETIME_MINUTES, 120),
      rememberMinutes: int(env.SESSION_REMEMBER_MINUTES, 43_200),
    },
    secureCookies: appUrl.startsWith('https:'),
    loginThrottle: { maxAttempts: int(env.LOGIN_MAX_ATTEMPTS, 5), decaySeconds: 60 },
    bodyLimit: int(env.BODY_LIMIT_BYTES, 1_048_576),
    password: { memoryCost: int(env.ARGON2_MEMORY_KIB, 19_456), timeCost: int(env.ARGON2_TIME_COST, 2) },
    seedDemo: flag(env.SEED_DEMO, true),
    simulate: flag(env.SIMULATE, true),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: flag(env.TRUST_PROXY, false),
    ...overrides,
  };
}
