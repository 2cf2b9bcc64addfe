import {
  DEFAULT_INTERVAL_SLUG,
  DEFAULT_RANGE_SLUG,
  type IntervalSlug,
  isIntervalSlug,
  isRangeSlug,
  type RangeSlug,
} from '@matnat/core';

export type { IntervalSlug, RangeSlug } from '@matnat/core';
export { INTERVAL_SLUGS, intervalMs, isIntervalSlug, isRangeSlug, RANGE_SLUGS } from '@matnat/core';

/** Spec §4: the default filter. */
export const DEFAULT_RANGE: RangeSlug = DEFAULT_RANGE_SLUG;
export const DEFAULT_INTERVAL: IntervalSlug = DEFAULT_INTERVAL_SLUG;

/** The value when it is a known slug, else the fallback (attributes from a host page may be anything). */
export function rangeOr(value: unknown, fallback: RangeSlug = DEFAULT_RANGE): RangeSlug {
  return isRangeSlug(value) ? value : fallback;
}

export function intervalOr(value: unknown, fallback: IntervalSlug = DEFAULT_INTERVAL): IntervalSlug {
  return isIntervalSlug(value) ? value : fallback;
}
