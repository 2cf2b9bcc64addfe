/**
 * The contract's plain values. No zod here: the core and the widgets import these at runtime
 * (through `@matnat/contract/plain`) without pulling a schema library into browser bundles.
 */

/**
 * The readable cookie the API keeps while a session has a signed-in user (value '1'), and clears when it
 * has none: the app asks GET /api/me only when it is there, so that a guest's console shows no 401. A hint,
 * never an authorization (that is the session cookie's).
 */
export const SIGNED_IN_COOKIE = 'matnat_signed_in';

/** Time-filter ranges (spec §3), in the spec's order. */
export const RANGE_SLUGS = [
  'prev_3_h',
  'prev_12_h',
  'prev_24_h',
  'prev_2_days',
  'prev_5_days',
  'prev_7_days',
  'prev_10_days',
  'prev_15_days',
  'prev_30_days',
  'prev_90_days',
  'prev_6_months',
  'this_week',
  'this_month',
  'this_year',
  'prev_week',
  'prev_month',
  'prev_year',
] as const;
export type RangeSlug = (typeof RANGE_SLUGS)[number];

/** Time-filter intervals (spec §3), from 5 s to 12 h (spec §9). */
export const INTERVAL_SLUGS = ['5_s', '30_s', '1_m', '5_m', '15_m', '30_m', '1_h', '3_h', '12_h'] as const;
export type IntervalSlug = (typeof INTERVAL_SLUGS)[number];

/** The length of each interval in milliseconds. */
export const INTERVAL_MS: Readonly<Record<IntervalSlug, number>> = {
  '5_s': 5_000,
  '30_s': 30_000,
  '1_m': 60_000,
  '5_m': 300_000,
  '15_m': 900_000,
  '30_m': 1_800_000,
  '1_h': 3_600_000,
  '3_h': 10_800_000,
  '12_h': 43_200_000,
};

/** Spec §4 "Default filter: range prev_5_days, interval 15_m". */
export const DEFAULT_RANGE_SLUG = 'prev_5_days' satisfies RangeSlug;
export const DEFAULT_INTERVAL_SLUG = '15_m' satisfies IntervalSlug;

/** Measurement queries: how many buckets a series may have at most, and by default. */
export const MAX_POINTS_LIMIT = 5000;
export const DEFAULT_MAX_POINTS = 1000;

/** Spec §3 "Local setting … kept in browser storage under the key settings". */
export const SETTINGS_STORAGE_KEY = 'settings';

export const SENSOR_TYPES = ['temperature', 'humidity', 'battery', 'pressure', 'co2', 'other'] as const;
export type SensorType = (typeof SENSOR_TYPES)[number];

export const PANEL_TYPES = ['line_chart', 'single_value'] as const;
export type PanelType = (typeof PANEL_TYPES)[number];

/**
 * The named colours of a panel's threshold steps (issue 21), which the widgets draw in colours of the theme
 * (`--matnat-threshold-green` …) readable as text on white; a step may also give its own `#rrggbb`.
 */
export const THRESHOLD_COLORS = ['green', 'yellow', 'orange', 'red', 'blue', 'purple', 'gray'] as const;
export type ThresholdColorName = (typeof THRESHOLD_COLORS)[number];

export const ALERT_OPERATORS = ['>', '>=', '<', '<='] as const;
export type AlertOperator = (typeof ALERT_OPERATORS)[number];

/** Where an alert stands for one watched sensor; `resolved` is back to normal after an episode. */
export const ALERT_STATES = ['ok', 'pending', 'firing', 'acknowledged', 'resolved'] as const;
export type AlertStateName = (typeof ALERT_STATES)[number];
/** What an alert watches a sensor for: its value against the conditions, or its silence. */
export const ALERT_WATCH_KINDS = ['value', 'no_data'] as const;
/** Entries of an alert's history. */
export const ALERT_HISTORY_EVENTS = [
  'pending',
  'cancelled',
  'firing',
  'renotified',
  'acknowledged',
  'resolved',
] as const;

/** Spec §9 "Notification levels: warn, error, success, plus a default". */
export const NOTIFICATION_LEVELS = ['warn', 'error', 'success', 'default'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];

export const ORDER_STATUSES = ['received', 'confirmed', 'shipped', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The attributes `PATCH /api/user/{id}` may change, one at a time. */
export const USER_ATTRIBUTES = ['name', 'email', 'photo_url', 'password'] as const;
export type UserAttribute = (typeof USER_ATTRIBUTES)[number];

export const CURRENCY = 'SEK';

/**
 * The dashboard grid (issue 21): 12 columns; a panel spans `width` of them and `height` rows of
 * `GRID.rowPx` pixels, each 1–12. A new panel is half as wide as the grid and three rows high.
 */
export const GRID = { columns: 12, maxRows: 12, rowPx: 80, defaultWidth: 6, defaultHeight: 3 } as const;

/** Limits of request bodies. */
export const LIMITS = {
  cartItems: 100,
  orderLines: 50,
  orderQuantity: 99,
  lineChartItems: 12,
  /** Threshold steps of a panel, and the characters of a step's label (issue 21). */
  thresholdSteps: 10,
  thresholdLabel: 40,
  alertConditions: 10,
  /** A sensor's kind: the payload key it was created from (`temperature`, `TempC_SHT`). */
  sensorKey: 100,
  /** Seven days: a condition must hold at most this long before the alert fires. */
  alertDurationS: 604_800,
  /** A week: the longest silence an alert waits for, the longest re-notify interval and mute. */
  alertMinutes: 10_080,
  /** Characters of an acknowledgement's comment. */
  alertComment: 1000,
  /** Webhook channels one alert posts to. */
  alertWebhooks: 10,
  ingestReadings: 1000,
  /** Distinct sensors (payload keys) one message may carry values for. */
  sensorsPerMessage: 100,
  /** Sensors one device may have: ingestion creates no more (a decoder gone wrong, a flood of keys). */
  sensorsPerDevice: 200,
  /** Characters of a device id that is not a DevEUI (`external_device_id`). */
  deviceId: 64,
  /** Days ahead an embed token may expire at most. */
  embedTokenDays: 366,
  embedScopes: 100,
  embedOrigins: 20,
  orderMessage: 2000,
  /** An uploaded profile photo as a data: URL (the app scales it to 256 px first): characters. */
  photoDataUrl: 200_000,
} as const;

/** Formats of a webhook channel: our JSON, a Slack incoming webhook, a Microsoft Teams Adaptive Card. */
export const WEBHOOK_FORMATS = ['json', 'slack', 'teams'] as const;
/** What a webhook delivery tells: an alert firing, reminding, back to normal, or a test. */
export const WEBHOOK_EVENTS = ['alert.firing', 'alert.renotified', 'alert.resolved', 'test'] as const;
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
