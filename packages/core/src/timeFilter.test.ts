import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from './dates';
import { createMessages } from './messages';
import { browserPlatform, type StorageLike } from './platform';
import {
  createTimeFilterStore,
  DEFAULT_INTERVAL_SLUG,
  DEFAULT_RANGE_SLUG,
  formatRange,
  INTERVAL_SLUGS,
  intervalLabel,
  intervalMs,
  isIntervalSlug,
  isRangeSlug,
  RANGE_SLUGS,
  type RangeSlug,
  rangeLabel,
  resolveRange,
  TIME_FILTER_STORAGE_KEY,
} from './timeFilter';

const utc = (text: string) => Date.parse(`${text}Z`);
const HOUR = 3_600_000;
const wall = (range: { from: number; to: number }) => [formatDateTime(range.from), formatDateTime(range.to)];

function memoryStorage(initial: Record<string, string> = {}): StorageLike & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('time filter slugs', () => {
  it('spec §3: the 17 range slugs and the 9 interval slugs', () => {
    expect(RANGE_SLUGS).toHaveLength(17);
    expect(INTERVAL_SLUGS).toHaveLength(9);
    expect(isRangeSlug('prev_90_days')).toBe(true);
    expect(isRangeSlug('prev_4_days')).toBe(false);
    expect(isIntervalSlug('12_h')).toBe(true);
    expect(isIntervalSlug(15)).toBe(false);
  });

  it('spec §9: intervals run from 5 s to 12 h', () => {
    expect(INTERVAL_SLUGS.map(intervalMs)).toEqual([
      5_000, 30_000, 60_000, 300_000, 900_000, 1_800_000, 3_600_000, 10_800_000, 43_200_000,
    ]);
  });

  it('every range and interval slug has a Swedish label, overridable', () => {
    for (const slug of RANGE_SLUGS) expect(rangeLabel(slug)).toMatch(/^(Senaste|Denna|Detta|Förra) /);
    for (const slug of INTERVAL_SLUGS)
      expect(intervalLabel(slug)).toMatch(/^\d+ (sekunder|minut|minuter|timme|timmar)$/);
    expect(rangeLabel('prev_3_h')).toBe('Senaste 3 timmarna');
    expect(rangeLabel('this_week')).toBe('Denna vecka');
    expect(intervalLabel('15_m')).toBe('15 minuter');
    expect(intervalLabel('1_h', createMessages({ intervals: { '1_h': 'Varje timme' } }))).toBe('Varje timme');
  });
});

