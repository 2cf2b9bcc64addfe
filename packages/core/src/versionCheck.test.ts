import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserPlatform } from './platform';
import { createVersionCheck, notificationsActive } from './versionCheck';

function server(pages: (string | number)[]) {
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
    const next = pages.length > 1 ? pages.shift()! : pages[0]!;
    if (typeof next === 'number') return new Response('oops', { status: next });
    return new Response(next, { status: 200 });
  });
  return fetch;
}

describe('version check', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setup = (pages: (string | number)[], options: { url?: string; intervalMs?: number } = {}) => {
    const fetch = server(pages);
    const logger = { ...console, warn: vi.fn() };
    const reload = vi.fn();
    const platform = browserPlatform({ fetch, logger, location: { reload, assign: vi.fn() } });
    return { fetch, logger, reload, check: createVersionCheck({ platform, ...options }) };
  };

  it('spec §7 / §9: polls /index.html every 60 s', async () => {
    const { fetch, check } = setup(['<html>v1</html>']);
    check.start();
    expect(check.getSnapshot().running).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe('/index.html');
    // Revalidated with the server each time (an unchanged page is a bodiless 304), never from cache alone.
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ cache: 'no-cache' });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(check.getSnapshot().hasNewVersion).toBe(false);
  });

  it('spec §4 New version flag: turns on when the fetched page differs from the first copy fetched', async () => {
    const { check, fetch } = setup(['v1', 'v1', 'v2', 'v1']);
    check.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check.getSnapshot().hasNewVersion).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check.getSnapshot()).toEqual({ hasNewVersion: true, running: false });
    // Found: polling stops and the flag stays on.
    await vi.advanceTimersByTimeAsync(600_000);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(await check.check()).toBe(true);
    check.start();
    expect(check.getSnapshot().running).toBe(false);
  });

  it('failed fetches are logged, not counted as the first copy, and not a new version', async () => {
    const { check, logger } = setup([503, 'v1', 'v1']);
    expect(await check.check()).toBe(false);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(await check.check()).toBe(false);
    expect(await check.check()).toBe(false);
    const offline = createVersionCheck({
      platform: browserPlatform({ fetch: vi.fn().mockRejectedValue(new TypeError('offline')), logger }),
    });
    expect(await offline.check()).toBe(false);
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it('stop ends polling; start twice does not poll twice; custom url and interval', async () => {
    const { check, fetch } = setup(['a'], { url: '/app/', intervalMs: 1000 });
    check.start();
    check.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]?.[0]).toBe('/app/');
    check.stop();
    expect(check.getSnapshot().running).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('spec §2: clicking the new-version notice reloads the page', () => {
    const { check, reload } = setup(['a']);
    check.reload();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('spec §4: notifications are active if a new version is available or there are notifications', () => {
    expect(notificationsActive(false, 0)).toBe(false);
    expect(notificationsActive(true, 0)).toBe(true);
    expect(notificationsActive(false, 2)).toBe(true);
    expect(notificationsActive(true, 1)).toBe(true);
  });
});
