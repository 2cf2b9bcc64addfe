import { z } from 'zod';
import { Id, Timestamp, timestamps } from './common';
import { ALERT_OPERATORS, LIMITS } from './constants';
import { Device } from './device';
import { body, boolean, id, integer, number, oneOf, text } from './fields';
import { fieldLabels as L, validationMessages as M } from './messages';

export const AlertOperator = z.enum(ALERT_OPERATORS);
export type AlertOperator = z.infer<typeof AlertOperator>;

/** "value `operator` threshold, for at least `duration_s` seconds". */
export const AlertCondition = z.object({
  id: Id,
  alert_id: Id,
  sensor_id: Id,
  operator: AlertOperator,
  threshold: z.number(),
  duration_s: z.number().int().nonnegative(),
});
export type AlertCondition = z.infer<typeof AlertCondition>;

/** Alerts (Notiser). The list loads with `include=conditionsCount`, which yields `conditions_count`. */
export const Alert = z.object({
  id: Id,
  name: z.string(),
  device_id: Id.nullable(),
  is_enabled: z.boolean(),
  last_triggered_at: Timestamp.nullable(),
  ...timestamps,
  conditions: z.array(AlertCondition).optional(),
  conditions_count: z.number().int().nonnegative().optional(),
  device: Device.nullable().optional(),
});
export type Alert = z.infer<typeof Alert>;

export const AlertConditionBody = body({
  sensor_id: id(L.sensor_id),
  operator: oneOf(L.operator, ALERT_OPERATORS),
  threshold: number(L.threshold),
  duration_s: integer(L.duration_s, { min: 0, max: LIMITS.alertDurationS }).default(0),
});
export type AlertConditionBody = z.infer<typeof AlertConditionBody>;

const alertFields = {
  name: text(L.name),
  device_id: id(L.device_id).nullish(),
  is_enabled: boolean(L.is_enabled).default(true),
  /** The alert fires when all its conditions hold. */
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
  conditions: alertFields.conditions.optional(),
});
export type AlertUpdateBody = z.infer<typeof AlertUpdateBody>;
export type AlertUpdateBodyInput = z.input<typeof AlertUpdateBody>;
