import { describe, expect, it, vi } from 'vitest';
import {
  adminGuard,
  type GuardSession,
  type GuardUser,
  middlewareFor,
  ROUTE_MIDDLEWARE,
  runGuards,
  UnknownMiddlewareError,
} from './guards';
import { getRoute, matchRoute, type RouteMatch, type RouteName } from './routes';

const user = (overrides: Partial<GuardUser> = {}): GuardUser => ({
  is_admin: false,
  has_set_password: true,
  ...overrides,
});

/** A session whose fetch succeeds with `current` (or fails when it is null), like GET /api/me. */
function session(current: GuardUser | null, held: GuardUser | null = current) {
  const fetchUser = vi.fn(async () => {
    if (!current) throw new Error('401');
    return current;
  });
  return { getUser: () => held, fetchUser } satisfies GuardSession;
}

function to(path: string): RouteMatch {
  const match = matchRoute(path);
  if (!match) throw new Error(path);
  return match;
}

describe('route guards', () => {
  it('spec §2 guard 3 check-auth: login and welcome pass through without fetching the user', async () => {
    const anonymous = session(null);
    expect(await runGuards(to('/login'), anonymous)).toBeNull();
    expect(await runGuards(to('/'), anonymous)).toBeNull();
    expect(anonymous.fetchUser).not.toHaveBeenCalled();
  });

  it('spec §2 guard 3 check-auth: other routes fetch the current user first', async () => {
    const loggedIn = session(user());
    expect(await runGuards(to('/dashboard'), loggedIn)).toBeNull();
    expect(await runGuards(to('/produkter'), loggedIn)).toBeNull();
    expect(loggedIn.fetchUser).toHaveBeenCalledTimes(2);
  });

  it('spec §2 guard 3 check-auth: on failure a guest-marked route is allowed, any other goes to login', async () => {
    const anonymous = session(null);
    for (const path of [
      '/temperaturspjut',
      '/bestall',
      '/produkter',
      '/produkt/4',
      '/password/reset',
      '/about',
    ]) {
      expect(await runGuards(to(path), anonymous)).toBeNull();
    }
    for (const path of [
      '/dashboard',
      '/dashboard/3',
      '/user/settings',
      '/alert',
      '/device/2',
      '/admin/users',
      '/map',
    ]) {
      expect(await runGuards(to(path), anonymous)).toEqual({ name: 'login' });
    }
  });

  it('check-auth: a failed fetch counts as logged out even if the session still held a user', async () => {
    const stale = session(null, user());
    expect(await runGuards(to('/dashboard'), stale)).toEqual({ name: 'login' });
    expect(await runGuards(to('/password/reset'), stale)).toBeNull();
  });

  it('check-auth: a fetch that resolves without a value uses the session user', async () => {
    const quiet: GuardSession = { getUser: () => user({ is_admin: true }), fetchUser: async () => undefined };
    expect(await runGuards(to('/admin/users'), quiet)).toBeNull();
  });

  it('spec §2 guard 5 password: a user without a set password goes to user settings unless already there', async () => {
    const invited = session(user({ has_set_password: false }));
    expect(await runGuards(to('/dashboard'), invited)).toEqual({ name: 'user.settings' });
    expect(await runGuards(to('/produkter'), invited)).toEqual({ name: 'user.settings' });
    expect(await runGuards(to('/user/settings'), invited)).toBeNull();
  });

  it('spec §2 guard 2 authenticated: unauthenticated users are redirected to the login route', async () => {
    expect(await ROUTE_MIDDLEWARE.auth!({ to: to('/alert'), session: session(null), user: null })).toEqual({
      name: 'login',
    });
    expect(await runGuards(to('/alert'), session(user()))).toBeNull();
  });

  it('spec §2 guard 1 admin-only: non-admins are redirected to the dashboard index route', async () => {
    expect(await runGuards(to('/admin/users'), session(user()))).toEqual({ name: 'dashboard.index' });
    expect(await runGuards(to('/admin/devices'), session(user()))).toEqual({ name: 'dashboard.index' });
    expect(await runGuards(to('/admin/users'), session(user({ is_admin: true })))).toBeNull();
    expect(adminGuard({ to: to('/admin/users'), session: session(null), user: null })).toEqual({
      name: 'dashboard.index',
    });
  });

  it('spec §6: admin-only routes are exactly admin.users and admin.devices', async () => {
    const admin = session(user({ is_admin: true }));
    const plain = session(user());
    const names: RouteName[] = [
      'admin.users',
      'admin.devices',
      'dashboard.index',
      'device.index',
      'map.devices',
    ];
    const blocked = [];
    for (const name of names) {
      const path = getRoute(name).path;
      expect(await runGuards(to(path), admin)).toBeNull();
      if (await runGuards(to(path), plain)) blocked.push(name);
    }
    expect(blocked).toEqual(['admin.users', 'admin.devices']);
  });

  it('spec §2 guard 4 guest: authenticated users are redirected to the dashboard index route', async () => {
    const loggedIn = session(user());
    for (const path of ['/login', '/password/reset', '/password/reset/abc', '/registrera']) {
      expect(await runGuards(to(path), loggedIn)).toEqual({ name: 'dashboard.index' });
    }
    expect(await runGuards(to('/registrera'), session(null))).toBeNull();
  });

  it('spec §2: the global guards run before the route middleware, first redirect wins', async () => {
    const calls: string[] = [];
    const middleware = {
      ...ROUTE_MIDDLEWARE,
      auth: () => {
        calls.push('auth');
        return undefined;
      },
    };
    const invited = session(user({ has_set_password: false }));
    expect(await runGuards(to('/alert'), invited, { middleware })).toEqual({ name: 'user.settings' });
    expect(calls).toEqual([]);
    expect(await runGuards(to('/user/settings'), invited, { middleware })).toBeNull();
    expect(calls).toEqual(['auth']);
  });

  it('spec §2 / §8: an unknown middleware name raises an error', async () => {
    const match = to('/alert');
    const broken: RouteMatch = { ...match, route: { ...match.route, middleware: ['auth', 'verified'] } };
    await expect(runGuards(broken, session(user()))).rejects.toThrow(UnknownMiddlewareError);
    await expect(runGuards(broken, session(user()))).rejects.toThrow('unknown route middleware "verified"');
    expect(() => middlewareFor(['toString'])).toThrow(UnknownMiddlewareError);
  });

  it('accepts custom global guards', async () => {
    const maintenance = () => ({ name: 'error.single.message' as const });
    expect(await runGuards(to('/about'), session(null), { globalGuards: [maintenance] })).toEqual({
      name: 'error.single.message',
    });
  });
});
