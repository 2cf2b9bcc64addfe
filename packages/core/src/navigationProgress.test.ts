import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNavigationProgress, PROGRESS_COMPLETE_ABOVE } from './navigationProgress';
import { browserPlatform } from './platform';

describe('navigation progress', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const make = () => createNavigationProgress({ platform: browserPlatform() });

  it('starts idle and hidden', () => {
    expect(make().getSnapshot()).toEqual({ status: 'idle', percent: 0, visible: false });
  });

  it('spec §2: the bar ticks every 100 ms and travels for about 3000 ms', () => {
    const progress = make();
    progress.start();
    expect(progress.getSnapshot()).toEqual({ status: 'running', percent: 0, visible: true });
    vi.advanceTimersByTime(99);
    expect(progress.getSnapshot().percent).toBe(0);
    vi.advanceTimersByTime(1);
    expect(progress.getSnapshot().percent).toBeCloseTo(3.33, 2);
    vi.advanceTimersByTime(1400);
    expect(progress.getSnapshot().percent).toBeCloseTo(50, 0);
    vi.advanceTimersByTime(1400);
    expect(progress.getSnapshot().percent).toBeGreaterThan(90);
    expect(progress.getSnapshot().percent).toBeLessThanOrEqual(PROGRESS_COMPLETE_ABOVE);
  });

  it('never passes the cap while running, however slow the navigation', () => {
    const progress = make();
    progress.start();
    vi.advanceTimersByTime(60_000);
    expect(progress.getSnapshot()).toMatchObject({ status: 'running', percent: 95, visible: true });
  });

  it('spec §2: completes above 95 percent on finish, then hides', () => {
    const progress = make();
    progress.start();
    vi.advanceTimersByTime(500);
    progress.finish();
    const done = progress.getSnapshot();
    expect(done.status).toBe('done');
    expect(done.percent).toBeGreaterThan(PROGRESS_COMPLETE_ABOVE);
    expect(done.visible).toBe(true);
    vi.advanceTimersByTime(300);
    expect(progress.getSnapshot()).toEqual({ status: 'idle', percent: 0, visible: false });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fail ends the bar as failed and hides it', () => {
    const progress = make();
    progress.start();
    progress.fail();
    expect(progress.getSnapshot()).toMatchObject({ status: 'failed', visible: true });
    vi.advanceTimersByTime(300);
    expect(progress.getSnapshot().status).toBe('idle');
  });

  it('finish or fail without a running bar does nothing; start restarts from 0', () => {
    const progress = make();
    progress.finish();
    progress.fail();
    expect(progress.getSnapshot().status).toBe('idle');
    progress.start();
    vi.advanceTimersByTime(1000);
    progress.start();
    expect(progress.getSnapshot().percent).toBe(0);
    expect(vi.getTimerCount()).toBe(1);
    progress.reset();
    expect(vi.getTimerCount()).toBe(0);
    expect(progress.getSnapshot().visible).toBe(false);
  });

  it('honours custom timing', () => {
    const progress = createNavigationProgress({
      platform: browserPlatform(),
      durationMs: 1000,
      tickMs: 50,
      cap: 80,
      hideDelayMs: 0,
    });
    progress.start();
    vi.advanceTimersByTime(500);
    expect(progress.getSnapshot().percent).toBe(50);
    vi.advanceTimersByTime(1000);
    expect(progress.getSnapshot().percent).toBe(80);
    progress.finish();
    vi.advanceTimersByTime(0);
    expect(progress.getSnapshot().visible).toBe(false);
  });
});
