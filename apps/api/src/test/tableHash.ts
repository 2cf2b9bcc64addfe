import { createHash } from 'node:crypto';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { DB } from '../db/types.js';

/**
 * Bookkeeping that a rejected request may legitimately write: attempt counters (counting refused attempts
 * is their job) and the at-most-once-a-minute activity stamps of sessions, embed tokens, integration
 * secrets and device keys.
 */
const VOLATILE: Record<string, readonly string[] | 'all'> = {
  throttle_hits: 'all',
  kysely_migration: 'all',
  kysely_migration_lock: 'all',
  sessions: ['last_activity_at', 'expires_at'],
  embed_tokens: ['last_used_at'],
  integrations: ['last_used_at'],
  device_keys: ['last_used_at'],
};

// The schema does not change while a suite runs: it is read once per database.
const schemas = new WeakMap<Kysely<DB>, Promise<{ name: string; columns: { name: string }[] }[]>>();

interface HashedTable {
  name: string;
  columns: string[];
}

async function hashedTables(db: Kysely<DB>): Promise<HashedTable[]> {
  let tablesOf = schemas.get(db);
  if (!tablesOf) {
    tablesOf = db.introspection.getTables();
    schemas.set(db, tablesOf);
  }
  return (await tablesOf)
    .filter((table) => VOLATILE[table.name] !== 'all')
    .map((table) => {
      const skip = VOLATILE[table.name] as readonly string[] | undefined;
      const columns = table.columns.map((c) => c.name).filter((name) => !skip?.includes(name));
      return { name: table.name, columns };
    });
}

/** PostgreSQL hashes every table in one query, so the rows never cross the connection. */
async function postgresHashes(db: Kysely<DB>, tables: HashedTable[]): Promise<Record<string, string>> {
  const parts = tables.map(
    ({
      name,
      columns,
    }) => sql`select ${name} as name, md5(coalesce(string_agg(r, '|' order by r), '')) as hash
      from (select row(${sql.join(columns.map((c) => sql.ref(c)))})::text as r from ${sql.table(name)}) t`,
  );
  const { rows } = await sql<{ name: string; hash: string }>`${sql.join(parts, sql` union all `)}`.execute(
    db,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.hash]));
}

/** Table name → hash of its rows (in any order), for asserting that a rejected request changed nothing. */
export async function tableHashes(db: Kysely<DB>): Promise<Record<string, string>> {
  const tables = await hashedTables(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) return postgresHashes(db, tables);
  return sqliteHashes(db, tables);
}

/** SQLite (in-process) lists each table's rows as text in one query; they are hashed here. */
async function sqliteHashes(db: Kysely<DB>, tables: HashedTable[]): Promise<Record<string, string>> {
  const parts = tables.map(
    ({ name, columns }) => sql`select ${name} as name, group_concat(r, '|') as rows
      from (select ${sql.join(
        columns.map((c) => sql`quote(${sql.ref(c)})`),
        sql` || ',' || `,
      )} as r from ${sql.table(name)} order by r)`,
  );
  const { rows } = await sql<{
    name: string;
    rows: string | null;
  }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return Object.fromEntries(
    rows.map((row) => [
      row.name,
      createHash('sha256')
        .update(row.rows ?? '')
        .digest('hex'),
    ]),
  );
}

/** The tables whose hash differs between two snapshots. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
