import type { ReadVersionTable } from './readVersion.js';
import type { AuthTables } from './tables/auth.js';
import type { ResourceTables } from './tables/resources.js';

/** The whole schema, composed from the tables of each part of the server. */
export interface DB extends AuthTables, ResourceTables {
  read_version: ReadVersionTable;
}
