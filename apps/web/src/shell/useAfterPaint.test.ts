import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAfterPaint } from './useAfterPaint';

describe('useAfterPaint: a screen mounts its heavy part after its first painted frame', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is false until a frame ran and the task after it: the frame is painted first', () => {
    const { result } = renderHook(() => useAfterPaint(true));
    expect(result.current).toBe(false);
    expect(frames).toHaveLength(1);
    act(() => frames[0]?.(0));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toBe(true);
  });

  it('waits while its content is not ready (a dashboard still loading)', () => {
    const { result, rerender } = renderHook(({ ready }) => useAfterPaint(ready), {
      initialProps: { ready: false },
    });
    act(() => vi.advanceTimersByTime(1000));
    expect(frames).toHaveLength(0);
    expect(result.current).toBe(false);
    rerender({ ready: true });
    act(() => frames[0]?.(0));
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toBe(true);
  });

  it('a visible page waits for its frame however long it takes (a busy machine): never before the paint', () => {
    const { result } = renderHook(() => useAfterPaint(true));
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(false);
    act(() => frames[0]?.(0));
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toBe(true);
  });

  it('a page that paints no frames (a background tab) still gets its content after 100 ms', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const { result } = renderHook(() => useAfterPaint(true));
    act(() => vi.advanceTimersByTime(99));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });

  it('runs `first` in the task after the paint and mounts the part in a task after it (the library before the data)', () => {
    const seen: boolean[] = [];
    const { result } = renderHook(() => useAfterPaint(true, () => seen.push(result.current)));
    act(() => frames[0]?.(0));
    expect(seen).toEqual([]);
    act(() => vi.advanceTimersToNextTimer());
    expect(seen).toEqual([false]);
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersToNextTimer());
    expect(result.current).toBe(true);
    expect(seen).toEqual([false]);
  });
});
