import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialects } from '../test/harness.js';

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
