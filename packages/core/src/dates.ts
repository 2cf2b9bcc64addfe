/**
 * The one date module of the core, on `Intl` alone; default zone Europe/Stockholm.
 *
 * No date library: dayjs cost a third of the core's size budget, and its timezone plugin converts through
 * the *host's* local time, so it is an hour off around the host's own DST changes. Here the zone's wall
 * clock is read with `Intl.DateTimeFormat`, and calendar arithmetic runs on wall-clock fields, which never
 * see a DST change; `fromWallClock` turns the result back into an instant.
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

/** What a zone's clock shows at some instant. Every field is NaN when the instant was not valid. */
export interface WallClock {
  readonly year: number;
  /** 1–12 */
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
  /** 0 = Sunday … 6 = Saturday */
  readonly weekday: number;
  isValid(): boolean;
}

/** Calendar units of `startOf` and `addToWallClock`. Weeks start on Monday unless told otherwise. */
export type CalendarUnit = 'day' | 'week' | 'month' | 'year';

const MINUTE = 60_000;
const DAY = 86_400_000;
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(zone);
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
    zoneFormatters.set(zone, formatter);
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

/** A wall clock from its fields read as UTC; `Date.UTC` has already rolled any overflow over. */
function wallClockAt(wallMs: number): WallClock {
  const date = new Date(wallMs);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
    millisecond: date.getUTCMilliseconds(),
    weekday: date.getUTCDay(),
    isValid: () => !Number.isNaN(wallMs),
  };
}

/** The wall clock's fields read as UTC, optionally with another month (0-based) or day. */
function wallMsOf(wall: WallClock, monthIndex = wall.month - 1, day = wall.day): number {
  return Date.UTC(wall.year, monthIndex, day, wall.hour, wall.minute, wall.second, wall.millisecond);
}

/** The wall clock of `zone` at an instant. Convert it back with `fromWallClock`. */
export function toWallClock(input: DateInput, zone: string = DEFAULT_TIME_ZONE): WallClock {
  const ms = toMs(input);
  return wallClockAt(Number.isFinite(ms) ? ms + zoneOffset(ms, zone) : Number.NaN);
}

/**
 * The instant at which `zone` shows the given wall clock. A wall time skipped by a DST change is moved
 * forward by the gap; one that occurs twice resolves to the earlier instant.
 */
export function fromWallClock(wall: WallClock, zone: string = DEFAULT_TIME_ZONE): number {
  const wallMs = wallMsOf(wall);
  const before = zoneOffset(wallMs - DAY, zone);
  const after = zoneOffset(wallMs + DAY, zone);
  const candidates = [wallMs - before, wallMs - after].filter((t) => t + zoneOffset(t, zone) === wallMs);
  return candidates.length ? Math.min(...candidates) : wallMs - before;
}

/** The first moment of the day, week, month or year holding `wall`; weeks start on Monday (1) by default. */
export function startOf(wall: WallClock, unit: CalendarUnit, weekStartsOn: 0 | 1 = 1): WallClock {
  const { year, month, day, weekday } = wall;
  if (unit === 'year') return wallClockAt(Date.UTC(year, 0, 1));
  if (unit === 'month') return wallClockAt(Date.UTC(year, month - 1, 1));
  const back = unit === 'week' ? (weekday - weekStartsOn + 7) % 7 : 0;
  return wallClockAt(Date.UTC(year, month - 1, day - back));
}

/**
 * `amount` calendar units later (earlier when negative), same time of day. A day that the target month
 * lacks clamps to its last day: 31 August − 6 months is 28 February.
 */
export function addToWallClock(wall: WallClock, amount: number, unit: CalendarUnit): WallClock {
  if (unit === 'day' || unit === 'week') {
    return wallClockAt(wallMsOf(wall, undefined, wall.day + (unit === 'week' ? 7 : 1) * amount));
  }
  const monthIndex = wall.month - 1 + (unit === 'year' ? 12 : 1) * amount;
  const lastDay = new Date(Date.UTC(wall.year, monthIndex + 1, 0)).getUTCDate();
  return wallClockAt(wallMsOf(wall, monthIndex, Math.min(wall.day, lastDay)));
}

/**
 * Parses a wall-clock text such as '2025-03-30 14:00' or '2025-03-30' as a time in `zone`.
 * @returns epoch milliseconds, or `null` when the text is not a date
 */
export function parseInZone(text: string, zone: string = DEFAULT_TIME_ZONE): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/.exec(
    text.trim(),
  );
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0));
  const millisecond = Number((match[7] ?? '0').padEnd(3, '0'));
  const wall = wallClockAt(Date.UTC(year!, month! - 1, day, hour, minute, second, millisecond));
  // Date.UTC rolls 2025-13-45 over into 2026; a real date reads back unchanged.
  const fields = [wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second];
  if (fields.some((field, i) => field !== [year, month, day, hour, minute, second][i])) return null;
  return fromWallClock(wall, zone);
}

let swedishNames: { months: string[]; weekdays: string[] } | undefined;

/** Swedish month and weekday names from the platform's locale data, looked up once. */
function names(): { months: string[]; weekdays: string[] } {
  if (!swedishNames) {
    const nameOf = (options: Intl.DateTimeFormatOptions, count: number, dayOf: (i: number) => number) => {
      const formatter = new Intl.DateTimeFormat('sv-SE', { timeZone: 'UTC', ...options });
      return Array.from({ length: count }, (_, i) => formatter.format(dayOf(i)));
    };
    swedishNames = {
      months: nameOf({ month: 'long' }, 12, (i) => Date.UTC(2021, i, 1)),
      // 3 January 2021 was a Sunday.
      weekdays: nameOf({ weekday: 'long' }, 7, (i) => Date.UTC(2021, 0, 3 + i)),
    };
  }
  return swedishNames;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

const TOKENS: Record<string, (wall: WallClock) => string | number> = {
  YYYY: (w) => pad(w.year, 4),
  YY: (w) => pad(w.year % 100),
  M: (w) => w.month,
  MM: (w) => pad(w.month),
  MMM: (w) => names().months[w.month - 1]!.slice(0, 3),
  MMMM: (w) => names().months[w.month - 1]!,
  D: (w) => w.day,
  DD: (w) => pad(w.day),
  d: (w) => w.weekday,
  dd: (w) => names().weekdays[w.weekday]!.slice(0, 2),
  ddd: (w) => names().weekdays[w.weekday]!.slice(0, 3),
  dddd: (w) => names().weekdays[w.weekday]!,
  H: (w) => w.hour,
  HH: (w) => pad(w.hour),
  m: (w) => w.minute,
  mm: (w) => pad(w.minute),
  s: (w) => w.second,
  ss: (w) => pad(w.second),
  SSS: (w) => pad(w.millisecond, 3),
};

/**
 * Formats an instant in `zone`; '' if the instant is invalid. The format takes the dayjs tokens YYYY YY,
 * M MM MMM MMMM, D DD, d dd ddd dddd, H HH, m mm, s ss, SSS (names in Swedish: 'mars', 'mar', 'söndag',
 * 'sön', 'sö') and `[literal text]`.
 */
export function formatInZone(input: DateInput, format: string, zone: string = DEFAULT_TIME_ZONE): string {
  const wall = toWallClock(input, zone);
  if (!wall.isValid()) return '';
  return format.replace(/\[([^\]]*)]|Y+|M+|D+|d+|H+|m+|s+|S+/g, (token, literal?: string) =>
    String(literal ?? TOKENS[token]?.(wall) ?? token),
  );
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
