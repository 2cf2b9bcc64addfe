import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: Kysely's migration convention
type AnyDb = Kysely<any>;

/**
 * A panel's size on the dashboard's 12-column grid (issue 21): `width` columns and `height` rows, each 1–12
 * (the contract's `GRID`). Panels that exist keep today's look: half the grid wide, three rows high.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('panels')
    .addColumn('width', 'integer', (c) => c.notNull().defaultTo(6))
    .execute();
  await db.schema
    .alterTable('panels')
    .addColumn('height', 'integer', (c) => c.notNull().defaultTo(3))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('panels').dropColumn('height').execute();
  await db.schema.alterTable('panels').dropColumn('width').execute();
}
