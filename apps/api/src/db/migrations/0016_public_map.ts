import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: Kysely's migration convention
type AnyDb = Kysely<any>;

/**
 * Issue 26: the grid (metres; 0 exakt) a device's position is rounded to for public callers, ~1 km unless
 * its team chose otherwise; and whether an embed token's readers see exact positions (no, unless made so).
 * A change of the grid comes with `updated_at`, which bumps `read_version` (migration 0004's columns).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('devices')
    .addColumn('public_grid_m', 'integer', (c) => c.notNull().defaultTo(1000))
    .execute();
  await db.schema
    .alterTable('embed_tokens')
    .addColumn('exact_positions', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('embed_tokens').dropColumn('exact_positions').execute();
  await db.schema.alterTable('devices').dropColumn('public_grid_m').execute();
}
