import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_TIMEOUT_MS,
  clearReloadFlag,
  loadWithReloadOnce,
  RELOAD_FLAG_KEY,
  reloadInto,
} from './reloadOnce';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a lazy screen that fails to load', () => {
  it('spec §8: reloads the page once, and a second failure goes to the error boundary instead', async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const failing = () => Promise.reject(new Error('chunk missing'));
    void loadWithReloadOnce(failing, { storage, reload });
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.data.has(RELOAD_FLAG_KEY)).toBe(true);
    // The reloaded page fails again: no second reload, the error is thrown.
    await expect(loadWithReloadOnce(failing, { storage, reload })).rejects.toThrow('chunk missing');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('spec §9: a chunk that takes longer than 120 s counts as failed', async () => {
    vi.useFakeTimers();
    try {
      const storage = memoryStorage();
      const reload = vi.fn();
      void loadWithReloadOnce(() => new Promise(() => {}), { storage, reload });
      await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
      expect(reload).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('spec §8: a chunk that loads keeps the flag, so a chunk of the same navigation that fails does not reload again', async () => {
    const storage = memoryStorage();
    storage.setItem(RELOAD_FLAG_KEY, '1');
    const reload = vi.fn();
    // The reloaded page: the layout's chunk loads, the screen's chunk fails again.
    await expect(loadWithReloadOnce(async () => 'layout', { storage, reload })).resolves.toBe('layout');
    await expect(
      loadWithReloadOnce(() => Promise.reject(new Error('chunk missing')), { storage, reload }),
    ).rejects.toThrow('chunk missing');
    expect(reload).not.toHaveBeenCalled();
  });

  it('a navigation that rendered clears the flag, so a later failure may reload once again', async () => {
    const storage = memoryStorage();
    storage.setItem(RELOAD_FLAG_KEY, '1');
    clearReloadFlag(storage);
    const reload = vi.fn();
    void loadWithReloadOnce(() => Promise.reject(new Error('new build')), { storage, reload });
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('the page a failed chunk reloads into (issue 21 point 7)', () => {
  it('is the target of an in-app navigation, not the old page the address bar still shows', () => {
    const page = { assign: vi.fn(), reload: vi.fn() };
    reloadInto({ pathname: '/dashboard/4', search: '?a=1', hash: '#x' }, page);
    expect(page.assign).toHaveBeenCalledWith('/dashboard/4?a=1#x');
    expect(page.reload).not.toHaveBeenCalled();
  });

  it('is the page itself on the first page load (no navigation under way)', () => {
    const page = { assign: vi.fn(), reload: vi.fn() };
    reloadInto(undefined, page);
    expect(page.reload).toHaveBeenCalledTimes(1);
    expect(page.assign).not.toHaveBeenCalled();
  });
});
