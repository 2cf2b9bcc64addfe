import { z } from 'zod';
import { Id, Timestamp, timestamps } from './common';
import { ALERT_HISTORY_EVENTS, ALERT_OPERATORS, ALERT_STATES, ALERT_WATCH_KINDS, LIMITS } from './constants';
import { Device } from './device';
import { body, boolean, id, idList, integer, number, oneOf, optionalText, text } from './fields';
import { fieldLabels as L, validationMessages as M } from './messages';

export const AlertOperator = z.enum(ALERT_OPERATORS);
export type AlertOperator = z.infer<typeof AlertOperator>;
export const AlertStateName = z.enum(ALERT_STATES);
export type AlertStateName = z.infer<typeof AlertStateName>;
export const AlertWatchKind = z.enum(ALERT_WATCH_KINDS);
export type AlertWatchKind = z.infer<typeof AlertWatchKind>;

/**
 * "value `operator` threshold, for at least `duration_s` seconds" (pending until then). Once firing, the
 * alert stays until the value is back across `clear_threshold` (hysteresis), or across the threshold
 * itself when there is none. It watches one sensor (`sensor_id`), or every sensor of a kind on a device
 * (`device_id` with `sensor_key`, also those created later); exactly one of the two.
 */
export const AlertCondition = z.object({
  id: Id,
  alert_id: Id,
  sensor_id: Id.nullable(),
  device_id: Id.nullable().optional(),
  /** The kind of sensor watched on `device_id`: see `sensorKind`. */
  sensor_key: z.string().nullable().optional(),
  operator: AlertOperator,
  threshold: z.number(),
  duration_s: z.number().int().nonnegative(),
  clear_threshold: z.number().nullable().optional(),
});
export type AlertCondition = z.infer<typeof AlertCondition>;

/**
 * Alerts (Notiser). The list loads with `include=conditionsCount`, which yields `conditions_count`.
 * `state` is the worst state over the watched sensors; `muted_until` silences its notifications.
 */
export const Alert = z.object({
  id: Id,
  name: z.string(),
  device_id: Id.nullable(),
  is_enabled: z.boolean(),
  last_triggered_at: Timestamp.nullable(),
  /** Fire when a watched sensor has sent nothing for this many minutes (null: never). */
  no_data_minutes: z.number().int().positive().nullable().optional(),
  /** Repeat the notification this often while firing and not acknowledged (null: never). */
  renotify_minutes: z.number().int().positive().nullable().optional(),
  muted_until: Timestamp.nullable().optional(),
  /** Tell the team by e-mail too (the bell always). */
  notify_email: z.boolean().optional(),
  /** The team's webhook channels the alert posts to. */
  webhook_ids: z.array(Id).optional(),
  state: AlertStateName.optional(),
  ...timestamps,
  conditions: z.array(AlertCondition).optional(),
  conditions_count: z.number().int().nonnegative().optional(),
  device: Device.nullable().optional(),
});
export type Alert = z.infer<typeof Alert>;

/** Where an alert stands for one watched sensor and one kind of watch. */
export const AlertSensorState = z.object({
  alert_id: Id,
  sensor_id: Id,
  kind: AlertWatchKind,
  state: AlertStateName,
  /** When the current state began. */
  since: Timestamp,
  /** The value that caused the state (null for no data). */
  value: z.number().nullable(),
  /** Counts the episodes (firing … resolved) of this sensor and kind. */
  episode: z.number().int().nonnegative(),
  acknowledged_by: Id.nullable(),
  acknowledged_at: Timestamp.nullable(),
  comment: z.string().nullable(),
});
export type AlertSensorState = z.infer<typeof AlertSensorState>;

/** `GET /api/v1/alert/{id}/state`. */
export const AlertStatus = z.object({
  alert_id: Id,
  state: AlertStateName,
  muted_until: Timestamp.nullable(),
  sensors: z.array(AlertSensorState),
});
export type AlertStatus = z.infer<typeof AlertStatus>;

/** One entry of `GET /api/v1/alert/{id}/history`, newest first. */
export const AlertHistoryEntry = z.object({
  id: Id,
  alert_id: Id,
  sensor_id: Id,
  kind: AlertWatchKind,
  episode: z.number().int().nonnegative(),
  event: z.enum(ALERT_HISTORY_EVENTS),
  value: z.number().nullable(),
  at: Timestamp,
  user_id: Id.nullable(),
  comment: z.string().nullable(),
});
export type AlertHistoryEntry = z.infer<typeof AlertHistoryEntry>;

/** A period in which an alert was firing (acknowledged counts as firing); `to` is null while it lasts. */
export const AlertPeriod = z.object({ from: Timestamp, to: Timestamp.nullable() });
export type AlertPeriod = z.infer<typeof AlertPeriod>;

/** One enabled alert watching a sensor: its limits on that sensor and when it fired in a range. */
export const SensorAlert = z.object({
  alert_id: Id,
  name: z.string(),
  /** The conditions on this sensor: the value crossing `threshold` (after `duration_s`) fires it. */
  limits: z.array(
    z.object({
      operator: AlertOperator,
      threshold: z.number(),
      clear_threshold: z.number().nullable(),
    }),
  ),
  /** Its value-firing periods overlapping the range, oldest first. */
  periods: z.array(AlertPeriod),
});
export type SensorAlert = z.infer<typeof SensorAlert>;

