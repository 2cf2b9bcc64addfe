import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: Kysely's migration convention
type AnyDb = Kysely<any>;

/**
 * Every table whose rows can change a dashboard read with its includes (the dashboard, its owner, panels,
 * items, devices with their sensors, gateways and teams, team membership). A write to any of them bumps
 * `read_version` in the writer's own transaction, whichever code path or process wrote it.
 */
export const VERSIONED_TABLES = [
  'users',
  'teams',
  'team_user',
  'devices',
  'device_team',
  'sensors',
  'gateways',
  'device_gateway',
  'dashboards',
  'panels',
  'line_chart_items',
  'single_value_items',
] as const;

function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('read_version')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('version', 'bigint', (col) => col.notNull())
    .execute();
  // A random start: a database recreated under a running process never repeats a version it cached.
  const start = Math.floor(Math.random() * 2 ** 40);
  await db.insertInto('read_version').values({ id: 1, version: start }).execute();
  if (isPostgres(db)) {
    await sql`create function bump_read_version() returns trigger language plpgsql as $$
      begin
        update read_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    for (const table of VERSIONED_TABLES) {
      await sql`create trigger ${sql.id(`${table}_read_version`)}
        after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function bump_read_version()`.execute(db);
    }
    return;
  }
  for (const table of VERSIONED_TABLES) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.id(`${table}_read_version_${event}`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        begin update read_version set version = version + 1 where id = 1; end`.execute(db);
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    for (const table of VERSIONED_TABLES) {
      await sql`drop trigger if exists ${sql.id(`${table}_read_version`)} on ${sql.table(table)}`.execute(db);
    }
    await sql`drop function if exists bump_read_version()`.execute(db);
  } else {
    for (const table of VERSIONED_TABLES) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`drop trigger if exists ${sql.id(`${table}_read_version_${event}`)}`.execute(db);
      }
    }
  }
  await db.schema.dropTable('read_version').execute();
}
