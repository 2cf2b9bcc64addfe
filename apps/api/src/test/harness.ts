import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../app.js';
import { DEMO_PASSWORD, type DemoAccounts, seedDemoAccounts } from '../auth/demoAccounts.js';
import { XSRF_COOKIE } from '../auth/session.js';
import { type Config, loadConfig } from '../config.js';
import { type Database, type Dialect, migrateToLatest, openDatabase } from '../db/database.js';
import type { DB } from '../db/types.js';
import type { Mailer } from '../mail/mailer.js';

/** The maintenance database tests create their throw-away databases from. */
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

// Argon2id stays argon2id in tests, only cheap: the suite hashes hundreds of passwords.
export const TEST_PASSWORD_COST = { memoryCost: 256, timeCost: 1 };

let postgresAvailable: Promise<boolean> | undefined;

async function probePostgres(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The dialects to run a suite against: SQLite always, PostgreSQL when it answers. Under CI a missing
 * PostgreSQL stays in the list, so its tests fail instead of being skipped.
 */
export async function testDialects(): Promise<Dialect[]> {
  postgresAvailable ??= probePostgres();
  if (await postgresAvailable) return ['sqlite', 'postgres'];
  if (process.env.CI === 'true') return ['sqlite', 'postgres'];
  console.warn(
    `\n!!! PostgreSQL at ${POSTGRES_ADMIN_URL} does not answer: the API tests run on SQLite ONLY. ` +
      'Under CI=true this is a failure.\n',
  );
  return ['sqlite'];
}

export interface TestAppOptions {
  dialect: Dialect;
  /** Seed the demo accounts (admin, anna, erik, ny). @default true */
  accounts?: boolean;
  config?: Partial<Config>;
  /** Replaces the mailer (e.g. one that fails). @default mail written to the temporary data directory */
  mailer?: Mailer;
}

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<DB>;
  /** The opened database (its connection's backup, on SQLite). */
  database: Database;
  dialect: Dialect;
  config: Config;
  /** The demo accounts (empty ids when `accounts: false`). */
  accounts: DemoAccounts;
  /** A fresh cookie jar: a browser without a session. */
  client(): TestClient;
  /** A client signed in as `email` (demo password by default). */
  loginAs(email: string, password?: string): Promise<TestClient>;
  close(): Promise<void>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Send the anti-forgery header on mutating requests (fetching the cookie first). @default true */
  csrf?: boolean;
  query?: Record<string, string>;
}

/** A browser-like client over `fastify.inject`: keeps cookies and echoes XSRF-TOKEN like the SPA does. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  async csrfCookie(): Promise<string> {
    await this.request('GET', '/sanctum/csrf-cookie');
    const token = this.cookies.get(XSRF_COOKIE);
    if (!token) throw new Error('no XSRF-TOKEN cookie');
    return token;
  }

  async request(
    method: Method,
    url: string,
    payload?: unknown,
    options: RequestOptions = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    const mutating = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    if (mutating && options.csrf !== false && !headers['x-xsrf-token']) {
      if (!this.cookies.has(XSRF_COOKIE)) await this.csrfCookie();
      headers['x-xsrf-token'] = this.cookies.get(XSRF_COOKIE) ?? '';
    }
    if (this.cookies.size > 0 && !headers.cookie) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const inject: InjectOptions = { method, url, headers };
    if (options.query) inject.query = options.query;
    if (payload !== undefined) {
      if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
        inject.payload = payload;
        headers['content-type'] ??= 'application/json';
      } else {
        inject.payload = JSON.stringify(payload);
        headers['content-type'] = 'application/json';
      }
    }
    const response = await this.app.inject(inject);
    // Work queued after the answer (mails) is done before the test looks at its effects.
    await this.app.background.idle();
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() < Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(url: string, options?: RequestOptions) {
    return this.request('GET', url, undefined, options);
  }
  post(url: string, payload?: unknown, options?: RequestOptions) {
    return this.request('POST', url, payload, options);
  }
  put(url: string, payload?: unknown, options?: RequestOptions) {
    return this.request('PUT', url, payload, options);
  }
  patch(url: string, payload?: unknown, options?: RequestOptions) {
    return this.request('PATCH', url, payload, options);
  }
  delete(url: string, options?: RequestOptions) {
    return this.request('DELETE', url, undefined, options);
  }
}

export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `matnat_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      try {
        // pg's Pool.end() resolves before its connections have closed: wait for them rather than
        // terminating them (FORCE), which would surface as errors in the closing clients.
        for (let attempt = 0; ; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 50 ? ' WITH (FORCE)' : ''}`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * The whole app on a fresh database of `dialect` (a SQLite file in a temporary directory, or a new
 * PostgreSQL database `matnat_test_…` dropped on close), migrated, with the demo accounts.
 */
export async function createTestApp(options: TestAppOptions): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'matnat-api-test-'));
  const pgDatabase = options.dialect === 'postgres' ? await createPostgresDatabase() : null;
  const config = loadConfig(
    {},
    {
      dataDir,
      databaseUrl: pgDatabase?.url ?? null,
      appUrl: 'http://localhost:3000',
      appKey: 'test-key',
      frontendDir: null,
      staticMounts: {},
      embeds: null,
      password: TEST_PASSWORD_COST,
      seedDemo: false,
      simulate: false,
      ...options.config,
    },
  );
  const database = openDatabase({ dataDir, databaseUrl: config.databaseUrl, poolSize: 4 });
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, logger: false, mailer: options.mailer });
  await app.ready();
  const accounts =
    options.accounts === false ? ({} as DemoAccounts) : await seedDemoAccounts(database.db, config.password);

  return {
    app,
    db: database.db,
    database,
    dialect: database.dialect,
    config,
    accounts,
    client: () => new TestClient(app),
    async loginAs(email, password = DEMO_PASSWORD) {
      const client = new TestClient(app);
      const response = await client.post('/api/login', { email, password });
      if (response.statusCode !== 200)
        throw new Error(`login as ${email}: ${response.statusCode} ${response.body}`);
      return client;
    },
    async close() {
      await app.close();
      await database.close();
      await pgDatabase?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
