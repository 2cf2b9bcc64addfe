export type { DateInput } from './dates';
export {
  DATE_FORMAT,
  DATE_MINUTE_FORMAT,
  DATE_TIME_FORMAT,
  DEFAULT_TIME_ZONE,
  displayDate,
  displayDateTime,
  displayShortDateTime,
  displayTime,
  formatDate,
  formatDateMinute,
  formatDateTime,
  formatInZone,
  fromWallClock,
  parseInZone,
  toWallClock,
  zoneOffset,
  zoneOffsetMinutes,
} from './dates';
export type { CoreMessages, MessageOverrides } from './messages';
export { createMessages, formatTitle, svMessages } from './messages';
export type { Logger, PageLocation, Platform, StorageLike, Timers } from './platform';
export { browserPlatform } from './platform';
export type { ExternalStore } from './store';
export type {
  IntervalSlug,
  RangeOptions,
  RangeSlug,
  TimeFilter,
  TimeFilterState,
  TimeFilterStore,
  TimeFilterStoreOptions,
  TimeRange,
} from './timeFilter';
export {
  createTimeFilterStore,
  DEFAULT_INTERVAL_SLUG,
  DEFAULT_RANGE_SLUG,
  formatRange,
  INTERVAL_MS,
  INTERVAL_SLUGS,
  intervalLabel,
  intervalMs,
  isIntervalSlug,
  isRangeSlug,
  RANGE_SLUGS,
  rangeLabel,
  resolveRange,
  TIME_FILTER_STORAGE_KEY,
} from './timeFilter';
