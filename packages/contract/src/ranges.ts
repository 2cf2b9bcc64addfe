/**
 * The one range rule (spec §3, §9): which instants a range slug covers, seen from `now`. The core's time
 * filters and the API's measurement queries both call `resolveRange`, so a panel and the server never
 * disagree about an hour around a DST change. Zod-free.
 */
import {
  DEFAULT_INTERVAL_SLUG,
  DEFAULT_RANGE_SLUG,
  INTERVAL_MS,
  INTERVAL_SLUGS,
  type IntervalSlug,
  RANGE_SLUGS,
  type RangeSlug,
} from './constants';
import { addToWallClock, DEFAULT_TIME_ZONE, fromWallClock, startOf, toWallClock } from './zone';

const HOUR = 3_600_000;

/** A resolved range: epoch milliseconds, half-open `[from, to)`. */
export interface TimeRange {
  from: number;
  to: number;
}

export interface RangeOptions {
  /** @default 'Europe/Stockholm' */
  zone?: string;
  /**
   * First day of the week for this_week/prev_week: 1 = Monday, 0 = Sunday. Monday, as Swedish calendars
   * (and ISO 8601) have it; the spec's inherited base setup said Sunday, which no Swedish user expects.
   * @default 1
   */
  weekStartsOn?: 0 | 1;
}

export function isRangeSlug(value: unknown): value is RangeSlug {
  return typeof value === 'string' && (RANGE_SLUGS as readonly string[]).includes(value);
}

export function isIntervalSlug(value: unknown): value is IntervalSlug {
  return typeof value === 'string' && (INTERVAL_SLUGS as readonly string[]).includes(value);
}

/** The value when it is a known range slug, else the fallback (spec §4 default: prev_5_days). */
export function rangeOr(value: unknown, fallback: RangeSlug = DEFAULT_RANGE_SLUG): RangeSlug {
  return isRangeSlug(value) ? value : fallback;
}

/** The value when it is a known interval slug, else the fallback (spec §4 default: 15_m). */
export function intervalOr(value: unknown, fallback: IntervalSlug = DEFAULT_INTERVAL_SLUG): IntervalSlug {
  return isIntervalSlug(value) ? value : fallback;
}

/** The interval slug as milliseconds (spec §9: from 5 s to 12 h). */
export function intervalMs(slug: IntervalSlug): number {
  return INTERVAL_MS[slug];
}

/**
 * Resolves a range slug to the half-open instants `[from, to)`, seen from `now` in Stockholm (spec §3, §9):
 * - prev_N_h: the last N hours, exactly;
 * - prev_N_days, prev_6_months: from the same wall-clock time N days (months) ago until now, so that
 *   across a DST change "5 days" still starts at the time of day the user sees now;
 * - this_week/month/year: start of the current period to the start of the next (the end lies ahead);
 * - prev_week/month/year: the previous period, start to the start of the current one.
 */
export function resolveRange(slug: RangeSlug, now: number, options: RangeOptions = {}): TimeRange {
  const { zone = DEFAULT_TIME_ZONE, weekStartsOn = 1 } = options;
  const hours = /^prev_(\d+)_h$/.exec(slug);
  if (hours) return { from: now - Number(hours[1]) * HOUR, to: now };

  const wall = toWallClock(now, zone);
  const back = /^prev_(\d+)_(days|months)$/.exec(slug);
  if (back) {
    const from = addToWallClock(wall, -Number(back[1]), back[2] === 'days' ? 'day' : 'month');
    return { from: fromWallClock(from, zone), to: now };
  }

  const [which, period] = slug.split('_') as ['this' | 'prev', 'week' | 'month' | 'year'];
  const start = addToWallClock(startOf(wall, period, weekStartsOn), which === 'prev' ? -1 : 0, period);
  return { from: fromWallClock(start, zone), to: fromWallClock(addToWallClock(start, 1, period), zone) };
}
