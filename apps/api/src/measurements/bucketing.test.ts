import { INTERVAL_MS } from '@matnat/contract';
import { describe, expect, it } from 'vitest';
import { bucketCount, chooseBucketWidth, NICE_WIDTHS_MS } from './bucketing.js';

const H = 3_600_000;
const D = 24 * H;

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
