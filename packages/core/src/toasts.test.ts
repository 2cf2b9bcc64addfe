import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserPlatform } from './platform';
import { createToasts } from './toasts';

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const make = (timeout?: number) => createToasts({ platform: browserPlatform(), timeout });

  it('spec §2 Toast: the success flag defaults to true', () => {
    const toasts = make();
    toasts.show({ message: 'Dashboarden har tagits bort' });
    expect(toasts.getSnapshot().toasts).toEqual([
      { id: 1, message: 'Dashboarden har tagits bort', success: true, level: 'success', timeout: 3000 },
    ]);
  });

  it('spec §2 Toast: a failure shows as an error', () => {
    const toasts = make();
    toasts.show({ message: 'Det gick inte', success: false });
    expect(toasts.getSnapshot().toasts[0]).toMatchObject({ success: false, level: 'error' });
  });

  it('spec §9: notification levels warn, error, success and a default', () => {
    const toasts = make();
    for (const level of ['warn', 'error', 'success', 'default'] as const)
      toasts.show({ message: level, level });
    expect(toasts.getSnapshot().toasts.map(({ level, success }) => [level, success])).toEqual([
      ['warn', false],
      ['error', false],
      ['success', true],
      ['default', true],
    ]);
    toasts.show({ message: 'kanske', level: 'warn', success: true });
    expect(toasts.getSnapshot().toasts.at(-1)).toMatchObject({ level: 'warn', success: true });
  });

  it('spec §4 / §9: a toast closes automatically after 3000 ms', () => {
    const toasts = make();
    toasts.show('Artiklen togs bort');
    vi.advanceTimersByTime(2999);
    expect(toasts.getSnapshot().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts.getSnapshot().toasts).toHaveLength(0);
  });

  it('spec §9: the timeout is overridable per toast (and per store); 0 keeps the toast open', () => {
    const toasts = make(5000);
    toasts.show({ message: 'kort', timeout: 1000 });
    toasts.show('standard');
    const sticky = toasts.show({ message: 'kvar', timeout: 0 });
    vi.advanceTimersByTime(1000);
    expect(toasts.getSnapshot().toasts.map((toast) => toast.message)).toEqual(['standard', 'kvar']);
    vi.advanceTimersByTime(4000);
    expect(toasts.getSnapshot().toasts.map((toast) => toast.id)).toEqual([sticky]);
    vi.advanceTimersByTime(600_000);
    expect(toasts.getSnapshot().toasts).toHaveLength(1);
  });

  it('spec §4 Toast: the close button closes it earlier and cancels its timer', () => {
    const toasts = make();
    const first = toasts.show('ett');
    toasts.show('två');
    toasts.close(first);
    expect(toasts.getSnapshot().toasts.map((toast) => toast.message)).toEqual(['två']);
    expect(vi.getTimerCount()).toBe(1);
    toasts.close(first);
    toasts.close(999);
    expect(toasts.getSnapshot().toasts).toHaveLength(1);
  });

  it('clear closes every toast', async () => {
    const toasts = make();
    const listener = vi.fn();
    toasts.subscribe(listener);
    toasts.show('a');
    toasts.show('b');
    toasts.clear();
    expect(toasts.getSnapshot().toasts).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    await Promise.resolve();
    expect(listener).toHaveBeenCalled();
  });
});
