import { z } from 'zod';
import { AlertStateName, AlertWatchKind } from './alert';
import { Id, Timestamp } from './common';
import { Notification } from './notification';

/** A new reading, as `GET /api/v1/stream` sends it (SSE event name `reading`). */
export const ReadingEvent = z.object({
  type: z.literal('reading'),
  device_id: Id,
  sensor_id: Id,
  value: z.number(),
  measured_at: Timestamp,
});

/**
 * An alert changed state for one watched sensor (SSE event name `alert`): sent to the callers that may
 * read the alert (its team's members, admins).
 */
export const AlertEvent = z.object({
  type: z.literal('alert'),
  alert_id: Id,
  sensor_id: Id,
  kind: AlertWatchKind,
  state: AlertStateName,
  value: z.number().nullable(),
  at: Timestamp,
});

/** A new entry for the notification bell (SSE event name `notification`). */
export const NotificationEvent = z.object({ type: z.literal('notification'), notification: Notification });

/** The `data` of each server-sent event; its `type` is also the SSE event name. */
export const StreamEvent = z.discriminatedUnion('type', [ReadingEvent, AlertEvent, NotificationEvent]);
export type StreamEvent = z.infer<typeof StreamEvent>;
export type ReadingEvent = z.infer<typeof ReadingEvent>;
export type AlertEvent = z.infer<typeof AlertEvent>;
export type NotificationEvent = z.infer<typeof NotificationEvent>;
