import type { Kysely } from 'kysely';
import { idColumn } from './0002_resources.js';

// biome-ignore lint/suspicious/noExplicitAny: Kysely's migration convention
type AnyDb = Kysely<any>;

/**
 * Alert notifications beyond e-mail and the bell (issue 24): webhook channels of a team, the channels each
 * alert posts to, whether it mails, and one delivery row per transition and channel (unique, so nothing is
 * sent twice for one transition, whichever process writes it) with its attempts.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('webhook_channels')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    /** AES-256-GCM with a key derived from APP_KEY: signing needs the secret itself, a dump does not show it. */
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paused_at', 'text')
    .addColumn('pause_reason', 'text')
    .addColumn('last_delivery_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_channels_team_idx').on('webhook_channels').column('team_id').execute();

  await db.schema
    .createTable('alert_webhooks')
    .addColumn('alert_id', 'integer', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('channel_id', 'integer', (c) =>
      c.notNull().references('webhook_channels.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('alert_webhooks_pk', ['alert_id', 'channel_id'])
    .execute();
  await db.schema
    .createIndex('alert_webhooks_channel_idx')
    .on('alert_webhooks')
    .column('channel_id')
    .execute();
  await db.schema
    .alterTable('alerts')
    .addColumn('notify_email', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('channel_id', 'integer', (c) =>
      c.notNull().references('webhook_channels.id').onDelete('cascade'),
    )
    .addColumn('alert_id', 'integer', (c) => c.references('alerts.id').onDelete('cascade'))
    /** The transition: alert, sensor, kind, episode, event and number, as in alert_history. */
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    /** The facts of the body (AlertWebhookEvent without `delivery_id`), rendered per format when sent. */
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    /** While an attempt runs: until when its process holds it (another takes it over after a crash). */
    .addColumn('locked_until', 'text')
    .addColumn('status_code', 'integer')
    .addColumn('latency_ms', 'integer')
    .addColumn('error', 'text')
    .addColumn('transition_at', 'text', (c) => c.notNull())
    .addColumn('delivered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_once_idx')
    .on('webhook_deliveries')
    .columns(['channel_id', 'event_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_alert_idx')
    .on('webhook_deliveries')
    .column('alert_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.alterTable('alerts').dropColumn('notify_email').execute();
  await db.schema.dropTable('alert_webhooks').execute();
  await db.schema.dropTable('webhook_channels').execute();
}
