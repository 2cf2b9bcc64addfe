import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: Kysely's migration convention
type AnyDb = Kysely<any>;

/**
 * How often a device is expected to be heard (seconds; null: the contract's default), so the device list
 * can mark one that has been silent for longer. Not a column dashboards show: it does not bump
 * `read_version` (the triggers of migration 0004 name their columns).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('devices').addColumn('expected_interval_s', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('devices').dropColumn('expected_interval_s').execute();
}
