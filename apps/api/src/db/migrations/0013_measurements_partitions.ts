import type { Kysely } from 'kysely';
import { partitionMeasurements, unpartitionMeasurements } from '../../measurements/partitions.js';
import { isPostgres } from './0002_resources.js';

// biome-ignore lint/suspicious/noExplicitAny: Kysely's migration convention
type AnyDb = Kysely<any>;

/**
 * Issue 23 point 7: on PostgreSQL, raw readings in a table partitioned by month (retention then drops
 * whole months); an existing install's rows are moved. SQLite keeps its one table.
 */
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) await partitionMeasurements(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) await unpartitionMeasurements(db);
}