describe('resolveRange (Europe/Stockholm)', () => {
  // Wednesday 2025-01-15 12:00 CET.
  const winter = utc('2025-01-15T11:00:00');

  it('spec §3: prev_N_h ranges end now and start N hours earlier', () => {
    expect(resolveRange('prev_3_h', winter)).toEqual({ from: winter - 3 * HOUR, to: winter });
    expect(resolveRange('prev_12_h', winter)).toEqual({ from: winter - 12 * HOUR, to: winter });
    expect(resolveRange('prev_24_h', winter)).toEqual({ from: winter - 24 * HOUR, to: winter });
  });

  it('spec §3: prev_N_days and prev_6_months start at the same time of day N days/months ago', () => {
    const expected: [RangeSlug, string][] = [
      ['prev_2_days', '2025-01-13 12:00:00'],
      ['prev_5_days', '2025-01-10 12:00:00'],
      ['prev_7_days', '2025-01-08 12:00:00'],
      ['prev_10_days', '2025-01-05 12:00:00'],
      ['prev_15_days', '2024-12-31 12:00:00'],
      ['prev_30_days', '2024-12-16 12:00:00'],
      ['prev_90_days', '2024-10-17 12:00:00'],
      ['prev_6_months', '2024-07-15 12:00:00'],
    ];
    for (const [slug, from] of expected)
      expect(wall(resolveRange(slug, winter))).toEqual([from, '2025-01-15 12:00:00']);
  });

  it('prev_6_months clamps to the end of a shorter month', () => {
    expect(wall(resolveRange('prev_6_months', utc('2025-08-31T10:00:00')))[0]).toBe('2025-02-28 12:00:00');
  });

  it('spec §9: week, month and year ranges run from the start to the end of the period', () => {
    expect(wall(resolveRange('this_week', winter))).toEqual(['2025-01-13 00:00:00', '2025-01-19 23:59:59']);
    expect(wall(resolveRange('this_month', winter))).toEqual(['2025-01-01 00:00:00', '2025-01-31 23:59:59']);
    expect(wall(resolveRange('this_year', winter))).toEqual(['2025-01-01 00:00:00', '2025-12-31 23:59:59']);
    expect(wall(resolveRange('prev_week', winter))).toEqual(['2025-01-06 00:00:00', '2025-01-12 23:59:59']);
    expect(wall(resolveRange('prev_month', winter))).toEqual(['2024-12-01 00:00:00', '2024-12-31 23:59:59']);
    expect(wall(resolveRange('prev_year', winter))).toEqual(['2024-01-01 00:00:00', '2024-12-31 23:59:59']);
    // Both ends inclusive: the end is the last millisecond of the period.
    expect(resolveRange('this_year', winter)).toEqual({
      from: utc('2024-12-31T23:00:00'),
      to: utc('2025-12-31T22:59:59.999'),
    });
  });

  it('Swedish weeks start on Monday (the spec base setup said Sunday; weekStartsOn: 0 restores it)', () => {
    const sundayNight = utc('2025-01-19T22:30:00'); // Sunday 23:30 CET
    expect(wall(resolveRange('this_week', sundayNight))[0]).toBe('2025-01-13 00:00:00');
    const mondayMorning = utc('2025-01-19T23:30:00'); // Monday 00:30 CET
    expect(wall(resolveRange('this_week', mondayMorning))[0]).toBe('2025-01-20 00:00:00');
    expect(wall(resolveRange('this_week', winter, { weekStartsOn: 0 }))).toEqual([
      '2025-01-12 00:00:00',
      '2025-01-18 23:59:59',
    ]);
    expect(wall(resolveRange('this_week', sundayNight, { weekStartsOn: 0 }))[0]).toBe('2025-01-19 00:00:00');
  });

  it('DST spring (2025-03-30): prev_24_h is 24 real hours, prev_2_days keeps the time of day (47 h)', () => {
    const now = utc('2025-03-31T08:00:00'); // Monday 10:00 CEST
    expect(resolveRange('prev_24_h', now).from).toBe(now - 24 * HOUR);
    const twoDays = resolveRange('prev_2_days', now);
    expect(formatDateTime(twoDays.from)).toBe('2025-03-29 10:00:00');
    expect(twoDays.to - twoDays.from).toBe(47 * HOUR);
  });

  it('DST spring: a week containing the change starts at CET midnight and ends at CEST midnight (167 h)', () => {
    const now = utc('2025-03-31T08:00:00');
    const previous = resolveRange('prev_week', now);
    expect(previous).toEqual({ from: utc('2025-03-23T23:00:00'), to: utc('2025-03-30T21:59:59.999') });
    expect(previous.to + 1 - previous.from).toBe(167 * HOUR);
    expect(resolveRange('this_week', now)).toEqual({
      from: utc('2025-03-30T22:00:00'),
      to: utc('2025-04-06T21:59:59.999'),
    });
    expect(resolveRange('this_month', now)).toEqual({
      from: utc('2025-02-28T23:00:00'),
      to: utc('2025-03-31T21:59:59.999'),
    });
    expect(resolveRange('prev_month', now)).toEqual({
      from: utc('2025-01-31T23:00:00'),
      to: utc('2025-02-28T22:59:59.999'),
    });
  });

  it('DST spring: a day count landing in the skipped hour moves forward by the gap', () => {
    const now = utc('2025-04-01T00:30:00'); // Tuesday 02:30 CEST; 2025-03-30 02:30 does not exist
    expect(formatDateTime(resolveRange('prev_2_days', now).from)).toBe('2025-03-30 03:30:00');
  });

  it('DST autumn (2025-10-26): prev_3_h spans three real hours over the repeated hour', () => {
    const now = utc('2025-10-26T02:30:00'); // 03:30 CET
    const range = resolveRange('prev_3_h', now);
    expect(range.to - range.from).toBe(3 * HOUR);
    expect(formatDateTime(range.from)).toBe('2025-10-26 01:30:00');
  });

  it('DST autumn: the week with the change is 169 h and the day counts keep the time of day', () => {
    const now = utc('2025-10-26T11:00:00'); // Sunday 12:00 CET
    const week = resolveRange('this_week', now);
    expect(week).toEqual({ from: utc('2025-10-19T22:00:00'), to: utc('2025-10-26T22:59:59.999') });
    expect(week.to + 1 - week.from).toBe(169 * HOUR);
    const fiveDays = resolveRange('prev_5_days', now);
    expect(formatDateTime(fiveDays.from)).toBe('2025-10-21 12:00:00');
    expect(fiveDays.to - fiveDays.from).toBe(5 * 24 * HOUR + HOUR);
    expect(resolveRange('prev_month', utc('2025-11-10T10:00:00'))).toEqual({
      from: utc('2025-09-30T22:00:00'),
      to: utc('2025-10-31T22:59:59.999'),
    });
  });

  it('resolves in another zone when asked', () => {
    expect(resolveRange('this_month', winter, { zone: 'Pacific/Auckland' }).from).toBe(
      utc('2024-12-31T11:00:00'),
    );
  });

  it('formats a range as YYYY-MM-DD HH:mm:ss in Stockholm', () => {
    expect(formatRange(resolveRange('prev_month', winter))).toEqual({
      from: '2024-12-01 00:00:00',
      to: '2024-12-31 23:59:59',
    });
  });
});

