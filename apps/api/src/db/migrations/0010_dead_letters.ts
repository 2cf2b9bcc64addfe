import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: Kysely's migration convention
type AnyDb = Kysely<any>;

/** Issue 24: messages ingestion could never store, counted per way in, device and reason. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('ingest_dead_letters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('topic', 'text')
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('first_at', 'text', (c) => c.notNull())
    .addColumn('last_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ingest_dead_letters_device_idx')
    .on('ingest_dead_letters')
    .column('device_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('ingest_dead_letters').execute();
}
