import { describe, expect, it, vi } from 'vitest';
import { createLocalSettings, DEFAULT_LOCAL_SETTINGS, LOCAL_SETTINGS_STORAGE_KEY } from './localSettings';
import { browserPlatform, type StorageLike } from './platform';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const storage: StorageLike = {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
  return { data, storage };
}
const make = (storage: StorageLike | null) => createLocalSettings({ platform: browserPlatform({ storage }) });

describe('local settings', () => {
  it('spec §3 Local setting: useSatellite defaults to false', () => {
    expect(DEFAULT_LOCAL_SETTINGS).toEqual({ useSatellite: false });
    expect(make(memoryStorage().storage).getSnapshot()).toEqual({ useSatellite: false });
  });

  it('spec §3 Local setting: kept in browser storage under the key settings', () => {
    const { data, storage } = memoryStorage();
    expect(LOCAL_SETTINGS_STORAGE_KEY).toBe('settings');
    make(storage).set({ useSatellite: true });
    expect(JSON.parse(data.get('settings') ?? '')).toEqual({ useSatellite: true });
    expect(make(storage).getSnapshot().useSatellite).toBe(true);
  });

  it('corrupted or foreign stored data falls back to the defaults', () => {
    for (const raw of ['{broken', '[true]', '"yes"', 'null', '{"useSatellite":"true"}']) {
      expect(make(memoryStorage({ settings: raw }).storage).getSnapshot()).toEqual({ useSatellite: false });
    }
  });

  it('keeps keys it does not know when saving; reset restores the defaults', () => {
    const { data, storage } = memoryStorage({ settings: '{"useSatellite":true,"other":1}' });
    const settings = make(storage);
    expect(settings.getSnapshot().useSatellite).toBe(true);
    settings.reset();
    expect(JSON.parse(data.get('settings') ?? '')).toEqual({ useSatellite: false, other: 1 });
    settings.set({});
    expect(settings.getSnapshot().useSatellite).toBe(false);
  });

  it('works without storage and logs storage failures', async () => {
    const memoryOnly = make(null);
    memoryOnly.set({ useSatellite: true });
    expect(memoryOnly.getSnapshot().useSatellite).toBe(true);
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
    const settings = createLocalSettings({
      platform: browserPlatform({ storage: broken, logger }),
      storageKey: 'x',
    });
    const listener = vi.fn();
    settings.subscribe(listener);
    settings.set({ useSatellite: true });
    expect(settings.getSnapshot().useSatellite).toBe(true);
    expect(logger.warn).toHaveBeenCalledTimes(2);
    await Promise.resolve();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
