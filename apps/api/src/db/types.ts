import type { ReadVersionTable } from './readVersion.js';
import type { AuthTables } from './tables/auth.js';
import type { IntegrationTables } from './tables/integrations.js';
import type { ResourceTables } from './tables/resources.js';

export interface ThrottleHitsTable {
  key: string;
  hits: number;
  /** Epoch milliseconds when the window ends (bigint on PostgreSQL, read back as a number). */
  reset_at: number;
}

/** The whole schema, composed from the tables of each part of the server. */
export interface DB extends AuthTables, ResourceTables, IntegrationTables {
  read_version: ReadVersionTable;
  throttle_hits: ThrottleHitsTable;
}
