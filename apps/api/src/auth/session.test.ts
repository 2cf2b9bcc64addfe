import { SIGNED_IN_COOKIE } from '@matnat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialects } from '../test/harness.js';
import { pruneSessions } from './session.js';

const dialects = await testDialects();

describe.each(dialects)('session auth (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('DESIGN §2: GET /sanctum/csrf-cookie answers 204 and sets a readable XSRF-TOKEN cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(response.statusCode).toBe(204);
    const cookies = response.cookies as { name: string; httpOnly?: boolean; sameSite?: string }[];
    const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN');
    const session = cookies.find((c) => c.name === 'matnat_session');
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
  });

  it('DESIGN §2: a POST without X-XSRF-TOKEN is 419 {"message":"CSRF token mismatch."}', async () => {
    const client = t.client();
    await client.csrfCookie();
    const response = await client.post(
      '/api/login',
      { email: 'anna@matnat.se', password: 'matnat-demo' },
      { csrf: false },
    );
    expect(response.statusCode).toBe(419);
    expect(response.json()).toEqual({ message: 'CSRF token mismatch.' });
  });

  it('DESIGN §2: login with the anti-forgery header returns the user; /api/me then answers', async () => {
    const client = t.client();
    const login = await client.post('/api/login', { email: 'anna@matnat.se', password: 'matnat-demo' });
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({
      email: 'anna@matnat.se',
      is_admin: false,
      has_set_password: true,
    });
    const me = await client.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.teams).toEqual([{ id: t.accounts.teams.north, name: 'Skogsbruk Norr' }]);
    expect(me.json().data.impersonator).toBeNull();
  });
});

describe.each(dialects)('login, logout and sessions (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      dialect,
      config: { loginThrottle: { maxAttempts: 3, decaySeconds: 60, perIp: 50, perIpDecaySeconds: 600 } },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('spec §8: GET /api/me as a guest is 401 {"message":"Unauthenticated."}', async () => {
    const response = await t.client().get('/api/me');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('DESIGN §2: bad credentials are 422 with a form error on email, the same for an unknown address', async () => {
    const wrong = await t.client().post('/api/login', { email: 'erik@matnat.se', password: 'fel-lösenord' });
    const unknown = await t
      .client()
      .post('/api/login', { email: 'ingen@matnat.se', password: 'fel-lösenord' });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().errors.email).toHaveLength(1);
  });

  it('issue 3: login is throttled per e-mail and IP: 429 with Retry-After after repeated failures', async () => {
    const client = t.client();
    for (let i = 0; i < 3; i++) {
      expect(
        (await client.post('/api/login', { email: 'admin@matnat.se', password: 'gissning' })).statusCode,
      ).toBe(422);
    }
    const blocked = await client.post('/api/login', { email: 'admin@matnat.se', password: 'matnat-demo' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().retry_after).toBeGreaterThan(0);
    // Another address from the same IP is not blocked.
    expect(
      (await t.client().post('/api/login', { email: 'anna@matnat.se', password: 'matnat-demo' })).statusCode,
    ).toBe(200);
  });

  it('the e-mail of a login is matched without regard to case and surrounding spaces', async () => {
    const response = await t
      .client()
      .post('/api/login', { email: '  ERIK@Matnat.se ', password: 'matnat-demo' });
    expect(response.statusCode).toBe(200);
  });

  it('DESIGN §2: the session id is rotated on login and the old id is no longer valid', async () => {
    const client = t.client();
    await client.csrfCookie();
    const guestSession = client.cookies.get('matnat_session');
    await client.post('/api/login', { email: 'anna@matnat.se', password: 'matnat-demo' });
    const userSession = client.cookies.get('matnat_session');
    expect(userSession).toBeDefined();
    expect(userSession).not.toBe(guestSession);
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      cookies: { matnat_session: guestSession ?? '' },
    });
    expect(stale.statusCode).toBe(401);
  });

  it("issue 21 point 7: the readable signed-in cookie is '1' while a user is signed in, absent for a guest and after logout", async () => {
    const client = t.client();
    await client.csrfCookie();
    expect(client.cookies.has(SIGNED_IN_COOKIE)).toBe(false);
    expect((await client.post('/cart/store', { cart: [] })).statusCode).toBe(200);
    expect(client.cookies.has(SIGNED_IN_COOKIE)).toBe(false);
    const login = await client.post('/api/login', { email: 'anna@matnat.se', password: 'matnat-demo' });
    const hint = (login.cookies as { name: string; value: string; httpOnly?: boolean }[]).find(
      (c) => c.name === SIGNED_IN_COOKIE,
    );
    expect(hint).toMatchObject({ value: '1' });
    expect(hint?.httpOnly).toBeFalsy();
    expect((await client.post('/api/logout')).statusCode).toBe(204);
    expect(client.cookies.has(SIGNED_IN_COOKIE)).toBe(false);
    expect(client.cookies.has('matnat_session')).toBe(true);
  });

  it('sessions are stored hashed: the cookie value is not a key of the sessions table', async () => {
    const client = await t.loginAs('anna@matnat.se');
    const cookie = client.cookies.get('matnat_session') ?? '';
    const rows = await t.db.selectFrom('sessions').select('id').where('id', '=', cookie).execute();
    expect(rows).toHaveLength(0);
  });

  it('spec §7: POST /api/logout ends the session; /api/me is then 401', async () => {
    const client = await t.loginAs('erik@matnat.se');
    expect((await client.post('/api/logout')).statusCode).toBe(204);
    expect((await client.get('/api/me')).statusCode).toBe(401);
  });

  it('"remember me" gives the session cookie a lasting Max-Age; without it the cookie ends with the browser', async () => {
    const remembered = await t
      .client()
      .post('/api/login', { email: 'anna@matnat.se', password: 'matnat-demo', remember: true });
    const plain = await t.client().post('/api/login', { email: 'anna@matnat.se', password: 'matnat-demo' });
    const cookie = (r: typeof plain) =>
      (r.cookies as { name: string; maxAge?: number }[]).find((c) => c.name === 'matnat_session');
    expect(cookie(remembered)?.maxAge).toBe(t.config.session.rememberMinutes * 60);
    expect(cookie(plain)?.maxAge).toBeUndefined();
  });

  it('an expired session is not accepted', async () => {
    const client = await t.loginAs('erik@matnat.se');
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await client.get('/api/me')).statusCode).toBe(401);
  });
});

