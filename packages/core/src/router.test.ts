import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type GuardSession, type GuardUser, ROUTE_MIDDLEWARE, UnknownMiddlewareError } from './guards';
import { createNavigationProgress } from './navigationProgress';
import { browserPlatform } from './platform';
import { createRouter } from './router';

function session(current: GuardUser | null): GuardSession {
  return {
    getUser: () => current,
    fetchUser: async () => {
      if (!current) throw new Error('401');
      return current;
    },
  };
}
const member = { is_admin: false, has_set_password: true };

describe('createRouter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('commits the route and its title after the guards let it through', async () => {
    const router = createRouter({ session: session(member) });
    expect(router.getSnapshot()).toEqual({ current: null, pending: null, title: 'Mätnät' });
    const result = await router.navigate('/dashboard/7?x=1');
    expect(result).toMatchObject({
      redirected: false,
      match: { name: 'dashboard.show', params: { dashboard_id: '7' } },
    });
    expect(router.getSnapshot()).toMatchObject({
      current: { name: 'dashboard.show', fullPath: '/dashboard/7?x=1' },
      pending: null,
      title: 'Dashboard · Mätnät',
    });
  });

  it('spec §2: any unknown path redirects to welcome', async () => {
    const router = createRouter({ session: session(null) });
    const result = await router.navigate('/finns/inte');
    expect(result).toMatchObject({ redirected: true, match: { name: 'welcome', fullPath: '/' } });
    expect(router.getSnapshot().title).toBe('Välkommen · Mätnät');
  });

  it('follows guard redirects: anonymous visitor to a dashboard ends on login', async () => {
    const router = createRouter({ session: session(null) });
    expect(await router.resolve('/dashboard')).toMatchObject({ redirected: true, match: { name: 'login' } });
    expect(router.getSnapshot().current).toBeNull();
  });

  it('follows chained redirects: a non-admin on /admin/users without a password ends on user settings', async () => {
    const router = createRouter({ session: session({ is_admin: false, has_set_password: false }) });
    expect((await router.navigate('/admin/users'))?.match.name).toBe('user.settings');
  });

  it('a later navigation supersedes an earlier one still resolving', async () => {
    let release: (user: GuardUser) => void = () => {};
    const slow: GuardSession = {
      getUser: () => member,
      fetchUser: vi
        .fn()
        .mockImplementationOnce(() => new Promise<GuardUser>((resolve) => (release = resolve)))
        .mockResolvedValue(member),
    };
    const router = createRouter({ session: slow });
    const first = router.navigate('/alert');
    expect(router.getSnapshot().pending).toBe('/alert');
    const second = await router.navigate('/device');
    release(member);
    expect(await first).toBeNull();
    expect(second?.match.name).toBe('device.index');
    expect(router.getSnapshot().current?.name).toBe('device.index');
  });

  it('spec §2: the progress bar runs during navigation and completes', async () => {
    const progress = createNavigationProgress({ platform: browserPlatform() });
    const router = createRouter({ session: session(member), progress });
    const navigation = router.navigate('/map');
    expect(progress.getSnapshot().status).toBe('running');
    await navigation;
    expect(progress.getSnapshot().status).toBe('done');
  });

  it('a guard that throws fails the navigation and the progress bar', async () => {
    const progress = createNavigationProgress({ platform: browserPlatform() });
    const middleware = {
      ...ROUTE_MIDDLEWARE,
      auth: () => {
        throw new Error('boom');
      },
    };
    const router = createRouter({ session: session(member), progress, middleware });
    await expect(router.navigate('/alert')).rejects.toThrow('boom');
    expect(progress.getSnapshot().status).toBe('failed');
    expect(router.getSnapshot().pending).toBeNull();
  });

  it('guards redirecting in a circle are an error', async () => {
    const middleware = { ...ROUTE_MIDDLEWARE, guest: () => ({ name: 'login' as const }) };
    const router = createRouter({ session: session(null), middleware, maxRedirects: 3 });
    await expect(router.navigate('/login')).rejects.toThrow('more than 3 redirects');
  });

  it('spec §2: an unknown middleware name is an error as soon as the router is created', () => {
    const { admin: _admin, ...withoutAdmin } = ROUTE_MIDDLEWARE;
    expect(() => createRouter({ session: session(null), middleware: withoutAdmin })).toThrow(
      UnknownMiddlewareError,
    );
  });
});
