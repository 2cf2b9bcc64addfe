import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  type MigrationResultSet,
  Migrator,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
  SqliteDialect,
} from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.js';
import { statementName } from './prepared.js';
import type { DB } from './types.js';

export type Dialect = 'sqlite' | 'postgres';

/** The SQLite database's file name in the data directory. */
export const SQLITE_FILE = 'matnat.sqlite';

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, SQLite at `sqliteFile`. */
  databaseUrl?: string | null;
  /** @default '<dataDir>/matnat.sqlite' */
  sqliteFile?: string;
  /** Connection pool size of PostgreSQL. @default 10 */
  poolSize?: number;
  /**
   * Keep statements prepared per connection: every statement by its SQL on SQLite, the hot paths'
   * (prepared.ts) by name on PostgreSQL. Off only to measure what it saves (`pnpm bench:api`). @default true
   */
  statementCache?: boolean;
}

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  close(): Promise<void>;
  /** Told every query's time in milliseconds and whether it failed (the app's metrics set it). */
  onQuery: ((ms: number, failed: boolean) => void) | null;
  /**
   * SQLite only: an online copy of the database into `file` through this connection (better-sqlite3's
   * backup API), so this process's writes meanwhile go into the copy too; null on PostgreSQL.
   */
  backup: ((file: string) => Promise<void>) | null;
}

// PostgreSQL returns bigint (COUNT, SUM, BIGINT columns) as strings; numbers in this app stay in range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export function openDatabase(options: DatabaseOptions & { dataDir: string }): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client whose connection the server ends (restart, failover, a dropped test database) emits
    // 'error' on the pool; unhandled, that would crash the process. The pool replaces the client.
    pool.on('error', (error) => {
      if ((error as { code?: string }).code !== '57P01')
        console.warn('PostgreSQL idle client error:', error.message);
    });
    const cached = options.statementCache ?? true;
    const database: Database = {
      db: null!,
      dialect: 'postgres',
      close: () => db.destroy(),
      onQuery: null,
      backup: null,
    };
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: cached ? withNamedStatements(pool) : pool }),
      log: (event) => database.onQuery?.(event.queryDurationMillis, event.level === 'error'),
    });
    database.db = db;
    return database;
  }
  const file = options.sqliteFile ?? join(options.dataDir, SQLITE_FILE);
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 64 MiB of page cache (default 2 MiB): ingestion writes into every sensor's part of the readings index
  // at once; measured ~10 % less CPU a reading at 600,000 readings of 1,000 sensors.
  sqlite.pragma('cache_size = -65536');
  // Issue 27 point 7. A statement or savepoint inside a transaction journals every page it first touches,
  // and SQLite moves that journal to a temporary file past 64 KiB: a batch of readings of 1,000 sensors
  // touches ~1,000 pages, so every batch wrote megabytes to a temp file (half of an insert's CPU at
  // 750,000 readings). In memory instead; the app makes no large temporary tables or sorts (no VACUUM).
  sqlite.pragma('temp_store = MEMORY');
  // A checkpoint every ~40 MB of WAL instead of 4 MB: ingestion dirties the same ~1,000 index pages in
  // every transaction, and each checkpoint copies them into the database file again.
  sqlite.pragma('wal_autocheckpoint = 10000');
  const connection = (options.statementCache ?? true) ? withStatementCache(sqlite) : sqlite;
  const database: Database = {
    db: null!,
    dialect: 'sqlite',
    close: () => db.destroy(),
    onQuery: null,
    backup: async (target) => {
      await sqlite.backup(target);
    },
  };
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: connection }),
    log: (event) => database.onQuery?.(event.queryDurationMillis, event.level === 'error'),
  });
  database.db = db;
  return database;
}

/**
 * better-sqlite3 with its prepared statements kept by SQL text: Kysely prepares a statement for every
 * query, and preparing costs about as much as running a small one. A statement still being iterated
 * (a streamed query) is never handed out twice.
 */
export function withStatementCache(sqlite: SQLite.Database, size = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(sql);
      if (!cached) {
        if (cache.size >= size) cache.delete(cache.keys().next().value as string);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * A pg pool whose clients send the hot paths' queries (prepared.ts) as named prepared statements: pg
 * parses each name once per connection and only binds and executes it after that.
 */
function withNamedStatements(pool: pg.Pool): PostgresPool {
  return {
    end: () => pool.end(),
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      return {
        release: () => client.release(),
        query: ((sqlOrCursor: string | object, parameters?: unknown[]) => {
          const name = typeof sqlOrCursor === 'string' ? statementName(sqlOrCursor) : undefined;
          if (name) return client.query({ name, text: sqlOrCursor as string, values: parameters });
          return client.query(sqlOrCursor as string, parameters);
        }) as unknown as PostgresPoolClient['query'],
      };
    },
  };
}

function migrator(db: Kysely<DB>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/** Brings the schema up to date; throws when a migration fails. */
export async function migrateToLatest(db: Kysely<DB>): Promise<MigrationResultSet> {
  const result = await migrator(db).migrateToLatest();
  if (result.error) throw result.error;
  return result;
}

/** Every migration this version knows, with when it ran (undefined: pending). */
export async function migrationStatus(db: Kysely<DB>): Promise<{ name: string; executedAt?: Date }[]> {
  return (await migrator(db).getMigrations()).map(({ name, executedAt }) => ({ name, executedAt }));
}

/** The names of migrations not yet run. */
export async function pendingMigrations(db: Kysely<DB>): Promise<string[]> {
  return (await migrationStatus(db)).filter((m) => !m.executedAt).map((m) => m.name);
}
