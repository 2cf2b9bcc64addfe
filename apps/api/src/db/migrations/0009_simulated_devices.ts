import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: Kysely's migration convention
type AnyDb = Kysely<any>;

/**
 * Issue 27: the demo's simulator writes only to the devices the demo seeded (`simulated` 1), and a real
 * reading of one ends that for good (0). Devices that exist before this migration are not marked: the
 * simulator of a database seeded earlier writes nothing (seed it again to have it). Not a column dashboards
 * show: it does not bump `read_version` (the triggers of migration 0004 name their columns).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('devices')
    .addColumn('simulated', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('devices').dropColumn('simulated').execute();
}
