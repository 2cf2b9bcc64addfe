import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  type MigrationResultSet,
  Migrator,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
} from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.js';
import type { DB } from './types.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, SQLite at `sqliteFile`. */
  databaseUrl?: string | null;
  /** @default '<dataDir>/matnat.sqlite' */
  sqliteFile?: string;
  /** Connection pool size of PostgreSQL. @default 10 */
  poolSize?: number;
}

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  close(): Promise<void>;
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
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? join(options.dataDir, 'matnat.sqlite');
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * better-sqlite3 with its prepared statements kept by SQL text: Kysely prepares a statement for every
 * query, and preparing costs about as much as running a small one. A statement still being iterated
 * (a streamed query) is never handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database, size = 500): SqliteDatabase {
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

/** Brings the schema up to date; throws when a migration fails. */
export async function migrateToLatest(db: Kysely<DB>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return result;
}
