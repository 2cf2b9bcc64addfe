import { z } from 'zod';
import { Id, timestamps } from './common';
import { GRID, LIMITS, PANEL_TYPES, THRESHOLD_COLORS } from './constants';
import { Device, Sensor } from './device';
import { body, boolean, hexColor, id, idList, integer, number, optionalText, text } from './fields';
import { fieldLabels as L, validationMessages as M } from './messages';
import { User } from './user';

export const PanelType = z.enum(PANEL_TYPES);
export type PanelType = z.infer<typeof PanelType>;

/** Spec §3 "Line chart item: sensor, device (with its sensors and defaultSensor)". */
export const LineChartItem = z.object({
  id: Id,
  panel_id: Id,
  sensor_id: Id,
  device_id: Id,
  /** `#rrggbb`; null lets the chart pick from its palette. */
  color: z.string().nullable().optional(),
  /** Null when the device has left the panel's team (issue 24, finding 4): its details are not shown. */
  sensor: Sensor.nullable().optional(),
  device: Device.nullable().optional(),
});
export type LineChartItem = z.infer<typeof LineChartItem>;

export const SingleValueItem = z.object({
  id: Id,
  panel_id: Id,
  sensor_id: Id,
  device_id: Id,
  /** Null when the device has left the panel's team (issue 24, finding 4): its details are not shown. */
  sensor: Sensor.nullable().optional(),
  device: Device.nullable().optional(),
});
export type SingleValueItem = z.infer<typeof SingleValueItem>;

/**
 * One threshold step of a panel (issue 21): from `value` upwards (to the next step's value) a reading is in
 * this step, shown in its colour with its label ('OK', 'Varning', 'Larm'). Below the first step's value a
 * reading is in no step. `color` is a name of `THRESHOLD_COLORS` or `#rrggbb`.
 */
export const ThresholdStep = z.object({ value: z.number(), color: z.string(), label: z.string() });
export type ThresholdStep = z.infer<typeof ThresholdStep>;

/** Spec §3 Panel: a line chart or a single-value readout. */
export const Panel = z.object({
  id: Id,
  dashboard_id: Id,
  type: PanelType,
  title: z.string().nullable(),
  /** 0-based order within the dashboard. */
  position: z.number().int().nonnegative(),
  device_id: Id.nullable().optional(),
  sensor_id: Id.nullable().optional(),
  /** Threshold steps in ascending order of value (issue 21); empty when the panel has none. */
  thresholds: z.array(ThresholdStep),
  /** Columns of the 12-column grid the panel spans, 1–12 (issue 21). */
  width: z.number().int().min(1).max(GRID.columns),
  /** Rows of `GRID.rowPx` pixels the panel is high, 1–12 (issue 21). */
  height: z.number().int().min(1).max(GRID.maxRows),
  ...timestamps,
  device: Device.nullable().optional(),
  sensor: Sensor.nullable().optional(),
  lineChartItems: z.array(LineChartItem).optional(),
  singleValueItem: SingleValueItem.nullable().optional(),
});
export type Panel = z.infer<typeof Panel>;

/** Spec §3 Dashboard. */
export const Dashboard = z.object({
  id: Id,
  title: z.string(),
  is_favorite: z.boolean(),
  user_id: Id,
  ...timestamps,
  user: User.optional(),
  panels: z.array(Panel).optional(),
});
export type Dashboard = z.infer<typeof Dashboard>;

const dashboardFields = {
  title: text(L.title),
  is_favorite: boolean(L.is_favorite).optional(),
};

/** `POST /api/v1/dashboard`. */
export const DashboardCreateBody = body(dashboardFields);
export type DashboardCreateBody = z.infer<typeof DashboardCreateBody>;

/** `PATCH /api/v1/dashboard/{id}`: any subset of the create body. */
export const DashboardUpdateBody = body(dashboardFields).partial();
export type DashboardUpdateBody = z.infer<typeof DashboardUpdateBody>;

/** `PATCH /api/v1/dashboard/{id}/panel`: the dashboard's panel ids in their new order. */
export const PanelOrderBody = body({ panels: idList(L.panels) });
export type PanelOrderBody = z.infer<typeof PanelOrderBody>;

/** One line of a line chart in a request body. */
export const LineChartItemBody = body({
  device_id: id(L.device_id),
  sensor_id: id(L.sensor_id),
  color: hexColor().nullish(),
});
export type LineChartItemBody = z.infer<typeof LineChartItemBody>;

