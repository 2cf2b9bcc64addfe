import { z } from 'zod';
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

/** An alert started or stopped holding (SSE event name `alert`). */
export const AlertEvent = z.object({
  type: z.literal('alert'),
  alert_id: Id,
  state: z.enum(['triggered', 'resolved']),
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
