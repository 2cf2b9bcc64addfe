import type { IntervalSlug, RangeSlug, TimeFilter } from '@matnat/contract';
import {
  intervalOr,
  isIntervalSlug,
  type RangeOptions,
  type RangeValue,
  rangeOr,
  resolveRangeValue,
  type TimeRange,
  validRangeValue,
} from '@matnat/contract/plain';
import { DATE_TIME_FORMAT, DEFAULT_TIME_ZONE, formatInZone } from './dates';
import type { Platform } from './platform';
import { readStoredObject, writeStored } from './storage';
import { createStore, type ExternalStore } from './store';

// The slugs, their lengths, the spec §4 default filter and the range rule are the contract's plain
// (zod-free) values, shared with the API. The absolute-range helpers (`absoluteRangeProblem`,
// `parseRangeValue`, `customRange` …) are taken from `@matnat/contract/plain` where needed, not re-exported:
// the core's bundle budget counts every export.
export type { RangeChoice, RangeOptions, RangeValue, TimeRange } from '@matnat/contract/plain';
export {
  DEFAULT_INTERVAL_SLUG,
  DEFAULT_RANGE_SLUG,
  INTERVAL_MS,
  INTERVAL_SLUGS,
  intervalMs,
  intervalOr,
  isIntervalSlug,
  isRangeSlug,
  RANGE_SLUGS,
  rangeOr,
  resolveRange,
} from '@matnat/contract/plain';

export type { IntervalSlug, RangeSlug, TimeFilter };

/** The localStorage key holding every route's filter as one JSON object keyed by full route path. */
export const TIME_FILTER_STORAGE_KEY = 'matnat.timeFilters';

/** A range as 'YYYY-MM-DD HH:mm:ss' texts in Stockholm, as the API takes them (`to` exclusive). */
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

/** A change of a route's filter: a preset, a custom range (`range_slug: 'custom'` with `from` and `to`), an interval. */
export type TimeFilterChange = Partial<Pick<TimeFilter, 'range_slug' | 'interval_slug' | 'from' | 'to'>>;

export interface TimeFilterState {
  /** The filters set so far, by full route path; a route not listed uses the default. */
  filters: Record<string, TimeFilter>;
}

export interface TimeFilterStore extends ExternalStore<TimeFilterState> {
  /** The route's filter, or the default filter for it. */
  get(route: string): TimeFilter;
  /**
   * Changes the route's range and/or interval and persists every filter. Invalid slugs, and custom ranges
   * that break the contract's absolute-range rule (`absoluteRangeProblem`), are ignored.
   */
  set(route: string, change: TimeFilterChange): TimeFilter;
  /** Forgets the route's filter: it falls back to the default. */
  reset(route: string): void;
  /** The route's range resolved at `now` (default: the platform clock). */
  range(route: string, now?: number): TimeRange;
}

/** A filter in one key order (route, range, interval), so that two equal filters have one JSON text. */
const filterOf = (route: string, range: RangeValue, interval_slug: IntervalSlug): TimeFilter => ({
  route,
  range_slug: range.range_slug,
  from: range.from,
  to: range.to,
  interval_slug,
});

function readFilters(stored: Record<string, unknown>): Record<string, TimeFilter> {
  const filters: Record<string, TimeFilter> = {};
  for (const [route, value] of Object.entries(stored)) {
    const entry = value as Partial<TimeFilter> | null;
    const range = validRangeValue(entry);
    if (range && isIntervalSlug(entry?.interval_slug))
      filters[route] = filterOf(route, range, entry.interval_slug);
  }
  return filters;
}

/**
 * Time filters per full route path (spec §3), persisted in storage under `storageKey`. Stored data that
 * is not valid JSON, or entries with unknown slugs, fall back to the default.
 */
export function createTimeFilterStore(options: TimeFilterStoreOptions): TimeFilterStore {
  const { platform, storageKey = TIME_FILTER_STORAGE_KEY, rangeOptions, defaults } = options;
  const range_slug = rangeOr(defaults?.range_slug);
  const interval_slug = intervalOr(defaults?.interval_slug);

  const { state, subscribe, getSnapshot } = createStore<TimeFilterState>({
    filters: readFilters(readStoredObject(platform, storageKey)),
  });
  const persist = () => writeStored(platform, storageKey, state.filters);

  const get = (route: string): TimeFilter => ({
    ...(state.filters[route] ?? { route, range_slug, interval_slug }),
  });

  return {
    subscribe,
    getSnapshot,
    get,
    set(route, change) {
      const current = get(route);
      const next = filterOf(
        route,
        (change.range_slug && validRangeValue(change)) || current,
        intervalOr(change.interval_slug, current.interval_slug),
      );
      // The same choice again (every panel of a page sets its host's values as it mounts) is neither
      // stored nor announced: each write re-rendered every subscriber and wrote the storage anew.
      if (JSON.stringify(next) === JSON.stringify(current)) return next;
      state.filters[route] = next;
      persist();
      return { ...next };
    },
    reset(route) {
      delete state.filters[route];
      persist();
    },
    range(route, now = platform.now()) {
      return resolveRangeValue(get(route), now, rangeOptions);
    },
  };
}