/**
 * `GET /api/v1/sensor/{id}/alert-periods` (issue 21): the alerts watching a sensor that the caller may read
 * (a user's teams'; an embed token's creator's), with their limits and firing periods in the range.
 */
export const SensorAlertPeriods = z.object({
  sensor_id: Id,
  from: Timestamp,
  to: Timestamp,
  alerts: z.array(SensorAlert),
});
export type SensorAlertPeriods = z.infer<typeof SensorAlertPeriods>;

const OPERATOR_SIDE = { '>': 1, '>=': 1, '<': -1, '<=': -1 } as const;

type ConditionTarget = { sensor_id?: number; device_id?: number; sensor_key?: string };

/** Exactly one target: a sensor, or a device with a kind of sensor. */
function checkTarget(c: ConditionTarget, ctx: z.RefinementCtx) {
  const kind = c.device_id !== undefined || c.sensor_key !== undefined;
  if (c.sensor_id !== undefined && kind)
    ctx.addIssue({ code: 'custom', path: ['sensor_id'], message: M.conditionTwoTargets });
  else if (c.sensor_id === undefined && !kind)
    ctx.addIssue({ code: 'custom', path: ['sensor_id'], message: M.conditionTarget });
  else if (kind && c.device_id === undefined)
    ctx.addIssue({ code: 'custom', path: ['device_id'], message: M.required(L.device_id) });
  else if (kind && c.sensor_key === undefined)
    ctx.addIssue({ code: 'custom', path: ['sensor_key'], message: M.required(L.sensor_key) });
}

export const AlertConditionBody = body({
  sensor_id: id(L.sensor_id).optional(),
  device_id: id(L.device_id).optional(),
  sensor_key: text(L.sensor_key, { max: LIMITS.sensorKey }).toLowerCase().optional(),
  operator: oneOf(L.operator, ALERT_OPERATORS),
  threshold: number(L.threshold),
  duration_s: integer(L.duration_s, { min: 0, max: LIMITS.alertDurationS }).default(0),
  clear_threshold: number(L.clear_threshold).nullish(),
}).superRefine((c, ctx) => {
  checkTarget(c, ctx);
  // The clear threshold lies on the normal side: below a `>` threshold, above a `<` one.
  if (c.clear_threshold == null) return;
  if ((c.threshold - c.clear_threshold) * OPERATOR_SIDE[c.operator] < 0)
    ctx.addIssue({ code: 'custom', path: ['clear_threshold'], message: M.clearThreshold });
});
export type AlertConditionBody = z.infer<typeof AlertConditionBody>;

const minutes = (label: string) => integer(label, { min: 1, max: LIMITS.alertMinutes });

const alertFields = {
  name: text(L.name),
  device_id: id(L.device_id).nullish(),
  is_enabled: boolean(L.is_enabled).default(true),
  no_data_minutes: minutes(L.no_data_minutes).nullish(),
  renotify_minutes: minutes(L.renotify_minutes).nullish(),
  /** E-mail to the team's members besides the bell. @default true */
  notify_email: boolean(L.notify_email).default(true),
  /** Webhook channels of the alert's team (`GET /api/v1/webhook`). */
  webhook_ids: idList(L.webhook_ids, { max: LIMITS.alertWebhooks }).default([]),
  /** Each condition watches its sensor on its own; a sensor with several fires when any of them holds. */
  conditions: z
    .array(AlertConditionBody, { error: M.array(L.conditions) })
    .min(1, { error: M.minItems(L.conditions, 1) })
    .max(LIMITS.alertConditions, { error: M.maxItems(L.conditions, LIMITS.alertConditions) }),
};

/** `POST /api/v1/alert`. */
export const AlertCreateBody = body(alertFields);
export type AlertCreateBody = z.infer<typeof AlertCreateBody>;
export type AlertCreateBodyInput = z.input<typeof AlertCreateBody>;

/** `PATCH /api/v1/alert/{id}`: any subset; `conditions` replaces all conditions. */
export const AlertUpdateBody = body({
  name: alertFields.name.optional(),
  device_id: alertFields.device_id,
  is_enabled: boolean(L.is_enabled).optional(),
  no_data_minutes: alertFields.no_data_minutes,
  renotify_minutes: alertFields.renotify_minutes,
  notify_email: boolean(L.notify_email).optional(),
  webhook_ids: idList(L.webhook_ids, { max: LIMITS.alertWebhooks }).optional(),
  conditions: alertFields.conditions.optional(),
});
export type AlertUpdateBody = z.infer<typeof AlertUpdateBody>;
export type AlertUpdateBodyInput = z.input<typeof AlertUpdateBody>;

/** `POST /api/v1/alert/{id}/acknowledge`: every firing sensor of the alert, or the one given. */
export const AlertAcknowledgeBody = body({
  comment: optionalText(L.comment, { max: LIMITS.alertComment }),
  sensor_id: id(L.sensor_id).optional(),
});
export type AlertAcknowledgeBody = z.infer<typeof AlertAcknowledgeBody>;

/** `POST /api/v1/alert/{id}/mute`: silence notifications for `minutes` from now; 0 unmutes. */
export const AlertMuteBody = body({
  minutes: integer(L.minutes, { min: 0, max: LIMITS.alertMinutes }),
});
export type AlertMuteBody = z.infer<typeof AlertMuteBody>;