describe.each(dialects)('anti-forgery token (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /sanctum/csrf-cookie re-sends the token of an existing session (a lost cookie is recovered)', async () => {
    const client = await t.loginAs('anna@matnat.se');
    const token = client.cookies.get('XSRF-TOKEN');
    client.cookies.delete('XSRF-TOKEN');
    expect(await client.csrfCookie()).toBe(token);
    expect((await client.get('/api/me')).statusCode).toBe(200);
    expect((await client.post('/api/logout')).statusCode).toBe(204);
  });

  it('a malformed (undecodable) X-XSRF-TOKEN header is 419, not 500', async () => {
    const client = t.client();
    await client.csrfCookie();
    const response = await client.post('/api/logout', undefined, { headers: { 'x-xsrf-token': '%E0%A4%A' } });
    expect(response.statusCode).toBe(419);
  });

  it('the token is URL-decoded as Axios-style clients send the raw cookie value', async () => {
    const client = t.client();
    const token = await client.csrfCookie();
    const response = await client.post('/api/logout', undefined, {
      headers: { 'x-xsrf-token': encodeURIComponent(token) },
    });
    expect(response.statusCode).toBe(204);
  });

  it('a token of another session is refused', async () => {
    const anna = await t.loginAs('anna@matnat.se');
    const erik = await t.loginAs('erik@matnat.se');
    const response = await anna.post('/api/logout', undefined, {
      headers: { 'x-xsrf-token': erik.cookies.get('XSRF-TOKEN') ?? '' },
    });
    expect(response.statusCode).toBe(419);
  });
});

describe.each(dialects)('guest sessions and the cart (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("spec §4 Cart: a guest's cart survives logging in (the session is rotated, the cart follows)", async () => {
    const client = t.client();
    expect((await client.post('/cart/store', { cart: [{ id: 1 }, { id: 2 }] })).statusCode).toBe(200);
    await client.post('/api/login', { email: 'erik@matnat.se', password: 'matnat-demo' });
    expect((await client.get('/cart/retrieve')).json().cart).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it("spec §4 Cart: a guest's POST /api/logout keeps the guest session and its cart (the app logs out after each failed /api/me)", async () => {
    const client = t.client();
    await client.post('/cart/store', { cart: [{ id: 4 }] });
    const token = client.cookies.get('XSRF-TOKEN');
    expect((await client.post('/api/logout')).statusCode).toBe(204);
    expect(client.cookies.get('XSRF-TOKEN')).toBe(token);
    expect((await client.get('/cart/retrieve')).json().cart).toEqual([{ id: 4 }]);
    // Signed in, logout still ends the session and rotates it.
    await client.post('/api/login', { email: 'erik@matnat.se', password: 'matnat-demo' });
    expect((await client.post('/api/logout')).statusCode).toBe(204);
    expect((await client.get('/api/me')).statusCode).toBe(401);
    expect(client.cookies.get('XSRF-TOKEN')).not.toBe(token);
  });

  it("spec §4 Cart: an account's emptied cart gives way to the guest's on login; one with items is kept", async () => {
    const anna = await t.loginAs('anna@matnat.se');
    await anna.post('/cart/store', { cart: [] });
    const guest = t.client();
    await guest.post('/cart/store', { cart: [{ id: 5 }] });
    await guest.post('/api/login', { email: 'anna@matnat.se', password: 'matnat-demo' });
    expect((await guest.get('/cart/retrieve')).json().cart).toEqual([{ id: 5 }]);
    expect((await anna.get('/cart/retrieve')).json().cart).toEqual([{ id: 5 }]);
    const other = t.client();
    await other.post('/cart/store', { cart: [{ id: 6 }] });
    await other.post('/api/login', { email: 'anna@matnat.se', password: 'matnat-demo' });
    expect((await other.get('/cart/retrieve')).json().cart).toEqual([{ id: 5 }]);
  });

  it('pruning removes expired sessions and the carts of guests whose session is gone', async () => {
    const guest = t.client();
    await guest.post('/cart/store', { cart: [{ id: 3 }] });
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', 'is', null)
      .execute();
    await pruneSessions(t.app);
    expect(
      await t.db.selectFrom('sessions').select('id').where('user_id', 'is', null).execute(),
    ).toHaveLength(0);
    expect(await t.db.selectFrom('carts').select('id').where('user_id', 'is', null).execute()).toHaveLength(
      0,
    );
    expect(
      await t.db.selectFrom('carts').select('id').where('user_id', '=', t.accounts.erik.id).execute(),
    ).toHaveLength(1);
  });
});
