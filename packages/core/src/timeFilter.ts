import type { IntervalSlug, RangeSlug, TimeFilter } from '@matnat/contract';
import {
  DEFAULT_INTERVAL_SLUG,
  DEFAULT_RANGE_SLUG,
  INTERVAL_MS,
  INTERVAL_SLUGS,
  RANGE_SLUGS,
} from '@matnat/contract/plain';
import {
  addToWallClock,
  DATE_TIME_FORMAT,
  DEFAULT_TIME_ZONE,
  formatInZone,
  fromWallClock,
  startOf,
  toWallClock,
} from './dates';
import { type CoreMessages, svMessages } from './messages';
import type { Platform } from './platform';
import { readStoredObject, writeStored } from './storage';
import { createStore, type ExternalStore } from './store';

// The slugs, their lengths and the spec §4 default filter are the contract's plain (zod-free) values.
export {
  DEFAULT_INTERVAL_SLUG,
  DEFAULT_RANGE_SLUG,
  INTERVAL_MS,
  INTERVAL_SLUGS,
  RANGE_SLUGS,
} from '@matnat/contract/plain';

export type { IntervalSlug, RangeSlug, TimeFilter };

const HOUR = 3_600_000;

/** The localStorage key holding every route's filter as one JSON object keyed by full route path. */
export const TIME_FILTER_STORAGE_KEY = 'matnat.timeFilters';

/** A resolved range: epoch milliseconds, both ends inclusive. */
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

/** The interval slug as milliseconds (spec §9: from 5 s to 12 h). */
export function intervalMs(slug: IntervalSlug): number {
  return INTERVAL_MS[slug];
}

/** Swedish label of a range slug, e.g. 'Senaste 3 timmarna'. */
export function rangeLabel(slug: RangeSlug, messages: CoreMessages = svMessages): string {
  return messages.ranges[slug];
}

/** Swedish label of an interval slug, e.g. '15 minuter'. */
export function intervalLabel(slug: IntervalSlug, messages: CoreMessages = svMessages): string {
  return messages.intervals[slug];
}

/**
 * Resolves a range slug to instants, seen from `now` in Stockholm (spec §3, §9):
 * - prev_N_h: the last N hours, exactly;
 * - prev_N_days, prev_6_months: the same wall-clock time N days (months) ago until now, so that across a
 *   DST change "5 days" still starts at the time of day the user sees now;
 * - this_week/month/year: start to end of the current period (the end lies in the future);
 * - prev_week/month/year: start to end of the previous period.
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
  return { from: fromWallClock(start, zone), to: fromWallClock(addToWallClock(start, 1, period), zone) - 1 };
}

/** A range as 'YYYY-MM-DD HH:mm:ss' texts in Stockholm, as the API takes them. */
export function formatRange(
  range: TimeRange,
  zone: string = DEFAULT_TIME_ZONE,
): { from: string; to: string } {
  return {
    from: formatInZone(range.from, DATE_TIME_FORMAT, zone),
    to: formatInZone(range.to, DATE_TIME_FORMAT, zone),
  };
}

export interface TimeFilterStoreOptions {
  /** Storage and clock. */
  platform: Pick<Platform, 'storage' | 'now' | 'logger'>;
  /** @default 'matnat.timeFilters' */
  storageKey?: string;
  /** @default { range_slug: 'prev_5_days', interval_slug: '15_m' } */
  defaults?: Partial<Pick<TimeFilter, 'range_slug' | 'interval_slug'>>;
  /** Zone and week start for `range()`. */
  rangeOptions?: RangeOptions;
}

export interface TimeFilterState {
  /** The filters set so far, by full route path; a route not listed uses the default. */
  filters: Record<string, TimeFilter>;
}

export interface TimeFilterStore extends ExternalStore<TimeFilterState> {
  /** The route's filter, or the default filter for it. */
  get(route: string): TimeFilter;
  /** Changes the route's range and/or interval and persists every filter. Invalid slugs are ignored. */
  set(route: string, change: Partial<Pick<TimeFilter, 'range_slug' | 'interval_slug'>>): TimeFilter;
  /** Forgets the route's filter: it falls back to the default. */
  reset(route: string): void;
  /** The route's range resolved at `now` (default: the platform clock). */
  range(route: string, now?: number): TimeRange;
}

function readFilters(stored: Record<string, unknown>): Record<string, TimeFilter> {
  const filters: Record<string, TimeFilter> = {};
  for (const [route, value] of Object.entries(stored)) {
    const entry = value as Partial<TimeFilter> | null;
    if (entry && isRangeSlug(entry.range_slug) && isIntervalSlug(entry.interval_slug)) {
      filters[route] = { route, range_slug: entry.range_slug, interval_slug: entry.interval_slug };
    }
  }
  return filters;
}

/**
 * Time filters per full route path (spec §3), persisted in storage under `storageKey`. Stored data that
 * is not valid JSON, or entries with unknown slugs, fall back to the default.
 */
export function createTimeFilterStore(options: TimeFilterStoreOptions): TimeFilterStore {
  const { platform, storageKey = TIME_FILTER_STORAGE_KEY, rangeOptions } = options;
  const range_slug = isRangeSlug(options.defaults?.range_slug)
    ? options.defaults.range_slug
    : DEFAULT_RANGE_SLUG;
  const interval_slug = isIntervalSlug(options.defaults?.interval_slug)
    ? options.defaults.interval_slug
    : DEFAULT_INTERVAL_SLUG;

  const { state, subscribe, getSnapshot } = createStore<TimeFilterState>({
    filters: readFilters(readStoredObject(platform, storageKey)),
  });
  const persist = () => writeStored(platform, storageKey, state.filters);

  const get = (route: string): TimeFilter => {
    const stored = state.filters[route];
    return stored ? { ...stored } : { route, range_slug, interval_slug };
  };

  return {
    subscribe,
    getSnapshot,
    get,
    set(route, change) {
      const next = get(route);
      if (isRangeSlug(change.range_slug)) next.range_slug = change.range_slug;
      if (isIntervalSlug(change.interval_slug)) next.interval_slug = change.interval_slug;
      state.filters[route] = next;
      persist();
      return { ...next };
    },
    reset(route) {
      delete state.filters[route];
      persist();
    },
    range(route, now = platform.now()) {
      return resolveRange(get(route).range_slug, now, rangeOptions);
    },
  };
}
