import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INTERVAL_SLUG,
  DEFAULT_RANGE_SLUG,
  INTERVAL_MS,
  INTERVAL_SLUGS,
  RANGE_SLUGS,
  SETTINGS_STORAGE_KEY,
} from './constants';
import { toFormErrors } from './errors';
import { IntervalSlug, LocalSettings, RangeSlug, TimeFilter } from './timeFilter';

describe('time filter', () => {
  it('spec §3 Time filter: the 17 range slugs', () => {
    expect(RANGE_SLUGS).toEqual([
      'prev_3_h',
      'prev_12_h',
      'prev_24_h',
      'prev_2_days',
      'prev_5_days',
      'prev_7_days',
      'prev_10_days',
      'prev_15_days',
      'prev_30_days',
      'prev_90_days',
      'prev_6_months',
      'this_week',
      'this_month',
      'this_year',
      'prev_week',
      'prev_month',
      'prev_year',
    ]);
    for (const slug of RANGE_SLUGS) expect(RangeSlug.parse(slug)).toBe(slug);
  });

  it('spec §3 Time filter: the 9 interval slugs; spec §9 intervals run from 5 s to 12 h', () => {
    expect(INTERVAL_SLUGS).toEqual(['5_s', '30_s', '1_m', '5_m', '15_m', '30_m', '1_h', '3_h', '12_h']);
    for (const slug of INTERVAL_SLUGS) expect(IntervalSlug.parse(slug)).toBe(slug);
    expect(INTERVAL_MS['5_s']).toBe(5_000);
    expect(INTERVAL_MS['12_h']).toBe(12 * 3_600_000);
    const lengths = INTERVAL_SLUGS.map((slug) => INTERVAL_MS[slug]);
    expect([...lengths].sort((a, b) => a - b)).toEqual(lengths);
  });

  it('spec §4 Default filter: range prev_5_days, interval 15_m', () => {
    expect(DEFAULT_RANGE_SLUG).toBe('prev_5_days');
    expect(DEFAULT_INTERVAL_SLUG).toBe('15_m');
    expect(TimeFilter.parse({ route: '/dashboard/1' })).toEqual({
      route: '/dashboard/1',
      range_slug: 'prev_5_days',
      interval_slug: '15_m',
    });
  });

  it('spec §3 Time filter (per route): route, range_slug, interval_slug', () => {
    expect(TimeFilter.parse({ route: '/device/4', range_slug: 'this_week', interval_slug: '1_h' })).toEqual({
      route: '/device/4',
      range_slug: 'this_week',
      interval_slug: '1_h',
    });
  });

  it('rejects unknown slugs with a Swedish message', () => {
    const result = TimeFilter.safeParse({ route: '/x', range_slug: 'prev_4_days', interval_slug: '2_m' });
    expect(result.success ? {} : toFormErrors(result.error)).toEqual({
      range_slug: [`Tidsperiod måste vara något av: ${[...RANGE_SLUGS, 'custom'].join(', ')}.`],
      interval_slug: [`Intervall måste vara något av: ${INTERVAL_SLUGS.join(', ')}.`],
    });
  });

  it('issue 21: a custom range from–till is stored with its instants; it keeps the absolute-range rule', () => {
    const custom = {
      route: '/dashboard/1',
      range_slug: 'custom',
      from: '2026-01-01T00:00:00Z',
      to: '2026-01-02T00:00:00Z',
    };
    expect(TimeFilter.parse(custom)).toEqual({ ...custom, interval_slug: '15_m' });
    const backwards = TimeFilter.safeParse({ ...custom, from: custom.to, to: custom.from });
    expect(backwards.success ? {} : toFormErrors(backwards.error)).toEqual({
      to: ['Från måste ligga före Till.'],
    });
    const open = TimeFilter.safeParse({ route: '/x', range_slug: 'custom', from: custom.from });
    expect(open.success ? {} : toFormErrors(open.error)).toEqual({ to: ['Till måste anges.'] });
    const mixed = TimeFilter.safeParse({ ...custom, range_slug: 'prev_3_h' });
    expect(mixed.success).toBe(false);
  });

  it('spec §3 Local setting: useSatellite defaults to false, kept under the key settings', () => {
    expect(LocalSettings.parse({})).toEqual({ useSatellite: false });
    expect(LocalSettings.parse({ useSatellite: true })).toEqual({ useSatellite: true });
    expect(SETTINGS_STORAGE_KEY).toBe('settings');
  });
});
