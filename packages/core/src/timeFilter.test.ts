import { rangeQuery } from '@matnat/contract/plain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserPlatform, type StorageLike } from './platform';
import {
  createTimeFilterStore,
  DEFAULT_INTERVAL_SLUG,
  DEFAULT_RANGE_SLUG,
  formatRange,
  INTERVAL_SLUGS,
  intervalMs,
  isIntervalSlug,
  isRangeSlug,
  RANGE_SLUGS,
  type RangeSlug,
  resolveRange,
  TIME_FILTER_STORAGE_KEY,
} from './timeFilter';

const utc = (text: string) => Date.parse(`${text}Z`);
const HOUR = 3_600_000;

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
});

describe("the range rule is the contract's", () => {
  // The DST suite of resolveRange runs once, in packages/contract/src/ranges.test.ts.
  it("resolveRange is the contract's function, which the API calls too", async () => {
    const contract = await import('@matnat/contract/plain');
    expect(resolveRange).toBe(contract.resolveRange);
  });

  it("formats a half-open range as YYYY-MM-DD HH:mm:ss in Stockholm (the end is the next period's start)", () => {
    const winter = utc('2025-01-15T11:00:00');
    expect(formatRange(resolveRange('prev_month', winter))).toEqual({
      from: '2024-12-01 00:00:00',
      to: '2025-01-01 00:00:00',
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

  it('issue 21: a custom range från–till is kept per route beside the presets, persisted and resolved as given', () => {
    const storage = memoryStorage();
    const store = make(storage);
    const from = '2026-01-01T00:00:00.000Z';
    const to = '2026-01-03T00:00:00.000Z';
    store.set('/dashboard/1', { interval_slug: '1_h' });
    expect(store.set('/dashboard/1', { range_slug: 'custom', from, to })).toEqual({
      route: '/dashboard/1',
      range_slug: 'custom',
      from,
      to,
      interval_slug: '1_h',
    });
    expect(store.range('/dashboard/1')).toEqual({ from: Date.parse(from), to: Date.parse(to) });
    expect(rangeQuery(store.get('/dashboard/1'))).toEqual({ from, to });
    // A reload reads it back; another route keeps its own.
    expect(make(storage).get('/dashboard/1')).toMatchObject({ range_slug: 'custom', from, to });
    expect(make(storage).get('/dashboard/2').range_slug).toBe('prev_5_days');
    // A preset replaces it and forgets the instants.
    expect(store.set('/dashboard/1', { range_slug: 'prev_3_h' })).toEqual({
      route: '/dashboard/1',
      range_slug: 'prev_3_h',
      interval_slug: '1_h',
    });
    expect(rangeQuery(store.get('/dashboard/1'))).toEqual({ range_slug: 'prev_3_h' });
  });

  it('issue 21 Bad input: a custom range with from after till, or longer than a year, is ignored (the contract rule)', () => {
    const store = make();
    store.set('/x', { range_slug: 'this_week' });
    store.set('/x', { range_slug: 'custom', from: '2026-01-03T00:00:00Z', to: '2026-01-01T00:00:00Z' });
    store.set('/x', { range_slug: 'custom', from: '2024-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' });
    store.set('/x', { range_slug: 'custom', from: '2026-01-01T00:00:00Z' });
    expect(store.get('/x').range_slug).toBe('this_week');
    const stored = make(
      memoryStorage({
        [TIME_FILTER_STORAGE_KEY]: JSON.stringify({
          '/y': {
            range_slug: 'custom',
            from: '2026-01-03T00:00:00Z',
            to: '2026-01-01T00:00:00Z',
            interval_slug: '1_m',
          },
        }),
      }),
    );
    expect(stored.get('/y').range_slug).toBe('prev_5_days');
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

  it('the same choice again is neither written to storage nor announced (a page of panels sets it on mount)', async () => {
    const storage = memoryStorage();
    const writes = vi.spyOn(storage, 'setItem');
    const store = make(storage);
    store.set('/dashboard/1', { range_slug: 'prev_week' });
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.getSnapshot();
    expect(store.set('/dashboard/1', { range_slug: 'prev_week' }).range_slug).toBe('prev_week');
    expect(store.set('/dashboard/2', { range_slug: DEFAULT_RANGE_SLUG })).toMatchObject({
      range_slug: DEFAULT_RANGE_SLUG,
      interval_slug: DEFAULT_INTERVAL_SLUG,
    });
    await Promise.resolve();
    expect(writes).toHaveBeenCalledTimes(1);
    expect(listener).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toBe(before);
    store.set('/dashboard/1', { interval_slug: '1_h' });
    await Promise.resolve();
    expect(writes).toHaveBeenCalledTimes(2);
    expect(listener).toHaveBeenCalledTimes(1);
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
