import { z } from 'zod';
import { Id, Timestamp, timestamps } from './common';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS, WEBHOOK_FORMATS } from './constants';
import { body, boolean, httpUrl, id, oneOf, text } from './fields';
import { fieldLabels as L } from './messages';

export const WebhookFormat = z.enum(WEBHOOK_FORMATS);
export type WebhookFormat = z.infer<typeof WebhookFormat>;

/**
 * A webhook channel of a team (`GET /api/v1/webhook`): where alert notifications are posted, in one of three
 * formats: `json` (`AlertWebhookEvent`), `slack` (a Slack incoming webhook) or `teams` (an Adaptive Card for
 * a Microsoft Teams workflow). Every delivery is signed with the channel's secret. A channel that keeps
 * failing is paused (`paused_at`, `pause_reason`) until someone of its team resumes it.
 */
export const WebhookChannel = z.object({
  id: Id,
  team_id: Id,
  name: z.string(),
  url: z.string(),
  format: WebhookFormat,
  /** Who made it: told in the bell when it is paused. */
  created_by: Id.nullable(),
  paused_at: Timestamp.nullable(),
  pause_reason: z.string().nullable(),
  last_delivery_at: Timestamp.nullable(),
  ...timestamps,
});
export type WebhookChannel = z.infer<typeof WebhookChannel>;

/** The answer of creating a channel (or a new secret): the only time its secret is shown. */
export const WebhookChannelCreated = WebhookChannel.extend({ secret: z.string() });
export type WebhookChannelCreated = z.infer<typeof WebhookChannelCreated>;

const channelFields = {
  name: text(L.name, { max: 100 }),
  /** https, or http to an address the server's operator allows (`WEBHOOK_ALLOW_PRIVATE`). */
  url: httpUrl(L.url),
  format: oneOf(L.format, WEBHOOK_FORMATS),
};

/** `POST /api/v1/webhook`: a channel of one of your teams (your first when `team_id` is left out). */
export const WebhookChannelCreateBody = body({ ...channelFields, team_id: id(L.team_id).optional() });
export type WebhookChannelCreateBody = z.infer<typeof WebhookChannelCreateBody>;
export type WebhookChannelCreateBodyInput = z.input<typeof WebhookChannelCreateBody>;

/** `PATCH /api/v1/webhook/{id}`: any subset; `paused: false` resumes a paused channel. */
export const WebhookChannelUpdateBody = body({
  name: channelFields.name.optional(),
  url: channelFields.url.optional(),
  format: channelFields.format.optional(),
  paused: boolean(L.paused).optional(),
});
export type WebhookChannelUpdateBody = z.infer<typeof WebhookChannelUpdateBody>;
export type WebhookChannelUpdateBodyInput = z.input<typeof WebhookChannelUpdateBody>;

/**
 * One delivery of one transition to one channel (the delivery log: `GET /api/v1/alert/{id}/deliveries`,
 * `GET /api/v1/webhook/{id}/deliveries`). `pending` waits for its next attempt, `delivered` was answered
 * 2xx, `failed` was given up (after `WEBHOOK_MAX_ATTEMPTS`, an answer that retrying cannot change, or a
 * target the server may not reach).
 */
export const WebhookDelivery = z.object({
  id: Id,
  channel_id: Id,
  channel_name: z.string(),
  alert_id: Id.nullable(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int().nonnegative(),
  /** The HTTP status of the last attempt; null when it got none (timeout, refused target). */
  status_code: z.number().int().nullable(),
  /** Milliseconds from the transition to the last attempt's answer. */
  latency_ms: z.number().int().nullable(),
  error: z.string().nullable(),
  next_attempt_at: Timestamp.nullable(),
  delivered_at: Timestamp.nullable(),
  created_at: Timestamp,
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/**
 * The body of a `json` channel's delivery (Slack and Teams channels get the same facts in their formats).
 * Headers: `X-Matnat-Event` (`type`), `X-Matnat-Delivery` (`delivery_id`: the same on every retry of one
 * delivery), `X-Matnat-Timestamp` (Unix seconds of this attempt) and `X-Matnat-Signature`
 * (`sha256=` HMAC-SHA256 with the channel's secret over `<timestamp>.<body>`; see `verifyWebhookSignature`).
 */
export const AlertWebhookEvent = z.object({
  type: z.enum(WEBHOOK_EVENTS),
  delivery_id: Id,
  /** Null for a test delivery ("Skicka test"). */
  alert_id: Id.nullable(),
  alert_name: z.string(),
  /** The state the sensor's watch moved to. */
  state: z.enum(['firing', 'resolved', 'test']),
  /** `value` (a threshold) or `no_data` (silence). */
  kind: z.enum(['value', 'no_data', 'test']),
  /** Counts the episodes (firing … resolved) of this sensor. */
  episode: z.number().int().nonnegative(),
  /** The value that caused the transition, with its unit (null for silence). */
  value: z.number().nullable(),
  unit: z.string(),
  /** When the transition happened (ISO 8601, UTC). */
  at: Timestamp,
  sensor: z.object({ id: Id, name: z.string() }).nullable(),
  device: z
    .object({ id: Id, title: z.string().nullable(), external_device_id: z.string().nullable() })
    .nullable(),
  /** The Swedish text of the bell and the e-mail. */
  title: z.string(),
  text: z.string(),
  links: z.object({ alert: z.string().nullable(), device: z.string().nullable() }),
});
export type AlertWebhookEvent = z.infer<typeof AlertWebhookEvent>;
