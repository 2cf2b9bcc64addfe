import type { Kysely } from 'kysely';
import { preparedQuery } from './prepared.js';
import type { DB } from './types.js';

/** One row (id 1) whose version triggers bump on every write to a table of a dashboard read (migration 0003). */
export interface ReadVersionTable {
  id: number;
  version: number;
}

const versionRow = preparedQuery((db, id: number) =>
  db.selectFrom('read_version').select('version').where('id', '=', id),
);

/** The current read version: equal versions mean no versioned table has changed in between. */
export async function readVersion(db: Kysely<DB>): Promise<number> {
  const [row] = await versionRow(db, 1);
  return Number(row?.version ?? -1);
}
