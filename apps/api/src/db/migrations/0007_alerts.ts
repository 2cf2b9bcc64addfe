import type { Kysely } from 'kysely';
import { idColumn } from './0002_resources.js';

// biome-ignore lint/suspicious/noExplicitAny: Kysely's migration convention
type AnyDb = Kysely<any>;

/**
 * Alert evaluation (issue 11): silence and re-notify settings and mute on alerts, a clear threshold
 * (hysteresis) on conditions, the state of each watched sensor and the history of every transition.
 * `alert_states.version` is compared and bumped by every transition, and `alert_history` holds each
 * episode's events once (unique), so two API processes never both fire one episode.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('alerts').addColumn('no_data_minutes', 'integer').execute();
  await db.schema.alterTable('alerts').addColumn('renotify_minutes', 'integer').execute();
  await db.schema.alterTable('alerts').addColumn('muted_until', 'text').execute();
  await db.schema.alterTable('alert_conditions').addColumn('clear_threshold', 'double precision').execute();

  await db.schema
    .createTable('alert_states')
    .addColumn('alert_id', 'integer', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('sensor_id', 'integer', (c) => c.notNull().references('sensors.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('since', 'text', (c) => c.notNull())
    .addColumn('value', 'double precision')
    .addColumn('episode', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notified_at', 'text')
    .addColumn('notify_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('acknowledged_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('acknowledged_at', 'text')
    .addColumn('comment', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_states_pk', ['alert_id', 'sensor_id', 'kind'])
    .execute();
  await db.schema.createIndex('alert_states_sensor_idx').on('alert_states').column('sensor_id').execute();
  await db.schema.createIndex('alert_states_state_idx').on('alert_states').column('state').execute();

  await db.schema
    .createTable('alert_history')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('alert_id', 'integer', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('sensor_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('episode', 'integer', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    /** 0, or the number of a re-notification within its episode. */
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('value', 'double precision')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('comment', 'text')
    .execute();
  await db.schema
    .createIndex('alert_history_once_idx')
    .on('alert_history')
    .columns(['alert_id', 'sensor_id', 'kind', 'episode', 'event', 'seq'])
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('alert_history').execute();
  await db.schema.dropTable('alert_states').execute();
  await db.schema.alterTable('alert_conditions').dropColumn('clear_threshold').execute();
  for (const column of ['muted_until', 'renotify_minutes', 'no_data_minutes'])
    await db.schema.alterTable('alerts').dropColumn(column).execute();
}
