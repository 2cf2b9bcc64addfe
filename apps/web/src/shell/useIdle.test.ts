import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIdle } from './useIdle';

describe("useIdle: what the first screen does not need waits for the page's first idle period", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is false until an idle period ran (asked for with a 2 s timeout), then stays true', () => {
    const idle: { run: () => void; timeout?: number }[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: IdleRequestOptions) =>
      idle.push({ run, timeout: options?.timeout }),
    );
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const { result, rerender } = renderHook(() => useIdle());
    expect(result.current).toBe(false);
    expect(idle).toEqual([{ run: expect.any(Function), timeout: 2000 }]);
    act(() => idle[0]?.run());
    expect(result.current).toBe(true);
    rerender();
    expect(result.current).toBe(true);
    expect(idle).toHaveLength(1);
  });

  it('an unmount before the idle period cancels it', () => {
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', () => 7);
    vi.stubGlobal('cancelIdleCallback', (id: number) => cancelled.push(id));
    renderHook(() => useIdle()).unmount();
    expect(cancelled).toEqual([7]);
  });

  it('without requestIdleCallback (Safari), a 50 ms timeout', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestIdleCallback', undefined);
    const { result } = renderHook(() => useIdle());
    act(() => vi.advanceTimersByTime(49));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });
});