describe('createTimeFilterStore', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(utc('2025-01-15T11:00:00'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const make = (storage: StorageLike | null = memoryStorage()) =>
    createTimeFilterStore({ platform: browserPlatform({ storage }) });

  it('spec §4 Default filter: range prev_5_days, interval 15_m', () => {
    expect([DEFAULT_RANGE_SLUG, DEFAULT_INTERVAL_SLUG]).toEqual(['prev_5_days', '15_m']);
    expect(make().get('/dashboard/1')).toEqual({
      route: '/dashboard/1',
      range_slug: 'prev_5_days',
      interval_slug: '15_m',
    });
  });

  it('spec §3 Time filter: stored separately for each full route path and persisted in local storage', () => {
    const storage = memoryStorage();
    const store = make(storage);
    store.set('/dashboard/1', { range_slug: 'prev_3_h' });
    store.set('/dashboard/2', { interval_slug: '1_h' });
    expect(store.get('/dashboard/1')).toEqual({
      route: '/dashboard/1',
      range_slug: 'prev_3_h',
      interval_slug: '15_m',
    });
    expect(store.get('/dashboard/2').range_slug).toBe('prev_5_days');
    expect(JSON.parse(storage.data.get(TIME_FILTER_STORAGE_KEY) ?? '')).toEqual({
      '/dashboard/1': { route: '/dashboard/1', range_slug: 'prev_3_h', interval_slug: '15_m' },
      '/dashboard/2': { route: '/dashboard/2', range_slug: 'prev_5_days', interval_slug: '1_h' },
    });
    // A new store (a page reload) reads them back.
    expect(make(storage).get('/dashboard/2').interval_slug).toBe('1_h');
  });

  it('reset returns a route to the default; invalid slugs in set are ignored', () => {
    const store = make();
    store.set('/device/3', { range_slug: 'this_year' });
    store.set('/device/3', { range_slug: 'forever' as RangeSlug, interval_slug: '2_s' as never });
    expect(store.get('/device/3').range_slug).toBe('this_year');
    store.reset('/device/3');
    expect(store.get('/device/3').range_slug).toBe('prev_5_days');
  });

  it('invalid stored data falls back to the default filter', () => {
    const key = TIME_FILTER_STORAGE_KEY;
    for (const raw of ['{not json', '[1,2]', 'null', '"text"']) {
      expect(make(memoryStorage({ [key]: raw })).getSnapshot().filters).toEqual({});
    }
    const mixed = make(
      memoryStorage({
        [key]: JSON.stringify({
          '/a': { range_slug: 'prev_7_days', interval_slug: '1_m' },
          '/b': { range_slug: 'prev_1_day', interval_slug: '1_m' },
          '/c': null,
        }),
      }),
    );
    expect(mixed.get('/a')).toEqual({ route: '/a', range_slug: 'prev_7_days', interval_slug: '1_m' });
    expect(mixed.get('/b').range_slug).toBe('prev_5_days');
    expect(mixed.get('/c').range_slug).toBe('prev_5_days');
  });

  it('works without storage and logs storage failures instead of throwing', () => {
    expect(make(null).set('/x', { range_slug: 'prev_week' }).range_slug).toBe('prev_week');
    const logger = { ...console, warn: vi.fn() };
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {},
    };
    const store = createTimeFilterStore({ platform: browserPlatform({ storage: broken, logger }) });
    store.set('/x', { range_slug: 'prev_week' });
    expect(store.get('/x').range_slug).toBe('prev_week');
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it('custom defaults and storage key; range() uses the platform clock', () => {
    const storage = memoryStorage();
    const store = createTimeFilterStore({
      platform: browserPlatform({ storage }),
      storageKey: 'filters',
      defaults: { range_slug: 'prev_24_h', interval_slug: '1_h' },
    });
    expect(store.get('/').interval_slug).toBe('1_h');
    expect(store.range('/')).toEqual({ from: Date.now() - 24 * HOUR, to: Date.now() });
    store.set('/', { range_slug: 'this_month' });
    expect(formatRange(store.range('/')).from).toBe('2025-01-01 00:00:00');
    expect(storage.data.has('filters')).toBe(true);
  });

  it('notifies subscribers and gives a new snapshot after a change', async () => {
    const store = make();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.getSnapshot();
    expect(store.getSnapshot()).toBe(before);
    store.set('/dashboard/1', { range_slug: 'prev_week' });
    await Promise.resolve();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).not.toBe(before);
    expect(store.getSnapshot().filters['/dashboard/1']?.range_slug).toBe('prev_week');
    unsubscribe();
    store.reset('/dashboard/1');
    await Promise.resolve();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
