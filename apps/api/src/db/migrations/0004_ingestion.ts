import { type Kysely, sql } from 'kysely';
import { idColumn, isPostgres } from './0002_resources.js';

// biome-ignore lint/suspicious/noExplicitAny: Kysely's migration convention
type AnyDb = Kysely<any>;

/**
 * The columns of devices, gateways and device_gateway that a dashboard read shows. Ingestion rewrites
 * the health columns added here (last seen, battery, signal) with every batch: they must not bump
 * `read_version` (migration 0003), or no dashboard answer would stay cached while readings flow.
 */
const CONTENT_COLUMNS = {
  devices: [
    'id',
    'title',
    'external_device_id',
    'lat',
    'lng',
    'is_public',
    'default_sensor_id',
    'created_at',
    'updated_at',
  ],
  gateways: ['id', 'title', 'external_gateway_id', 'lat', 'lng', 'created_at'],
  device_gateway: ['device_id', 'gateway_id'],
} as const;

export async function up(db: AnyDb): Promise<void> {
  const id = idColumn(db);

  await db.schema
    .createTable('integrations')
    .addColumn('id', 'integer', id)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('device_keys')
    .addColumn('id', 'integer', id)
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_keys_device_idx').on('device_keys').column('device_id').execute();

  // Health and provenance of a device as ingestion sees it.
  for (const [column, type] of [
    ['first_seen_at', 'text'],
    ['last_seen_at', 'text'],
    ['battery', 'double precision'],
    ['battery_unit', 'text'],
    ['external_power', 'integer'],
    ['rssi', 'double precision'],
    ['snr', 'double precision'],
    ['best_gateway_id', 'integer'],
    ['integration_id', 'integer'],
    ['offered_team_id', 'integer'],
  ] as const) {
    await db.schema.alterTable('devices').addColumn(column, type).execute();
  }
  await db.schema.alterTable('gateways').addColumn('last_seen_at', 'text').execute();
  for (const [column, type] of [
    ['rssi', 'double precision'],
    ['snr', 'double precision'],
    ['last_seen_at', 'text'],
  ] as const) {
    await db.schema.alterTable('device_gateway').addColumn(column, type).execute();
  }

  // The payload key a sensor was created from (`temperature`, `TempC_SHT`): how the next reading finds it.
  await db.schema.alterTable('sensors').addColumn('key', 'text').execute();
  await db.schema
    .createIndex('sensors_device_key_idx')
    .unique()
    .on('sensors')
    .columns(['device_id', 'key'])
    .execute();

  await narrowVersionTriggers(db);
}

async function narrowVersionTriggers(db: AnyDb): Promise<void> {
  for (const [table, columns] of Object.entries(CONTENT_COLUMNS)) {
    const cols = sql.join(columns.map((c) => sql.id(c)));
    if (isPostgres(db)) {
      await sql`drop trigger ${sql.id(`${table}_read_version`)} on ${sql.table(table)}`.execute(db);
      await sql`create trigger ${sql.id(`${table}_read_version`)}
        after insert or delete or truncate or update of ${cols} on ${sql.table(table)}
        for each statement execute function bump_read_version()`.execute(db);
    } else {
      await sql`drop trigger ${sql.id(`${table}_read_version_update`)}`.execute(db);
      await sql`create trigger ${sql.id(`${table}_read_version_update`)}
        after update of ${cols} on ${sql.table(table)}
        begin update read_version set version = version + 1 where id = 1; end`.execute(db);
    }
  }
}

async function widenVersionTriggers(db: AnyDb): Promise<void> {
  for (const table of Object.keys(CONTENT_COLUMNS)) {
    if (isPostgres(db)) {
      await sql`drop trigger ${sql.id(`${table}_read_version`)} on ${sql.table(table)}`.execute(db);
      await sql`create trigger ${sql.id(`${table}_read_version`)}
        after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function bump_read_version()`.execute(db);
    } else {
      await sql`drop trigger ${sql.id(`${table}_read_version_update`)}`.execute(db);
      await sql`create trigger ${sql.id(`${table}_read_version_update`)}
        after update on ${sql.table(table)}
        begin update read_version set version = version + 1 where id = 1; end`.execute(db);
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  await widenVersionTriggers(db);
  await db.schema.dropIndex('sensors_device_key_idx').execute();
  await db.schema.alterTable('sensors').dropColumn('key').execute();
  for (const column of ['rssi', 'snr', 'last_seen_at'])
    await db.schema.alterTable('device_gateway').dropColumn(column).execute();
  await db.schema.alterTable('gateways').dropColumn('last_seen_at').execute();
  for (const column of [
    'first_seen_at',
    'last_seen_at',
    'battery',
    'battery_unit',
    'external_power',
    'rssi',
    'snr',
    'best_gateway_id',
    'integration_id',
    'offered_team_id',
  ])
    await db.schema.alterTable('devices').dropColumn(column).execute();
  await db.schema.dropTable('device_keys').execute();
  await db.schema.dropTable('integrations').execute();
}
