import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: Kysely's migration convention
type AnyDb = Kysely<any>;

/** Attempt counters of the throttles (login, mails), shared by every process on the database. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('throttle_hits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('throttle_hits_reset_idx').on('throttle_hits').column('reset_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('throttle_hits').execute();
}
