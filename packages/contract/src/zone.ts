/**
 * Wall clocks of a time zone (default Europe/Stockholm) on `Intl` alone, zod-free: the one place both the
 * core (display, time filters) and the API (range resolution, `from`/`to` texts) read a zone's clock.
 *
 * Calendar arithmetic runs on wall-clock fields, which never see a DST change; `fromWallClock` turns the
 * result back into an instant. Nothing here depends on the host's own zone.
 */

/** @default zone of every date helper (spec §1). */
export const DEFAULT_TIME_ZONE = 'Europe/Stockholm';

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

/** Epoch milliseconds of an instant; NaN for an invalid one, null or undefined. */
export const toEpochMs = (input: DateInput | null | undefined): number =>
  input == null ? Number.NaN : typeof input === 'string' ? Date.parse(input) : Number(input);

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
export function wallClockMs(wall: WallClock, monthIndex = wall.month - 1, day = wall.day): number {
  return Date.UTC(wall.year, monthIndex, day, wall.hour, wall.minute, wall.second, wall.millisecond);
}

/** The wall clock of `zone` at an instant. Convert it back with `fromWallClock`. */
export function toWallClock(input: DateInput, zone: string = DEFAULT_TIME_ZONE): WallClock {
  const ms = toEpochMs(input);
  return wallClockAt(Number.isFinite(ms) ? ms + zoneOffset(ms, zone) : Number.NaN);
}

/**
 * The instant at which `zone` shows the given wall clock. A wall time skipped by a DST change is moved
 * forward by the gap; one that occurs twice resolves to the earlier instant.
 */
export function fromWallClock(wall: WallClock, zone: string = DEFAULT_TIME_ZONE): number {
  const wallMs = wallClockMs(wall);
  const before = zoneOffset(wallMs - DAY, zone);
  const after = zoneOffset(wallMs + DAY, zone);
  const candidates = [wallMs - before, wallMs - after].filter((t) => t + zoneOffset(t, zone) === wallMs);
  return candidates.length ? Math.min(...candidates) : wallMs - before;
}

/** The first moment of the day, week, month or year holding `wall`; weeks start on Monday (1) by default. */
export function startOf(wall: WallClock, unit: CalendarUnit, weekStartsOn: 0 | 1 = 1): WallClock {
  const { year, month, day, weekday } = wall;
  // Date.UTC's day defaults to the 1st.
  if (unit === 'year' || unit === 'month')
    return wallClockAt(Date.UTC(year, unit === 'year' ? 0 : month - 1));
  const back = unit === 'week' ? (weekday - weekStartsOn + 7) % 7 : 0;
  return wallClockAt(Date.UTC(year, month - 1, day - back));
}

/**
 * `amount` calendar units later (earlier when negative), same time of day. A day that the target month
 * lacks clamps to its last day: 31 August − 6 months is 28 February.
 */
export function addToWallClock(wall: WallClock, amount: number, unit: CalendarUnit): WallClock {
  if (unit === 'day' || unit === 'week') {
    return wallClockAt(wallClockMs(wall, undefined, wall.day + (unit === 'week' ? 7 : 1) * amount));
  }
  const monthIndex = wall.month - 1 + (unit === 'year' ? 12 : 1) * amount;
  const lastDay = new Date(Date.UTC(wall.year, monthIndex + 1, 0)).getUTCDate();
  return wallClockAt(wallClockMs(wall, monthIndex, Math.min(wall.day, lastDay)));
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
  // Date.UTC rolls 2025-13-45 over into 2026 and 24:00 into the next day; a real time reads back unchanged.
  const readBack = [wall.month, wall.day, wall.hour, wall.minute, wall.second];
  return readBack.join() === [month, day, hour, minute, second].join() ? fromWallClock(wall, zone) : null;
}
