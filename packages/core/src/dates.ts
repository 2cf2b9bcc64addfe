/**
 * The one date-display module of the core, on `Intl` alone; default zone Europe/Stockholm.
 *
 * No date library: dayjs cost a third of the core's size budget, and its timezone plugin converts through
 * the *host's* local time, so it is an hour off around the host's own DST changes. The zone's wall clock
 * and its arithmetic live in the contract (`@matnat/contract/plain`), shared with the API's range rule.
 */
import {
  type DateInput,
  DEFAULT_TIME_ZONE,
  toWallClock,
  type WallClock,
  wallClockMs,
} from '@matnat/contract/plain';

export type { CalendarUnit, DateInput, WallClock } from '@matnat/contract/plain';
// The wall-clock arithmetic (startOf, addToWallClock, fromWallClock, parseInZone, zoneOffset) is imported
// from `@matnat/contract/plain` where needed, not re-exported: the core's bundle budget counts every export.
export { DEFAULT_TIME_ZONE, toEpochMs, toWallClock } from '@matnat/contract/plain';

/** Range boundaries (spec §9). */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** Date filters, day precision (spec §9). */
export const DATE_FORMAT = 'YYYY-MM-DD';
/** Date filters, minute precision (spec §9). */
export const DATE_MINUTE_FORMAT = 'YYYY-MM-DD HH:mm';

const nameFormatters: Partial<Record<'month' | 'weekday', Intl.DateTimeFormat>> = {};

/** The Swedish month or weekday name of a wall clock ('mars', 'söndag'), from the platform's locale data. */
function swedishName(part: 'month' | 'weekday', wall: WallClock): string {
  nameFormatters[part] ??= new Intl.DateTimeFormat('sv-SE', { timeZone: 'UTC', [part]: 'long' });
  return nameFormatters[part].format(wallClockMs(wall));
}

const TOKEN_FIELDS = {
  Y: 'year',
  M: 'month',
  D: 'day',
  d: 'weekday',
  H: 'hour',
  m: 'minute',
  s: 'second',
  S: 'millisecond',
} as const;

/**
 * Formats an instant in `zone`; '' if the instant is invalid. The format takes the dayjs tokens YYYY YY,
 * M MM, D DD, d, H HH, m mm, s ss, SSS (numbers, zero-padded to the token's length), the Swedish names
 * MMMM MMM ('mars', 'mar') and dddd ddd dd ('söndag', 'sön', 'sö'), and `[literal text]`.
 */
export function formatInZone(input: DateInput, format: string, zone: string = DEFAULT_TIME_ZONE): string {
  const wall = toWallClock(input, zone);
  if (!wall.isValid()) return '';
  const tokens = /\[([^\]]*)]|YYYY|YY|M{1,4}|DD?|d{1,4}|HH?|mm?|ss?|SSS/g;
  return format.replace(tokens, (token, literal?: string) => {
    if (literal !== undefined) return literal;
    const letter = token[0] as keyof typeof TOKEN_FIELDS;
    if (token.startsWith('MMM') || token.startsWith('dd')) {
      const name = swedishName(letter === 'M' ? 'month' : 'weekday', wall);
      return token.length === 4 ? name : name.slice(0, token.length);
    }
    const value = wall[TOKEN_FIELDS[letter]];
    return String(token === 'YY' ? value % 100 : value).padStart(token.length, '0');
  });
}

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

/** Swedish date and time: '30 mars 2025 kl. 14:05'. */
export function displayDateTime(input: DateInput, zone?: string): string {
  return formatInZone(input, 'D MMMM YYYY [kl.] HH:mm', zone);
}

/** Compact Swedish date and time for axes and lists: '30 mar 14:05'. */
export function displayShortDateTime(input: DateInput, zone?: string): string {
  return formatInZone(input, 'D MMM HH:mm', zone);
}

/** 'HH:mm' in Stockholm. */
export function displayTime(input: DateInput, zone?: string): string {
  return formatInZone(input, 'HH:mm', zone);
}
