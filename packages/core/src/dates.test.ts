import { afterEach, describe, expect, it } from 'vitest';
import {
  addToWallClock,
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
  startOf,
  toWallClock,
  zoneOffsetMinutes,
} from './dates';

// Spring forward: 2025-03-30 02:00 CET → 03:00 CEST (01:00Z). Fall back: 2025-10-26 03:00 CEST → 02:00 CET (01:00Z).
const utc = (text: string) => Date.parse(`${text}Z`);

describe('dates', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it('spec §1: the default time zone is Europe/Stockholm', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Europe/Stockholm');
    expect(formatDateTime(utc('2025-01-15T12:00:00'))).toBe('2025-01-15 13:00:00');
    expect(formatDateTime(utc('2025-07-15T12:00:00'))).toBe('2025-07-15 14:00:00');
  });

  it('spec §9: range format YYYY-MM-DD HH:mm:ss, date filter formats YYYY-MM-DD and YYYY-MM-DD HH:mm', () => {
    expect([DATE_TIME_FORMAT, DATE_FORMAT, DATE_MINUTE_FORMAT]).toEqual([
      'YYYY-MM-DD HH:mm:ss',
      'YYYY-MM-DD',
      'YYYY-MM-DD HH:mm',
    ]);
    const instant = new Date(utc('2025-12-31T23:30:05'));
    expect(formatDateTime(instant)).toBe('2026-01-01 00:30:05');
    expect(formatDate(instant)).toBe('2026-01-01');
    expect(formatDateMinute(instant)).toBe('2026-01-01 00:30');
    expect(formatDate('2025-12-31T22:59:59Z')).toBe('2025-12-31');
  });

  it('spec §1: dates display in the Swedish locale', () => {
    const instant = utc('2025-03-30T12:05:00');
    expect(displayDate(instant)).toBe('30 mars 2025');
    expect(displayDateTime(instant)).toBe('30 mars 2025 kl. 14:05');
    expect(displayShortDateTime(instant)).toBe('30 mar 14:05');
    expect(displayTime(instant)).toBe('14:05');
    expect(formatInZone(instant, 'dddd D MMMM')).toBe('söndag 30 mars');
  });

  it('formats in another zone when asked (the NZ temperature page)', () => {
    expect(formatDateTime(utc('2025-01-15T12:00:00'), 'Pacific/Auckland')).toBe('2025-01-16 01:00:00');
  });

  it('gives an empty text for an invalid instant', () => {
    expect(formatDate('not a date')).toBe('');
    expect(toWallClock(Number.NaN).isValid()).toBe(false);
  });

  it('DST (spring forward): instants either side of the change show CET and CEST wall clocks', () => {
    expect(formatDateTime(utc('2025-03-30T00:59:59'))).toBe('2025-03-30 01:59:59');
    expect(formatDateTime(utc('2025-03-30T01:00:00'))).toBe('2025-03-30 03:00:00');
    expect(zoneOffsetMinutes(utc('2025-03-30T00:59:59'))).toBe(60);
    expect(zoneOffsetMinutes(utc('2025-03-30T01:00:00'))).toBe(120);
  });

  it('DST (fall back): the repeated hour shows twice, with the offset changing', () => {
    expect(formatDateTime(utc('2025-10-26T00:30:00'))).toBe('2025-10-26 02:30:00');
    expect(formatDateTime(utc('2025-10-26T01:30:00'))).toBe('2025-10-26 02:30:00');
    expect(zoneOffsetMinutes('2025-10-26T00:30:00Z')).toBe(120);
    expect(zoneOffsetMinutes('2025-10-26T01:30:00Z')).toBe(60);
  });

  it('parses wall-clock texts as Stockholm time', () => {
    expect(parseInZone('2025-01-15 13:00:00')).toBe(utc('2025-01-15T12:00:00'));
    expect(parseInZone('2025-07-15 14:00')).toBe(utc('2025-07-15T12:00:00'));
    expect(parseInZone('2025-07-15')).toBe(utc('2025-07-14T22:00:00'));
    expect(parseInZone(' 2025-07-15T14:00:00.250 ')).toBe(utc('2025-07-15T12:00:00.250'));
    expect(parseInZone('15/07/2025')).toBeNull();
    expect(parseInZone('2025-13-45')).toBeNull();
    expect(parseInZone('2025-02-29')).toBeNull();
    expect(parseInZone('2025-02-28 24:00')).toBeNull();
    expect(parseInZone('2025-02-28 23:60')).toBeNull();
  });

  it('DST: a wall time skipped in spring moves forward; a repeated one in autumn takes the earlier instant', () => {
    expect(parseInZone('2025-03-30 02:30')).toBe(utc('2025-03-30T01:30:00'));
    expect(formatDateTime(utc('2025-03-30T01:30:00'))).toBe('2025-03-30 03:30:00');
    expect(parseInZone('2025-10-26 02:30')).toBe(utc('2025-10-26T00:30:00'));
    expect(parseInZone('2025-10-26 03:30')).toBe(utc('2025-10-26T02:30:00'));
  });

  it('round-trips wall clock and instant every 15 minutes across both DST weekends', () => {
    for (const start of [utc('2025-03-29T00:00:00'), utc('2025-10-25T00:00:00')]) {
      for (let t = start; t < start + 2 * 86_400_000; t += 15 * 60_000) {
        const back = fromWallClock(toWallClock(t));
        expect(formatDateTime(back)).toBe(formatDateTime(t));
        // The second 02:xx of the autumn night reads back as the first one.
        expect([t, t - 3_600_000]).toContain(back);
      }
    }
  });

  it('does not depend on the host time zone (dayjs timezone plugin bug around host DST changes)', () => {
    for (const tz of ['America/New_York', 'America/Santiago', 'Pacific/Auckland', 'UTC']) {
      process.env.TZ = tz;
      // 2025-03-09 02:30 does not exist in New York; Stockholm shows it anyway.
      expect(formatDateTime(utc('2025-03-09T01:30:00'))).toBe('2025-03-09 02:30:00');
      expect(parseInZone('2025-03-30 00:00')).toBe(utc('2025-03-29T23:00:00'));
      expect(parseInZone('2025-03-31 00:00')).toBe(utc('2025-03-30T22:00:00'));
    }
  });
});

