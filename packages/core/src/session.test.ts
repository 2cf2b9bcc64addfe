import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePlatform, fakeServer } from '../test/fakeServer';
import { fixtures } from '../test/fixtures';
import { createApi } from './api/index';
import { ServerError, UnauthenticatedError } from './errors';
import type { GuardSession } from './guards';
import { createHttpClient } from './http';
import { createSession, type Session } from './session';

const anna = fixtures.me();
const admin = fixtures.me({ id: 1, name: 'Admin', is_admin: true, has_set_password: false });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  const server = fakeServer();
  const platform = fakePlatform(server);
  const navigate = vi.fn();
  let session: Session | undefined;
  const http = createHttpClient({
    platform,
    readCookie: () => 't',
    onUnauthenticated: () => session?.handleUnauthenticated(),
  });
  session = createSession({ api: createApi(http), platform, navigate });
  server.on('POST /api/logout', { status: 204 });
  return { server, platform, navigate, session };
}

describe('spec §4 Session', () => {
  it('starts with the user absent', () => {
    const { session } = setup();
    expect(session.getSnapshot().user).toBeNull();
    expect(session.isLoggedIn()).toBe(false);
  });

  it('a successful current-user fetch sets the user', async () => {
    const { server, session } = setup();
    server.on('GET /api/me', { body: { data: anna } });
    await expect(session.fetchMe()).resolves.toEqual(anna);
    expect(session.getSnapshot().user).toEqual(anna);
    expect(session.isLoggedIn()).toBe(true);
  });

  it('serves the route guards: getUser is the present user, fetchUser fetches it', async () => {
    const { server, session } = setup();
    const guardSession: GuardSession = session;
    expect(guardSession.getUser()).toBeNull();
    server.on('GET /api/me', { body: { data: anna } });
    await expect(guardSession.fetchUser()).resolves.toEqual(anna);
    expect(guardSession.getUser()).toEqual(anna);
  });

  it("the guards' fetchUser shares a GET /api/me already under way (the app's start); fetchMe always asks", async () => {
    const { server, session } = setup();
    server.on('GET /api/me', { body: { data: anna } });
    const started = session.fetchMe();
    await expect(session.fetchUser()).resolves.toEqual(anna);
    await started;
    expect(server.requests()).toEqual(['GET /api/me']);
    await session.fetchUser();
    await Promise.all([session.fetchMe(), session.fetchMe()]);
    expect(server.requests()).toEqual(['GET /api/me', 'GET /api/me', 'GET /api/me', 'GET /api/me']);
  });

  it("issue 21 point 7: without the signed-in hint the guards' fetchUser asks nothing and answers nobody", async () => {
    const { server, platform } = setup();
    let hint = false;
    const session = createSession({
      api: createApi(createHttpClient({ platform, readCookie: () => 't' })),
      platform,
      signedIn: () => hint,
    });
    await expect(session.fetchUser()).rejects.toThrow('Nobody is signed in');
    expect(session.getUser()).toBeNull();
    expect(server.requests()).toEqual([]);
    hint = true;
    server.on('GET /api/me', { body: { data: anna } });
    await expect(session.fetchUser()).resolves.toEqual(anna);
    expect(server.requests()).toEqual(['GET /api/me']);
  });

  it('a failed fetch clears the user, triggers logout and passes the error to the caller (spec §8)', async () => {
    const { server, session } = setup();
    server.once('GET /api/me', { body: { data: anna } });
    await session.fetchMe();
    server.on('GET /api/me', { status: 500 });
    await expect(session.fetchMe()).rejects.toBeInstanceOf(ServerError);
    expect(session.getSnapshot().user).toBeNull();
    expect(server.requests()).toEqual(['GET /api/me', 'GET /api/me', 'POST /api/logout']);
  });

  it('logout clears the user whether or not the server call succeeds (errors ignored)', async () => {
    const { server, session } = setup();
    session.update(anna);
    await session.logout();
    expect(session.getSnapshot().user).toBeNull();

    session.update(anna);
    server.on('POST /api/logout', { status: 500 });
    await expect(session.logout()).resolves.toBeUndefined();
    expect(session.getSnapshot().user).toBeNull();

    session.update(anna);
    server.on('POST /api/logout', () => Promise.reject(new TypeError('offline')));
    await expect(session.logout()).resolves.toBeUndefined();
    expect(session.getSnapshot().user).toBeNull();
  });

  it('a user update replaces the stored user', () => {
    const { session } = setup();
    session.update(anna);
    const renamed = { ...anna, name: 'Anna B' };
    session.update(renamed);
    expect(session.getSnapshot().user).toEqual(renamed);
  });

  it('notifies subscribers and keeps the snapshot stable between changes', async () => {
    const { session } = setup();
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    const before = session.getSnapshot();
    expect(session.getSnapshot()).toBe(before);
    session.update(anna);
    await Promise.resolve();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(session.getSnapshot()).not.toBe(before);
    unsubscribe();
  });

  it('the current user is refreshed every 300000 ms while logged in, and the refresh stops when logged out', async () => {
    const { server, session } = setup();
    server.on('GET /api/me', { body: { data: anna } });
    await session.fetchMe();
    await vi.advanceTimersByTimeAsync(299_999);
    expect(server.requests()).toEqual(['GET /api/me']);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests()).toEqual(['GET /api/me', 'GET /api/me']);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(server.requests()).toHaveLength(3);

    await session.logout();
    server.calls.length = 0;
    await vi.advanceTimersByTimeAsync(900_000);
    expect(server.requests()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('one refresh timer however often the user is set; dispose stops it', async () => {
    const { session } = setup();
    session.update(anna);
    session.update(admin);
    expect(vi.getTimerCount()).toBe(1);
    session.dispose();
    expect(vi.getTimerCount()).toBe(0);
    session.dispose();
    expect(session.getSnapshot().user).toEqual(admin);
  });

  it('a refresh that fails logs the user out without an unhandled rejection', async () => {
    const { server, session } = setup();
    server.once('GET /api/me', { body: { data: anna } });
    await session.fetchMe();
    server.on('GET /api/me', { status: 503 });
    await vi.advanceTimersByTimeAsync(300_000);
    expect(session.getSnapshot().user).toBeNull();
  });

  it('PATCH /api/user/{id} with one attribute/value pair, then the user is re-fetched', async () => {
    const { server, session } = setup();
    session.update(anna);
    server.on('PATCH /api/user/2', { body: { data: { ...anna, name: 'Anna B' } } });
    server.on('GET /api/me', { body: { data: { ...anna, name: 'Anna B' } } });
    await expect(session.updateAttribute({ attribute: 'name', value: 'Anna B' })).resolves.toMatchObject({
      name: 'Anna B',
    });
    expect(server.requests()).toEqual(['PATCH /api/user/2', 'GET /api/me']);
    expect(server.calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      attribute: 'name',
      value: 'Anna B',
    });
    expect(session.getSnapshot().user?.name).toBe('Anna B');
  });

  it('updateAttribute needs a logged-in user', async () => {
    const { server, session } = setup();
    await expect(session.updateAttribute({ attribute: 'name', value: 'X' })).rejects.toThrow(
      'No user is logged in.',
    );
    expect(server.calls).toEqual([]);
  });

  it('login sets the user from the answer', async () => {
    const { server, session } = setup();
    server.on('POST /api/login', { body: { data: anna } });
    await session.login({ email: 'anna@matnat.se', password: 'matnat-demo' });
    expect(session.getSnapshot().user).toEqual(anna);
  });
});

describe('spec §6 Roles: admin and password helpers', () => {
  it('isAdmin is is_admin of the present user; hasSetPassword is has_set_password', () => {
    const { session } = setup();
    expect(session.isAdmin()).toBe(false);
    expect(session.hasSetPassword()).toBe(false);
    session.update(anna);
    expect(session.isAdmin()).toBe(false);
    expect(session.hasSetPassword()).toBe(true);
    session.update(admin);
    expect(session.isAdmin()).toBe(true);
    expect(session.hasSetPassword()).toBe(false);
  });
});

describe('spec §8: status 401 while logged in: the user is logged out and sent to the login screen', () => {
  it('logs out and navigates to login once (one POST /api/logout)', async () => {
    const { server, session, navigate } = setup();
    session.update(anna);
    server.on('GET /api/me', { status: 401, body: { message: 'Unauthenticated.' } });
    await expect(session.fetchMe()).rejects.toBeInstanceOf(UnauthenticatedError);
    expect(session.getSnapshot().user).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('login');
    expect(server.requests().filter((r) => r === 'POST /api/logout')).toHaveLength(1);
  });

  it('a 401 while logged out does not navigate (guest pages stay)', async () => {
    const { server, session, navigate } = setup();
    server.on('GET /api/me', { status: 401 });
    await expect(session.fetchMe()).rejects.toBeInstanceOf(UnauthenticatedError);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('spec §4 Impersonation', () => {
  const impersonated = fixtures.me({ impersonator: { user_id: 1, name: 'Admin' } });

  it('gives the banner data from the impersonator field, else null', () => {
    const { session } = setup();
    expect(session.impersonation()).toBeNull();
    session.update(anna);
    expect(session.impersonation()).toBeNull();
    session.update(impersonated);
    expect(session.impersonation()).toEqual({ name: 'Anna', impersonatorName: 'Admin', impersonatorId: 1 });
  });

  it('impersonate: POST /api/v1/user/{id}/impersonate, then the current user is refetched', async () => {
    const { server, session } = setup();
    session.update(admin);
    server.on('POST /api/v1/user/2/impersonate', { status: 204 });
    server.on('GET /api/me', { body: { data: impersonated } });
    await session.impersonate(2);
    expect(server.requests()).toEqual(['POST /api/v1/user/2/impersonate', 'GET /api/me']);
    expect(session.impersonation()?.name).toBe('Anna');
  });

  it('revert: POST /api/v1/user/{user_id}/impersonate/revert, refetch the current user, go to admin.users after 0.5 s', async () => {
    const { server, session, navigate } = setup();
    session.update(impersonated);
    server.on('POST /api/v1/user/1/impersonate/revert', { status: 204 });
    server.on('GET /api/me', { body: { data: admin } });
    await session.revertImpersonation();
    expect(server.requests()).toEqual(['POST /api/v1/user/1/impersonate/revert', 'GET /api/me']);
    expect(session.getSnapshot().user).toEqual(admin);
    await vi.advanceTimersByTimeAsync(499);
    expect(navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('admin.users');
  });

  it('revert refuses when nobody is impersonated', async () => {
    const { server, session } = setup();
    session.update(anna);
    await expect(session.revertImpersonation()).rejects.toThrow('not impersonated');
    expect(server.calls).toEqual([]);
  });

  it('a failed revert rejects and does not navigate', async () => {
    const { server, session, navigate } = setup();
    session.update(impersonated);
    server.on('POST /api/v1/user/1/impersonate/revert', { status: 403 });
    await expect(session.revertImpersonation()).rejects.toMatchObject({ status: 403 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(navigate).not.toHaveBeenCalled();
  });
});
