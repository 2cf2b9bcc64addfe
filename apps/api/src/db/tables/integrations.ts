import type { Generated } from 'kysely';

/**
 * Tables of the integration edges (issue 24): messages ingestion could never store, and alert webhooks
 * out (channels, the channels of each alert, deliveries).
 */
export interface IntegrationTables {
  ingest_dead_letters: IngestDeadLettersTable;
  webhook_channels: WebhookChannelsTable;
  alert_webhooks: AlertWebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export type WebhookFormat = 'json' | 'slack' | 'teams';
export type WebhookEvent = 'alert.firing' | 'alert.renotified' | 'alert.resolved' | 'test';
export type WebhookDeliveryStatus = 'pending' | 'sending' | 'delivered' | 'failed';

export interface WebhookChannelsTable {
  id: Generated<number>;
  team_id: number;
  created_by: number | null;
  name: string;
  url: string;
  format: WebhookFormat;
  /** Encrypted (`webhooks/secrets.ts`). */
  secret: string;
  /** Deliveries given up in a row; at `WEBHOOK_PAUSE_AFTER` the channel is paused. */
  failures: number;
  paused_at: string | null;
  pause_reason: string | null;
  last_delivery_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AlertWebhooksTable {
  alert_id: number;
  channel_id: number;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  channel_id: number;
  alert_id: number | null;
  event_key: string;
  event: WebhookEvent;
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  locked_until: string | null;
  status_code: number | null;
  latency_ms: number | null;
  error: string | null;
  transition_at: string;
  delivered_at: string | null;
  created_at: string;
}

/**
 * Messages that can never be stored (an MQTT message is acknowledged and dropped rather than redelivered
 * forever), counted per way in, device and reason: the rows stay few however many messages arrive.
 */
export interface IngestDeadLettersTable {
  /** `source|device id|reason`. */
  key: string;
  /** The device the message named, when it exists. */
  device_id: number | null;
  source: 'mqtt';
  reason: string;
  /** The last such message's topic (at most 200 characters). */
  topic: string | null;
  count: number;
  first_at: string;
  last_at: string;
}
