import { type Kysely, sql } from 'kysely';

/**
 * pg_partman (Debian's `postgresql-15-partman`) creating and retiring the month partitions of
 * `measurements` when the PostgreSQL server has it (issue 23 point 7); partitions.ts does the same in
 * plain SQL otherwise. Its children are named as partitions.ts names them (`measurements_p2026_11`), so
 * either can take over from the other. Every call runs in UTC (partman cuts months in the session's time
 * zone) and under the one partition lock.
 */

// biome-ignore lint/suspicious/noExplicitAny: used by migrations as well as the app
type AnyDb = Kysely<any>;

const PARENT = 'public.measurements';

/** The schema pg_partman is installed in, in this database; null: not installed here. */
async function partmanSchema(db: AnyDb): Promise<string | null> {
  const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_partman'`.execute(db);
  return rows[0]?.schema ?? null;
}

/** Whether the server has the pg_partman package installed (its extension can be created). */
export async function partmanAvailable(db: AnyDb): Promise<boolean> {
  const { rows } = await sql`select 1 from pg_available_extensions where name = 'pg_partman'`.execute(db);
  return rows.length > 0;
}

/**
 * pg_partman's schema in this database, the extension created (in schema `partman`) when the server has
 * it and this role may; null otherwise. Another process creating it at the same moment is no failure.
 */
export async function installPartman(db: AnyDb): Promise<string | null> {
  const schema = await partmanSchema(db);
  if (schema || !(await partmanAvailable(db))) return schema;
  try {
    await sql`create schema if not exists partman`.execute(db);
    await sql`create extension if not exists pg_partman schema partman`.execute(db);
  } catch {
    // Not allowed to (docs/operations.md: the superuser creates it then), or created meanwhile.
  }
  return partmanSchema(db);
}

/** pg_partman's function `name` in `schema`, for a `sql` template. */
const fn = (schema: string, name: string) => sql.id(schema, name);

/**
 * `measurements` registered with pg_partman, unless it is: its default partition set aside while
 * create_parent makes its own, and the set-aside rows put back (into their months or the new default).
 */
async function register(db: AnyDb, schema: string, monthsAhead: number): Promise<void> {
  const config = sql.id(schema, 'part_config');
  const { rows } = await sql`select 1 from ${config} where parent_table = ${PARENT}`.execute(db);
  if (rows.length > 0) return;
  const hadDefault = await sql<{ r: string | null }>`select to_regclass('measurements_default') as r`.execute(
    db,
  );
  if (hadDefault.rows[0]?.r) {
    await sql`alter table measurements detach partition measurements_default`.execute(db);
    await sql`alter table measurements_default rename to measurements_default_plain`.execute(db);
  }
  await sql`select ${fn(schema, 'create_parent')}(${PARENT}, 'ts', 'native', 'monthly',
    p_epoch := 'milliseconds', p_premake := ${monthsAhead}, p_jobmon := false)`.execute(db);
  if (hadDefault.rows[0]?.r) {
    await sql`insert into measurements select * from measurements_default_plain`.execute(db);
    await sql`drop table measurements_default_plain`.execute(db);
  }
}

/**
 * One upkeep by pg_partman (in the caller's transaction): `measurements` registered, its retention that
 * of the app (`retentionDays`, raw readings; null keeps every month), a month's rows that sit in the
 * default partition moved into a partition of their own, then run_maintenance: the months ahead made,
 * the months past retention dropped. `holdDefault` keeps writers out of the default partition meanwhile.
 */
export async function partmanUpkeep(
  db: AnyDb,
  schema: string,
  monthsAhead: number,
  retentionDays: number | null,
  holdDefault: () => Promise<void>,
): Promise<void> {
  await sql`set local timezone = 'UTC'`.execute(db);
  await register(db, schema, monthsAhead);
  // After registering (which locks the parent table first, as writers do): see partitions.ts's holdDefault.
  await holdDefault();
  await sql`update ${sql.id(schema, 'part_config')} set premake = ${monthsAhead},
    infinite_time_partitions = true, retention_keep_table = false, retention_keep_index = false,
    retention = ${retentionDays ? `${retentionDays} days` : null} where parent_table = ${PARENT}`.execute(db);
  await sql`select ${fn(schema, 'partition_data_time')}(${PARENT}, p_batch_count := 1000)`.execute(db);
  await sql`select ${fn(schema, 'run_maintenance')}(${PARENT}, p_jobmon := false)`.execute(db);
}

/** pg_partman drops the partitions of months that ended before `cutoff` (in the caller's transaction). */
export async function partmanDropBefore(db: AnyDb, schema: string, cutoff: number): Promise<void> {
  await sql`set local timezone = 'UTC'`.execute(db);
  await sql`select ${fn(schema, 'drop_partition_time')}(${PARENT}, p_retention := interval '0',
    p_keep_table := false, p_keep_index := false,
    p_reference_timestamp := to_timestamp(${cutoff} / 1000.0))`.execute(db);
}

/** `measurements` no longer pg_partman's (migration 0013's down): its configuration and template go. */
export async function forgetPartman(db: AnyDb): Promise<void> {
  const schema = await partmanSchema(db);
  if (!schema) return;
  const { rows } = await sql<{ template: string | null }>`select template_table as template
    from ${sql.id(schema, 'part_config')} where parent_table = ${PARENT}`.execute(db);
  await sql`delete from ${sql.id(schema, 'part_config')} where parent_table = ${PARENT}`.execute(db);
  const template = rows[0]?.template;
  if (template) await sql`drop table if exists ${sql.table(template)}`.execute(db);
}
