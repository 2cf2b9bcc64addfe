import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import type { DB } from './types.js';

type Arg = number | string | null | readonly (number | string)[];

/** Stands for one argument (or one element of an array argument) while the query is compiled. */
class Slot {
  constructor(
    readonly arg: number,
    readonly index: number,
  ) {}
}

interface Compiled {
  sql: string;
  slots: Slot[];
}

// The SQL texts preparedQuery compiled, by the name PostgreSQL keeps each prepared under on a connection.
const statementNames = new Map<string, string>();
// Each name stays prepared on every pooled connection that ran it; IN-lists of many lengths stop here.
const MAX_NAMED = 200;

/**
 * The name a query of the hot paths (compiled by `preparedQuery`) is prepared under on each PostgreSQL
 * connection, so that the server parses and plans it once per connection instead of on every request;
 * undefined for any other SQL.
 */
export function statementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

/** Every SQL text named so far, with its name (what a connection may have prepared). */
export function namedStatements(): ReadonlyMap<string, string> {
  return statementNames;
}

function nameStatement(sql: string): void {
  if (!statementNames.has(sql) && statementNames.size < MAX_NAMED)
    statementNames.set(sql, `matnat_${statementNames.size + 1}`);
}

/**
 * A query of the hot read paths whose SQL is built and compiled once per database and shape (the lengths
 * of its array arguments, e.g. an `in (…)` list) instead of on every request: building and compiling a
 * Kysely query costs more than running a small indexed SELECT. `build` must use its arguments only as
 * values (never to choose tables, columns or clauses); every parameter of the compiled SQL must come
 * from them. On PostgreSQL the statement is also prepared once per connection (see `statementName`); on
 * SQLite every statement is kept prepared per connection (database.ts).
 */
export function preparedQuery<A extends Arg[], R>(
  build: (db: Kysely<DB>, ...args: A) => Compilable<R>,
): (db: Kysely<DB>, ...args: A) => Promise<R[]> {
  const cache = new WeakMap<Kysely<DB>, Map<string, Compiled>>();
  return async (db, ...args) => {
    let byShape = cache.get(db);
    if (!byShape) {
      byShape = new Map();
      cache.set(db, byShape);
    }
    const shape = args.map((a) => (Array.isArray(a) ? a.length : '.')).join(',');
    let compiled = byShape.get(shape);
    if (!compiled) {
      const markers = args.map((a, i) =>
        Array.isArray(a) ? a.map((_, j) => new Slot(i, j)) : new Slot(i, -1),
      );
      const query = build(db, ...(markers as unknown as A)).compile();
      const slots = query.parameters.map((p) => {
        if (!(p instanceof Slot))
          throw new Error(`preparedQuery: a parameter not taken from the arguments in ${query.sql}`);
        return p;
      });
      compiled = { sql: query.sql, slots };
      byShape.set(shape, compiled);
      nameStatement(query.sql);
    }
    const parameters = compiled.slots.map((s) =>
      s.index < 0 ? args[s.arg] : (args[s.arg] as readonly unknown[])[s.index],
    );
    return (await db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters))).rows;
  };
}
