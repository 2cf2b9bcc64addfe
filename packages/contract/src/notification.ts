import { z } from 'zod';
import { Id, Timestamp } from './common';
import { NOTIFICATION_LEVELS } from './constants';

export const NotificationLevel = z.enum(NOTIFICATION_LEVELS);
export type NotificationLevel = z.infer<typeof NotificationLevel>;

/** An entry of the notification bell (`GET /api/v1/notification`). */
export const Notification = z.object({
  id: Id,
  level: NotificationLevel,
  title: z.string(),
  body: z.string(),
  read_at: Timestamp.nullable(),
  created_at: Timestamp,
  /** The alert that raised it, if any. */
  alert_id: Id.nullable().optional(),
});
export type Notification = z.infer<typeof Notification>;
