/** Range and interval slugs of the time filter (spec §3), resolved in Europe/Stockholm. */
import {
  INTERVAL_MS,
  INTERVAL_SLUGS,
  type IntervalSlug,
  RANGE_SLUGS,
  type RangeSlug,
} from '@matnat/contract';

export const TIME_ZONE = 'Europe/Stockholm';

export type { IntervalSlug, RangeSlug };
export { INTERVAL_MS, INTERVAL_SLUGS, RANGE_SLUGS };

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function isRangeSlug(value: string): value is RangeSlug {
  return (RANGE_SLUGS as readonly string[]).includes(value);
}

export function isIntervalSlug(value: string): value is IntervalSlug {
  return Object.hasOwn(INTERVAL_MS, value);
}

/** Half-open instant range [from, to) in epoch milliseconds. */
export interface TimeRange {
  from: number;
  to: number;
}

interface WallClock {
  year: number;
  /** 0-based, as in Date. */
  month: number;
  day: number;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
}

const wallFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  weekday: 'short',
});
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function wallParts(t: number): WallClock & { hour: number; minute: number; second: number } {
  const parts: Record<string, string> = {};
  for (const p of wallFormat.formatToParts(new Date(t))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month) - 1,
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** Offset of Stockholm from UTC at instant t, in ms (3,600,000 in winter, 7,200,000 in summer). */
export function zoneOffset(t: number): number {
  const p = wallParts(t);
  const asUtc = Date.UTC(p.year, p.month, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(t / SECOND) * SECOND;
}

/** The instant of local midnight at the start of the given Stockholm calendar day (fields may overflow). */
export function startOfLocalDay(year: number, month: number, day: number): number {
  const guess = Date.UTC(year, month, day);
  let t = guess - zoneOffset(guess);
  // The offset at the guess can differ from the offset at the answer when a DST switch lies between.
  t = guess - zoneOffset(t);
  return t;
}

function localMonthsAgo(now: number, months: number): number {
  const p = wallParts(now);
  const day = Math.min(p.day, new Date(Date.UTC(p.year, p.month - months + 1, 0)).getUTCDate());
  return (
    startOfLocalDay(p.year, p.month - months, day) + (p.hour * HOUR + p.minute * MINUTE + p.second * SECOND)
  );
}

/**
 * Resolves a range slug at instant `now`: `prev_*` ranges end now; week, month and year ranges run from the
 * start to the end of the period (spec §9), weeks starting on Monday (Swedish locale).
 */
export function resolveRange(slug: RangeSlug, now: number): TimeRange {
  const hours = /^prev_(\d+)_h$/.exec(slug);
  if (hours) return { from: now - Number(hours[1]) * HOUR, to: now };
  const days = /^prev_(\d+)_days$/.exec(slug);
  if (days) return { from: now - Number(days[1]) * DAY, to: now };
  if (slug === 'prev_6_months') return { from: localMonthsAgo(now, 6), to: now };

  const p = wallParts(now);
  switch (slug) {
    case 'this_week':
    case 'prev_week': {
      const monday = p.day - p.weekday - (slug === 'prev_week' ? 7 : 0);
      return {
        from: startOfLocalDay(p.year, p.month, monday),
        to: startOfLocalDay(p.year, p.month, monday + 7),
      };
    }
    case 'this_month':
    case 'prev_month': {
      const month = p.month - (slug === 'prev_month' ? 1 : 0);
      return { from: startOfLocalDay(p.year, month, 1), to: startOfLocalDay(p.year, month + 1, 1) };
    }
    default: {
      const year = p.year - (slug === 'prev_year' ? 1 : 0);
      return { from: startOfLocalDay(year, 0, 1), to: startOfLocalDay(year + 1, 0, 1) };
    }
  }
}
