/**
 * The core's date displays, on `Intl` alone; default zone Europe/Stockholm. The one formatter,
 * `formatInZone`, lives in the contract's zod-free entry beside the zone clock, because the API's notices
 * format dates too.
 *
 * No date library: dayjs cost a third of the core's size budget, and its timezone plugin converts through
 * the *host's* local time, so it is an hour off around the host's own DST changes. The zone's wall clock
 * and its arithmetic live in the contract (`@matnat/contract/plain`), shared with the API's range rule.
 */
import { type DateInput, formatInZone } from '@matnat/contract/plain';

export type { CalendarUnit, DateInput, WallClock } from '@matnat/contract/plain';
// The wall-clock arithmetic (startOf, addToWallClock, fromWallClock, parseInZone, zoneOffset) is imported
// from `@matnat/contract/plain` where needed, not re-exported: the core's bundle budget counts every export.
export {
  DEFAULT_TIME_ZONE,
  displayDateTime,
  formatInZone,
  toEpochMs,
  toWallClock,
} from '@matnat/contract/plain';

/** Range boundaries (spec §9). */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** Date filters, day precision (spec §9). */
export const DATE_FORMAT = 'YYYY-MM-DD';
/** Date filters, minute precision (spec §9). */
export const DATE_MINUTE_FORMAT = 'YYYY-MM-DD HH:mm';

/** 'YYYY-MM-DD HH:mm:ss' in Stockholm: range boundaries. */
export function formatDateTime(input: DateInput, zone?: string): string {
  return formatInZone(input, DATE_TIME_FORMAT, zone);
}

/** 'YYYY-MM-DD' in Stockholm: date filters. */
export function formatDate(input: DateInput, zone?: string): string {
  return formatInZone(input, DATE_FORMAT, zone);
}

/** 'YYYY-MM-DD HH:mm' in Stockholm: date filters with time. */
export function formatDateMinute(input: DateInput, zone?: string): string {
  return formatInZone(input, DATE_MINUTE_FORMAT, zone);
}

/** Swedish long date: '30 mars 2025'. */
export function displayDate(input: DateInput, zone?: string): string {
  return formatInZone(input, 'D MMMM YYYY', zone);
}

/** Compact Swedish date and time for axes and lists: '30 mar 14:05'. */
export function displayShortDateTime(input: DateInput, zone?: string): string {
  return formatInZone(input, 'D MMM HH:mm', zone);
}

/** 'HH:mm' in Stockholm. */
export function displayTime(input: DateInput, zone?: string): string {
  return formatInZone(input, 'HH:mm', zone);
}
