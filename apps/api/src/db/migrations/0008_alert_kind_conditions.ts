import { type Kysely, sql } from 'kysely';
import { idColumn, isPostgres } from './0002_resources.js';

// biome-ignore lint/suspicious/noExplicitAny: Kysely's migration convention
type AnyDb = Kysely<any>;

const ONE_TARGET = sql`(sensor_id is not null and device_id is null and sensor_key is null)
  or (sensor_id is null and device_id is not null and sensor_key is not null)`;

/**
 * An alert condition watches one sensor, or every sensor of a kind on a device (issue 11):
 * `sensor_id` becomes nullable, `device_id` with `sensor_key` is the other target, and a check keeps
 * exactly one of the two. SQLite cannot drop a NOT NULL, so there the table is rebuilt.
 */
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table alert_conditions alter column sensor_id drop not null`.execute(db);
    await db.schema
      .alterTable('alert_conditions')
      .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('cascade'))
      .execute();
    await db.schema.alterTable('alert_conditions').addColumn('sensor_key', 'text').execute();
    await sql`alter table alert_conditions add constraint alert_conditions_one_target check (${ONE_TARGET})`.execute(
      db,
    );
  } else {
    await rebuildSqlite(db, true);
  }
  await db.schema
    .createIndex('alert_conditions_device_idx')
    .on('alert_conditions')
    .column('device_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.deleteFrom('alert_conditions').where('sensor_id', 'is', null).execute();
  await db.schema.dropIndex('alert_conditions_device_idx').execute();
  if (isPostgres(db)) {
    await sql`alter table alert_conditions drop constraint alert_conditions_one_target`.execute(db);
    await db.schema.alterTable('alert_conditions').dropColumn('sensor_key').execute();
    await db.schema.alterTable('alert_conditions').dropColumn('device_id').execute();
    await sql`alter table alert_conditions alter column sensor_id set not null`.execute(db);
  } else {
    await rebuildSqlite(db, false);
  }
}

/** Copies alert_conditions into a table of the shape with (or without) the device-and-kind target. */
async function rebuildSqlite(db: AnyDb, kinds: boolean): Promise<void> {
  let table = db.schema
    .createTable('alert_conditions_next')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('alert_id', 'integer', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('sensor_id', 'integer', (c) =>
      (kinds ? c : c.notNull()).references('sensors.id').onDelete('cascade'),
    )
    .addColumn('operator', 'text', (c) => c.notNull())
    .addColumn('threshold', 'double precision', (c) => c.notNull())
    .addColumn('duration_s', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clear_threshold', 'double precision');
  if (kinds)
    table = table
      .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('cascade'))
      .addColumn('sensor_key', 'text')
      .addCheckConstraint('alert_conditions_one_target', ONE_TARGET);
  await table.execute();
  const columns = sql.join(
    ['id', 'alert_id', 'sensor_id', 'operator', 'threshold', 'duration_s', 'clear_threshold'].map((c) =>
      sql.id(c),
    ),
  );
  await sql`insert into alert_conditions_next (${columns}) select ${columns} from alert_conditions`.execute(
    db,
  );
  await db.schema.dropTable('alert_conditions').execute();
  await db.schema.alterTable('alert_conditions_next').renameTo('alert_conditions').execute();
  await db.schema
    .createIndex('alert_conditions_alert_idx')
    .on('alert_conditions')
    .column('alert_id')
    .execute();
}