describe('wall-clock arithmetic', () => {
  const at = (text: string) => toWallClock(parseInZone(text) as number);
  const show = (wall: ReturnType<typeof toWallClock>) => formatDateTime(fromWallClock(wall));

  it('period starts: day, Monday week (Sunday on request), month and year, in Stockholm', () => {
    const sundayEvening = at('2025-03-30 21:15:10');
    expect(show(startOf(sundayEvening, 'day'))).toBe('2025-03-30 00:00:00');
    expect(show(startOf(sundayEvening, 'week'))).toBe('2025-03-24 00:00:00');
    expect(show(startOf(sundayEvening, 'week', 0))).toBe('2025-03-30 00:00:00');
    expect(show(startOf(sundayEvening, 'month'))).toBe('2025-03-01 00:00:00');
    expect(show(startOf(sundayEvening, 'year'))).toBe('2025-01-01 00:00:00');
  });

  it('adds days, weeks, months and years on wall-clock fields; month ends clamp', () => {
    const summerEnd = at('2025-08-31 14:30:00');
    expect(show(addToWallClock(summerEnd, -6, 'month'))).toBe('2025-02-28 14:30:00');
    expect(show(addToWallClock(summerEnd, 6, 'month'))).toBe('2026-02-28 14:30:00');
    expect(show(addToWallClock(at('2024-02-29 08:00'), 1, 'year'))).toBe('2025-02-28 08:00:00');
    expect(show(addToWallClock(at('2025-12-30 08:00'), 1, 'week'))).toBe('2026-01-06 08:00:00');
    // Across the spring change one wall-clock day is 23 hours.
    const before = parseInZone('2025-03-29 12:00') as number;
    expect(fromWallClock(addToWallClock(toWallClock(before), 1, 'day')) - before).toBe(23 * 3_600_000);
  });

  it('formats the short tokens and literal text', () => {
    const instant = utc('2025-03-30T12:05:07.045');
    expect(formatInZone(instant, 'YY M D H:m:s.SSS [YYYY] d dd ddd')).toBe(
      '25 3 30 14:5:7.045 YYYY 0 sö sön',
    );
    expect(formatInZone(instant, 'MMMM MMM dddd, kl')).toBe('mars mar söndag, kl');
  });
});
