import { afterEach, describe, expect, it } from 'vitest';
import {
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
  toWallClock,
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
  });

  it('DST (fall back): the repeated hour shows twice', () => {
    expect(formatDateTime(utc('2025-10-26T00:30:00'))).toBe('2025-10-26 02:30:00');
    expect(formatDateTime(utc('2025-10-26T01:30:00'))).toBe('2025-10-26 02:30:00');
  });
});

describe('formatting tokens', () => {
  it('formats the short tokens and literal text', () => {
    const instant = utc('2025-03-30T12:05:07.045');
    expect(formatInZone(instant, 'YY M D H:m:s.SSS [YYYY] d dd ddd')).toBe(
      '25 3 30 14:5:7.045 YYYY 0 sö sön',
    );
    expect(formatInZone(instant, 'MMMM MMM dddd, kl')).toBe('mars mar söndag, kl');
  });
});