const thresholdColor = () =>
  z
    .string({ error: M.thresholdColor })
    .trim()
    .toLowerCase()
    .refine((c) => (THRESHOLD_COLORS as readonly string[]).includes(c) || /^#[0-9a-f]{6}$/.test(c), {
      error: M.thresholdColor,
    });

/** One threshold step in a request body. */
export const ThresholdStepBody = body({
  value: number(L.value),
  color: thresholdColor(),
  label: text(L.label, { max: LIMITS.thresholdLabel }),
});
export type ThresholdStepBody = z.infer<typeof ThresholdStepBody>;

/**
 * A panel's threshold steps (issue 21): at most `LIMITS.thresholdSteps`, values finite and strictly
 * ascending (a step out of order is refused under its own value, `thresholds.2.value`). `[]` removes them.
 */
const thresholds = z
  .array(ThresholdStepBody, { error: M.array(L.thresholds) })
  .max(LIMITS.thresholdSteps, { error: M.maxItems(L.thresholds, LIMITS.thresholdSteps) })
  .superRefine(
    (steps, ctx) => {
      // Also when a step has another error: a form shows every wrong field at once. A value that is not a
      // finite number has its own error and is not compared.
      if (!Array.isArray(steps)) return;
      const stepValue = (i: number) => {
        const value = (steps[i] as { value?: unknown } | undefined)?.value;
        return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
      };
      for (let i = 1; i < steps.length; i++) {
        const value = stepValue(i);
        const previous = stepValue(i - 1);
        if (value !== undefined && previous !== undefined && value <= previous)
          ctx.addIssue({ code: 'custom', path: [i, 'value'], message: M.thresholdOrder(previous) });
      }
    },
    { when: () => true },
  );

/** A panel's place on the grid (issue 21): columns and rows, each a whole number 1–12. */
const gridSize = {
  width: integer(L.width, { min: 1, max: GRID.columns }).optional(),
  height: integer(L.height, { min: 1, max: GRID.maxRows }).optional(),
};

const lineChartItems = z
  .array(LineChartItemBody, { error: M.array(L.line_chart_items) })
  .min(1, { error: M.minItems(L.line_chart_items, 1) })
  .max(LIMITS.lineChartItems, { error: M.maxItems(L.line_chart_items, LIMITS.lineChartItems) });

/**
 * `POST /api/v1/panel`. A line chart carries its lines (the simple form sends one, the advanced form
 * several); a single value reads one sensor of one device. Either may carry threshold steps. The panel
 * goes last on the dashboard.
 */
export const PanelCreateBody = z.discriminatedUnion(
  'type',
  [
    body({
      type: z.literal('line_chart'),
      dashboard_id: id(L.dashboard_id),
      title: optionalText(L.title),
      line_chart_items: lineChartItems,
      thresholds: thresholds.optional(),
      ...gridSize,
    }),
    body({
      type: z.literal('single_value'),
      dashboard_id: id(L.dashboard_id),
      title: optionalText(L.title),
      device_id: id(L.device_id),
      sensor_id: id(L.sensor_id),
      thresholds: thresholds.optional(),
      ...gridSize,
    }),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union' ? M.oneOf(L.type, ['line_chart', 'single_value']) : M.body,
  },
);
export type PanelCreateBody = z.infer<typeof PanelCreateBody>;
export type PanelCreateBodyInput = z.input<typeof PanelCreateBody>;

/**
 * `PATCH /api/v1/panel/{id}`. The type does not change. `line_chart_items` replaces a line chart's lines;
 * `device_id` with `sensor_id` re-points a single value; `thresholds` replaces the steps (`[]`: none);
 * `width` and `height` set its size on the grid (issue 21).
 */
export const PanelUpdateBody = body({
  title: optionalText(L.title),
  position: integer(L.position, { min: 0 }).optional(),
  line_chart_items: lineChartItems.optional(),
  device_id: id(L.device_id).optional(),
  sensor_id: id(L.sensor_id).optional(),
  thresholds: thresholds.optional(),
  ...gridSize,
}).refine((panel) => (panel.device_id === undefined) === (panel.sensor_id === undefined), {
  error: M.deviceAndSensor,
  path: ['sensor_id'],
});
export type PanelUpdateBody = z.infer<typeof PanelUpdateBody>;
export type PanelUpdateBodyInput = z.input<typeof PanelUpdateBody>;
