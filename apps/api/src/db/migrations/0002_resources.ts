import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations see the database schema-less on purpose: they describe the schema, they don't use it.
// biome-ignore lint/suspicious/noExplicitAny: Kysely's migration convention
type AnyDb = Kysely<any>;

export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function idColumn(db: AnyDb): (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  return isPostgres(db)
    ? (col) => col.primaryKey().generatedByDefaultAsIdentity()
    : (col) => col.primaryKey().autoIncrement();
}

export async function up(db: AnyDb): Promise<void> {
  const id = idColumn(db);
  const pg = isPostgres(db);

  await db.schema
    .createTable('devices')
    .addColumn('id', 'integer', id)
    .addColumn('title', 'text')
    .addColumn('external_device_id', 'text', (c) => c.notNull().unique())
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('default_sensor_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('device_team')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('device_team_pk', ['device_id', 'team_id'])
    .execute();
  await db.schema.createIndex('device_team_team_idx').on('device_team').column('team_id').execute();

  await db.schema
    .createTable('sensors')
    .addColumn('id', 'integer', id)
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sensors_device_idx').on('sensors').column('device_id').execute();

  await db.schema
    .createTable('gateways')
    .addColumn('id', 'integer', id)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('external_gateway_id', 'text', (c) => c.notNull().unique())
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('device_gateway')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('gateway_id', 'integer', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('device_gateway_pk', ['device_id', 'gateway_id'])
    .execute();

  await db.schema
    .createTable('dashboards')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('is_favorite', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dashboards_user_idx').on('dashboards').column('user_id').execute();

  await db.schema
    .createTable('panels')
    .addColumn('id', 'integer', id)
    .addColumn('dashboard_id', 'integer', (c) => c.notNull().references('dashboards.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('set null'))
    .addColumn('sensor_id', 'integer', (c) => c.references('sensors.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('panels_dashboard_idx')
    .on('panels')
    .columns(['dashboard_id', 'position'])
    .execute();

  await db.schema
    .createTable('line_chart_items')
    .addColumn('id', 'integer', id)
    .addColumn('panel_id', 'integer', (c) => c.notNull().references('panels.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('sensor_id', 'integer', (c) => c.notNull().references('sensors.id').onDelete('cascade'))
    .addColumn('color', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('line_chart_items_panel_idx')
    .on('line_chart_items')
    .columns(['panel_id', 'position'])
    .execute();

  await db.schema
    .createTable('single_value_items')
    .addColumn('id', 'integer', id)
    .addColumn('panel_id', 'integer', (c) => c.notNull().unique().references('panels.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('sensor_id', 'integer', (c) => c.notNull().references('sensors.id').onDelete('cascade'))
    .execute();

  await db.schema
    .createTable('alerts')
    .addColumn('id', 'integer', id)
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('set null'))
    .addColumn('is_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_triggered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alerts_team_idx').on('alerts').column('team_id').execute();

  await db.schema
    .createTable('alert_conditions')
    .addColumn('id', 'integer', id)
    .addColumn('alert_id', 'integer', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('sensor_id', 'integer', (c) => c.notNull().references('sensors.id').onDelete('cascade'))
    .addColumn('operator', 'text', (c) => c.notNull())
    .addColumn('threshold', 'double precision', (c) => c.notNull())
    .addColumn('duration_s', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('alert_conditions_alert_idx')
    .on('alert_conditions')
    .column('alert_id')
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('alert_id', 'integer', (c) => c.references('alerts.id').onDelete('set null'))
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').column('user_id').execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'integer', id)
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('price_ore', 'integer', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('in_stock', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('company', 'text')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('total_ore', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'integer', id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price_ore', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('carts')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.unique().references('users.id').onDelete('cascade'))
    .addColumn('guest_token', 'text', (c) => c.unique())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // Readings are clustered by (sensor, time): a range read is one contiguous index scan.
  await db.schema
    .createTable('measurements')
    .addColumn('sensor_id', 'integer', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('measurements_pk', ['sensor_id', 'ts'])
    .$call((b) => (pg ? b : b.modifyEnd(sql`without rowid`)))
    .execute();

  for (const table of ['measurement_rollups_1h', 'measurement_rollups_1d']) {
    await db.schema
      .createTable(table)
      .addColumn('sensor_id', 'integer', (c) => c.notNull())
      .addColumn('bucket_ts', 'bigint', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('sum', 'double precision', (c) => c.notNull())
      .addColumn('min', 'double precision', (c) => c.notNull())
      .addColumn('max', 'double precision', (c) => c.notNull())
      .addColumn('last_ts', 'bigint', (c) => c.notNull())
      .addColumn('last_value', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['sensor_id', 'bucket_ts'])
      .$call((b) => (pg ? b : b.modifyEnd(sql`without rowid`)))
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'measurement_rollups_1d',
    'measurement_rollups_1h',
    'measurements',
    'carts',
    'order_items',
    'orders',
    'products',
    'notifications',
    'alert_conditions',
    'alerts',
    'single_value_items',
    'line_chart_items',
    'panels',
    'dashboards',
    'device_gateway',
    'gateways',
    'sensors',
    'device_team',
    'devices',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
