import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import sv from 'dayjs/locale/sv.js';
import utc from 'dayjs/plugin/utc.js';

/**
 * The one date setup of the core: dayjs with the utc plugin and the Swedish locale, default zone
 * Europe/Stockholm.
 *
 * Zone conversion is done here with `Intl.DateTimeFormat` rather than dayjs's timezone plugin: that plugin
 * converts through the *host's* local time and is off by an hour around the host's own DST changes (and
 * gives the wrong offset for Stockholm midnight on DST days when the host is, say, in New York), and it
 * costs bundle size. Wall-clock arithmetic runs on UTC-mode dayjs values, which never see a DST change.
 */

/** @default zone of every date helper */
export const DEFAULT_TIME_ZONE = 'Europe/Stockholm';
/** Range boundaries (spec §9). */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** Date filters, day precision (spec §9). */
export const DATE_FORMAT = 'YYYY-MM-DD';
/** Date filters, minute precision (spec §9). */
export const DATE_MINUTE_FORMAT = 'YYYY-MM-DD HH:mm';

/** An instant: epoch milliseconds, a Date, or an ISO 8601 string with an offset or `Z`. */
export type DateInput = number | Date | string;

let ready = false;
function setup(): void {
  if (ready) return;
  // dayjs remembers installed plugins, so sharing a dayjs instance with the host page is harmless.
  dayjs.extend(utc);
  ready = true;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The offset of `zone` from UTC at the instant `ms`, in milliseconds (east positive). */
export function zoneOffset(ms: number, zone: string = DEFAULT_TIME_ZONE): number {
  const parts: Record<string, number> = {};
  for (const { type, value } of zoneFormatter(zone).formatToParts(ms)) parts[type] = Number(value);
  const wallAsUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    (parts.hour ?? 0) % 24,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wallAsUtc - (ms - (((ms % 1000) + 1000) % 1000));
}

function toMs(input: DateInput): number {
  if (typeof input === 'number') return input;
  if (input instanceof Date) return input.getTime();
  return Date.parse(input);
}

/**
 * The wall clock of `zone` at an instant, as a UTC-mode dayjs value in the Swedish locale. Its fields
 * (year … second) are the zone's; its `valueOf()` is *not* the instant — convert back with `fromWallClock`.
 */
export function toWallClock(input: DateInput, zone: string = DEFAULT_TIME_ZONE): Dayjs {
  setup();
  const ms = toMs(input);
  if (!Number.isFinite(ms)) return dayjs.utc(Number.NaN);
  return dayjs.utc(ms + zoneOffset(ms, zone)).locale(sv);
}

/**
 * The instant at which `zone` shows the given wall clock. A wall time skipped by a DST change is moved
 * forward by the gap; one that occurs twice resolves to the earlier instant.
 */
export function fromWallClock(wall: Dayjs, zone: string = DEFAULT_TIME_ZONE): number {
  const wallMs = Date.UTC(
    wall.year(),
    wall.month(),
    wall.date(),
    wall.hour(),
    wall.minute(),
    wall.second(),
    wall.millisecond(),
  );
  const before = zoneOffset(wallMs - DAY, zone);
  const after = zoneOffset(wallMs + DAY, zone);
  const candidates = [wallMs - before, wallMs - after].filter((t) => t + zoneOffset(t, zone) === wallMs);
  return candidates.length ? Math.min(...candidates) : wallMs - before;
}

/**
 * Parses a wall-clock text such as '2025-03-30 14:00' or '2025-03-30' as a time in `zone`.
 * @returns epoch milliseconds, or `null` when the text is not a date
 */
export function parseInZone(text: string, zone: string = DEFAULT_TIME_ZONE): number | null {
  setup();
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/.exec(
    text.trim(),
  );
  if (!match) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match
    .slice(1, 7)
    .map((part) => Number(part ?? 0));
  const ms = Number((match[7] ?? '0').padEnd(3, '0'));
  const wallMs = Date.UTC(year!, month! - 1, day, hour, minute, second, ms);
  const wall = dayjs.utc(wallMs);
  // Date.UTC rolls 2025-13-45 over into 2026; a real date reads back unchanged.
  if (wall.year() !== year || wall.month() !== month! - 1 || wall.date() !== day || wall.hour() !== hour) {
    return null;
  }
  if (wall.minute() !== minute || wall.second() !== second) return null;
  return fromWallClock(wall, zone);
}

/** Formats an instant in `zone` with a dayjs format string, Swedish month and day names; '' if invalid. */
export function formatInZone(input: DateInput, format: string, zone: string = DEFAULT_TIME_ZONE): string {
  const wall = toWallClock(input, zone);
  return wall.isValid() ? wall.format(format) : '';
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

/** Whole minutes of `zone`'s UTC offset at an instant, e.g. 60 in Stockholm winter, 120 in summer. */
export function zoneOffsetMinutes(input: DateInput, zone: string = DEFAULT_TIME_ZONE): number {
  return Math.round(zoneOffset(toMs(input), zone) / MINUTE);
}
