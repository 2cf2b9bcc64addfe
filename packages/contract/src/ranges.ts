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
import { addToWallClock, DEFAULT_TIME_ZONE, fromWallClock, parseInZone, startOf, toWallClock } from './zone';

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

/**
 * The time filter's choice beside the 17 presets: an absolute range from–till (`from`/`to` as ISO 8601
 * instants). Stored, sent and reported as `range_slug: 'custom'` with `from` and `to`.
 */
export const CUSTOM_RANGE = 'custom';
export type CustomRange = typeof CUSTOM_RANGE;
/** A preset range slug, or `'custom'` for an absolute range. */
export type RangeChoice = RangeSlug | CustomRange;

const DAY = 86_400_000;

/**
 * The longest absolute range: as long as the longest preset (this_year or prev_year of a leap year, 366
 * days; DST changes cancel out within a year), so that no request can ask for more than a preset does.
 */
export const MAX_RANGE_MS = 366 * DAY;

// The Swedish messages of the absolute-range rule. Here rather than taken from `messages.ts` (which quotes
// them): the core carries this rule, and the whole message table would cost it 2 KB. Plain constants: a
// property read of an imported object keeps that object in every bundle.
export const FROM_BEFORE_TO = 'Från måste ligga före Till.';
export const RANGE_TOO_LONG =
  'Perioden får vara högst ett år (366 dagar), som den längsta förvalda perioden.';
const NOT_AN_INSTANT = (label: string) => `${label} måste vara en tidpunkt i ISO 8601-format.`;

/** What is wrong with an absolute range: the field to show it under and the Swedish message. */
export interface RangeProblem {
  field: 'from' | 'to';
  message: string;
}

/**
 * The one absolute-range rule (issue 21): both ends are instants (epoch ms), `from` lies before `to`, and
 * the range is not longer than the longest preset. NaN and infinite ends fail too (their difference is
 * NaN or infinite). The API's queries, the core's time filters and the widgets' `range` attribute call it.
 */
export function isAbsoluteRange(from: number, to: number): boolean {
  return to - from > 0 && to - from <= MAX_RANGE_MS;
}

/** Why a range breaks the absolute-range rule, as a form shows it (field and Swedish message); null if it keeps it. */
export function absoluteRangeProblem(from: number, to: number): RangeProblem | null {
  if (isAbsoluteRange(from, to)) return null;
  if (!Number.isFinite(from)) return { field: 'from', message: NOT_AN_INSTANT('Från') };
  if (!Number.isFinite(to)) return { field: 'to', message: NOT_AN_INSTANT('Till') };
  return { field: 'to', message: from >= to ? FROM_BEFORE_TO : RANGE_TOO_LONG };
}

/**
 * An instant given by a host page or a form: ISO 8601 with `Z` or an offset, or a wall-clock date or
 * date-time ('2026-11-01', '2026-11-01T08:00') read in `zone`. NaN when it is neither.
 */
export function parseInstant(text: string, zone: string = DEFAULT_TIME_ZONE): number {
  const trimmed = text.trim();
  if (/(?:Z|[+-]\d{2}:?\d{2})$/i.test(trimmed) && /^\d{4}-\d{2}-\d{2}T/.test(trimmed))
    return Date.parse(trimmed);
  return parseInZone(trimmed, zone) ?? Number.NaN;
}

/** A range choice with its absolute ends when it is custom: the part of a time filter that says what is shown. */
export interface RangeValue {
  range_slug: RangeChoice;
  /** ISO 8601 instants, with `range_slug: 'custom'`. */
  from?: string;
  to?: string;
}

/**
 * A host's `range` (a prop or an attribute): a preset slug, or an absolute range written as an ISO 8601
 * interval `from/to` (each end as `parseInstant` reads it). Null when it is neither, or breaks the rule.
 */
export function parseRangeValue(text: string, zone: string = DEFAULT_TIME_ZONE): RangeValue | null {
  if (isRangeSlug(text)) return { range_slug: text };
  const [fromText, toText, extra] = text.split('/');
  if (fromText === undefined || toText === undefined || extra !== undefined) return null;
  return customRange(parseInstant(fromText, zone), parseInstant(toText, zone));
}

/** A custom range value of two instants (as ISO 8601 texts), or null when they break the absolute-range rule. */
export function customRange(from: number, to: number): RangeValue | null {
  return isAbsoluteRange(from, to)
    ? { range_slug: CUSTOM_RANGE, from: new Date(from).toISOString(), to: new Date(to).toISOString() }
    : null;
}

/** A stored or given range value as it may be used: a known slug, or a custom range that keeps the rule. */
export function validRangeValue(value: Partial<RangeValue> | null | undefined): RangeValue | null {
  const { range_slug, from = '', to = '' } = value ?? {};
  if (isRangeSlug(range_slug)) return { range_slug };
  return range_slug === CUSTOM_RANGE && isAbsoluteRange(Date.parse(from), Date.parse(to))
    ? { range_slug, from, to }
    : null;
}

/** What a range value asks the measurement API for: the preset's slug, or the custom range's instants. */
export function rangeQuery(value: RangeValue): { range_slug?: RangeSlug; from?: string; to?: string } {
  return value.range_slug === CUSTOM_RANGE
    ? { from: value.from, to: value.to }
    : { range_slug: value.range_slug };
}

/** The instants a range value covers at `now`: a preset resolved by `resolveRange`, a custom range as given. */
export function resolveRangeValue(value: RangeValue, now: number, options: RangeOptions = {}): TimeRange {
  return value.range_slug === CUSTOM_RANGE
    ? { from: Date.parse(value.from as string), to: Date.parse(value.to as string) }
    : resolveRange(value.range_slug, now, options);
}

/** Bucket intervals a zoomed view asks for at least this many of (the server widens them to its `max_points`). */
const ZOOM_BUCKETS = 300;

/**
 * The interval that fits a range a viewer zoomed into: the widest interval slug that still gives the
 * range `ZOOM_BUCKETS` buckets, so a zoom shows finer detail than the whole range did; 5 s at least.
 */
export function fittingInterval(range: TimeRange): IntervalSlug {
  const wanted = (range.to - range.from) / ZOOM_BUCKETS;
  let fit: IntervalSlug = INTERVAL_SLUGS[0];
  for (const slug of INTERVAL_SLUGS) if (INTERVAL_MS[slug] <= wanted) fit = slug;
  return fit;
}
