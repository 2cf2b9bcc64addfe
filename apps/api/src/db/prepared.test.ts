import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialects } from '../test/harness.js';
import { openDatabase, withStatementCache } from './database.js';
import { namedStatements, statementName } from './prepared.js';
import { readVersion } from './readVersion.js';

const dialects = await testDialects();

describe.each(dialects)('statements kept prepared per connection (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => t?.close());

  it('the session lookup of every signed-in request is a prepared query (named on PostgreSQL)', async () => {
    const anna = await t.loginAs('anna@matnat.se');
    expect((await anna.get('/api/me')).json().data.email).toBe('anna@matnat.se');
    const sessionLookup = [...namedStatements().keys()].filter(
      (text) => /from "sessions" left join "users"/.test(text) && /"sessions"."expires_at" >/.test(text),
    );
    // Its SQL in this dialect's placeholders ($1 on PostgreSQL, ? on SQLite), named once.
    const placeholder = dialect === 'postgres' ? '$1' : '?';
    const mine = sessionLookup.filter((text) => text.includes(placeholder));
    expect(mine).toHaveLength(1);
    expect(statementName(mine[0] as string)).toMatch(/^matnat_\d+$/);
    const compiled = t.db
      .selectFrom('sessions')
      .leftJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.id')
      .compile().sql;
    // Only SQL compiled by preparedQuery is named; an ad-hoc query is not.
    expect(statementName(compiled)).toBeUndefined();
  });

  // SQLite's counterpart is the statement cache below (one better-sqlite3 statement per SQL text).
  if (dialect === 'postgres')
    it('PostgreSQL parses the read-version query once per connection, under its name, unless the cache is off', async () => {
      for (const statementCache of [true, false]) {
        const { db, close } = openDatabase({
          dataDir: t.config.dataDir,
          databaseUrl: t.config.databaseUrl,
          poolSize: 1,
          statementCache,
        });
        try {
          expect(await readVersion(db)).toBe(await readVersion(db));
          const { rows } = await sql<{ name: string; statement: string }>`
            select name, statement from pg_prepared_statements`.execute(db);
          const named = rows.filter((r) => r.name.startsWith('matnat_'));
          if (statementCache) {
            expect(named.map((r) => r.statement)).toEqual([expect.stringContaining('read_version')]);
          } else {
            expect(named).toEqual([]);
          }
        } finally {
          await close();
        }
      }
    });
});

describe('SQLite statement cache (better-sqlite3 statements kept by SQL text)', () => {
  let dir: string;
  let sqlite: SQLite.Database;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'matnat-prepared-'));
    sqlite = new SQLite(join(dir, 'cache.sqlite'));
    sqlite.exec('create table t (id integer primary key); insert into t values (1), (2), (3)');
  });
  afterAll(() => {
    sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prepares a statement once and hands the same one out again', () => {
    const cached = withStatementCache(sqlite);
    const first = cached.prepare('select id from t where id = ?');
    expect(cached.prepare('select id from t where id = ?')).toBe(first);
    expect(sqlite.prepare('select id from t where id = ?')).not.toBe(first);
  });

  it('never hands out a statement still being iterated (a streamed query) a second time', () => {
    const cached = withStatementCache(sqlite);
    const streaming = cached.prepare('select id from t') as unknown as SQLite.Statement;
    const rows = streaming.iterate();
    rows.next();
    const other = cached.prepare('select id from t') as unknown as SQLite.Statement;
    expect(other).not.toBe(streaming);
    expect(other.all()).toHaveLength(3);
    rows.return?.();
  });

  it('keeps at most `size` statements', () => {
    const cached = withStatementCache(sqlite, 2);
    const a = cached.prepare('select 1');
    cached.prepare('select 2');
    cached.prepare('select 3');
    expect(cached.prepare('select 1')).not.toBe(a);
  });
});
