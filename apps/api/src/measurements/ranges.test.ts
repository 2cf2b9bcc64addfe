import { describe, expect, it } from 'vitest';
import { bucketCount, chooseBucketWidth, NICE_WIDTHS_MS } from './bucketing.js';
import { INTERVAL_MS, RANGE_SLUGS, resolveRange, startOfLocalDay, zoneOffset } from './ranges.js';

const H = 3_600_000;
const D = 24 * H;

describe('range slugs (spec §3 time filter, §9 "Week, month and year ranges run from the start to the end of the period")', () => {
  // Wednesday 2026-03-25 12:00 Stockholm (CET, UTC+1): the DST switch is on Sunday 2026-03-29.
  const now = Date.UTC(2026, 2, 25, 11, 0, 0);

  it('spec §3: every range slug resolves to a non-empty range', () => {
    for (const slug of RANGE_SLUGS) {
      const r = resolveRange(slug, now);
      expect(r.to, slug).toBeGreaterThan(r.from);
    }
  });

  it('spec §3: prev_* ranges end now and reach back their length', () => {
    expect(resolveRange('prev_3_h', now)).toEqual({ from: now - 3 * H, to: now });
    expect(resolveRange('prev_5_days', now)).toEqual({ from: now - 5 * D, to: now });
    expect(resolveRange('prev_90_days', now)).toEqual({ from: now - 90 * D, to: now });
  });

  it('prev_6_months goes back six calendar months in Stockholm time', () => {
    // 2025-09-25 12:00 Stockholm is CEST (UTC+2).
    expect(new Date(resolveRange('prev_6_months', now).from).toISOString()).toBe('2025-09-25T10:00:00.000Z');
  });

  it('spec §9: this_week runs Monday 00:00 to next Monday 00:00 Stockholm, across the DST switch', () => {
    const r = resolveRange('this_week', now);
    expect(new Date(r.from).toISOString()).toBe('2026-03-22T23:00:00.000Z'); // Monday 23 March, CET
    expect(new Date(r.to).toISOString()).toBe('2026-03-29T22:00:00.000Z'); // Monday 30 March, CEST
    expect(r.to - r.from).toBe(7 * D - H);
  });

  it('spec §9: prev_week is the whole week before', () => {
    const r = resolveRange('prev_week', now);
    expect(new Date(r.from).toISOString()).toBe('2026-03-15T23:00:00.000Z');
    expect(new Date(r.to).toISOString()).toBe('2026-03-22T23:00:00.000Z');
  });

  it('a Sunday belongs to the week that began the Monday before (weeks start on Monday)', () => {
    const sunday = Date.UTC(2026, 2, 22, 12);
    expect(new Date(resolveRange('this_week', sunday).from).toISOString()).toBe('2026-03-15T23:00:00.000Z');
  });

  it('spec §9: this_month and prev_month run from the first to the first of the next month', () => {
    const r = resolveRange('this_month', now);
    expect(new Date(r.from).toISOString()).toBe('2026-02-28T23:00:00.000Z');
    expect(new Date(r.to).toISOString()).toBe('2026-03-31T22:00:00.000Z');
    const p = resolveRange('prev_month', Date.UTC(2026, 0, 10));
    expect(new Date(p.from).toISOString()).toBe('2025-11-30T23:00:00.000Z');
    expect(new Date(p.to).toISOString()).toBe('2025-12-31T23:00:00.000Z');
  });

  it('spec §9: this_year and prev_year run from 1 January to 1 January', () => {
    expect(resolveRange('this_year', now)).toEqual({
      from: Date.UTC(2025, 11, 31, 23),
      to: Date.UTC(2026, 11, 31, 23),
    });
    expect(resolveRange('prev_year', now).from).toBe(Date.UTC(2024, 11, 31, 23));
  });

  it('Stockholm offset is +1 h in winter and +2 h in summer; local midnight is found on DST days', () => {
    expect(zoneOffset(Date.UTC(2026, 0, 1))).toBe(H);
    expect(zoneOffset(Date.UTC(2026, 6, 1))).toBe(2 * H);
    expect(startOfLocalDay(2026, 2, 29)).toBe(Date.UTC(2026, 2, 28, 23));
    expect(startOfLocalDay(2026, 9, 25)).toBe(Date.UTC(2026, 9, 24, 22));
    expect(startOfLocalDay(2026, 9, 26)).toBe(Date.UTC(2026, 9, 25, 23));
  });
});

describe('bucket width', () => {
  it('spec §3 interval slugs are all nice widths', () => {
    for (const ms of Object.values(INTERVAL_MS)) expect(NICE_WIDTHS_MS).toContain(ms);
  });

  it('is at least the interval and at least span/max_points, and never yields more than max_points buckets', () => {
    const now = Date.UTC(2026, 5, 1, 10, 17, 23);
    for (const span of [3 * H, 5 * D, 30 * D, 365 * D, 3 * 365 * D]) {
      for (const interval of Object.values(INTERVAL_MS)) {
        for (const maxPoints of [1, 7, 100, 1000, 5000]) {
          const w = chooseBucketWidth(now - span, now, interval, maxPoints);
          expect(w).toBeGreaterThanOrEqual(interval);
          expect(w).toBeGreaterThanOrEqual(span / maxPoints);
          expect(bucketCount(now - span, now, w)).toBeLessThanOrEqual(maxPoints);
        }
      }
    }
  });

  it('a year with max_points 1000 is cut into 12-hour buckets', () => {
    const now = Date.UTC(2026, 5, 1, 10, 17);
    expect(chooseBucketWidth(now - 365 * D, now, 60_000, 1000)).toBe(12 * H);
  });

  it('keeps the requested interval when the range is short', () => {
    const now = Date.UTC(2026, 5, 1, 10, 17);
    expect(chooseBucketWidth(now - 5 * D, now, INTERVAL_MS['15_m'], 1000)).toBe(15 * 60_000);
  });
});
