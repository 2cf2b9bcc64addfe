import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: Kysely's migration convention
type AnyDb = Kysely<any>;

/**
 * A panel's threshold steps (issue 21) as one JSON text: the steps are read and written whole with their
 * panel (never queried one by one), and a write to `panels` already bumps `read_version`, so the cached
 * dashboard answers follow. Null: no steps.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('panels').addColumn('thresholds', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('panels').dropColumn('thresholds').execute();
}
