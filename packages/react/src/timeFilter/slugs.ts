/** Range slugs of spec §3, in the order the select lists them. */
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

/** Refresh-interval slugs of spec §3, 5 s to 12 h. */
export const INTERVAL_SLUGS = ['5_s', '30_s', '1_m', '5_m', '15_m', '30_m', '1_h', '3_h', '12_h'] as const;

export type RangeSlug = (typeof RANGE_SLUGS)[number];
export type IntervalSlug = (typeof INTERVAL_SLUGS)[number];

/** Spec §4: the default filter. */
export const DEFAULT_RANGE: RangeSlug = 'prev_5_days';
export const DEFAULT_INTERVAL: IntervalSlug = '15_m';

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;

export function intervalMs(slug: IntervalSlug): number {
  const [count, unit] = slug.split('_') as [string, keyof typeof UNIT_MS];
  return Number(count) * UNIT_MS[unit];
}

export function isRangeSlug(value: unknown): value is RangeSlug {
  return typeof value === 'string' && (RANGE_SLUGS as readonly string[]).includes(value);
}

export function isIntervalSlug(value: unknown): value is IntervalSlug {
  return typeof value === 'string' && (INTERVAL_SLUGS as readonly string[]).includes(value);
}

/** The value when it is a known slug, else the fallback (attributes from a host page may be anything). */
export function rangeOr(value: unknown, fallback: RangeSlug = DEFAULT_RANGE): RangeSlug {
  return isRangeSlug(value) ? value : fallback;
}

export function intervalOr(value: unknown, fallback: IntervalSlug = DEFAULT_INTERVAL): IntervalSlug {
  return isIntervalSlug(value) ? value : fallback;
}
