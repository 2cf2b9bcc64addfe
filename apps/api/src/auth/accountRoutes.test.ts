import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialects } from '../test/harness.js';

const dialects = await testDialects();

function lastLink(t: TestApp, to: string): string {
  const mail = [...t.app.mailer.sent].reverse().find((m) => m.to === to);
  const link = mail?.links?.[0];
  if (!link) throw new Error(`no mail to ${to}`);
  return link;
}

function pathOf(link: string): string {
  const url = new URL(link);
  return url.pathname + url.search;
}

/** The mailed link opens the app's verification.verify screen, which sends its path and query to the API. */
function verifyLink(t: TestApp, to: string): string {
  return lastLink(t, to).replace('/verifiera-epost/', '/api/email/verify/');
}

describe.each(dialects)('register and e-mail verification (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('DESIGN §2: POST /api/register creates the account, signs it in and mails a verification link', async () => {
    const client = t.client();
    const response = await client.post('/api/register', {
      name: 'Karin Berg',
      email: 'Karin@Example.se',
      password: 'hemligt-lösen',
      password_confirmation: 'hemligt-lösen',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      name: 'Karin Berg',
      email: 'karin@example.se',
      initials: 'KB',
      is_admin: false,
      has_set_password: true,
      email_verified_at: null,
    });
    expect((await client.get('/api/me')).json().data.email).toBe('karin@example.se');
    // The link opens the app's screen (issue 8: verify from the mailed link), not a bare API answer.
    expect(lastLink(t, 'karin@example.se')).toMatch(
      /^http:\/\/[^/]+\/verifiera-epost\/\d+\/[0-9a-f]{40}\?expires=\d+&signature=[0-9a-f]{64}$/,
    );
    const stored = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'karin@example.se')
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('register refuses a taken address, mismatched confirmation and short passwords with 422 form errors', async () => {
    const taken = await t.client().post('/api/register', {
      name: 'Anna',
      email: 'anna@matnat.se',
      password: 'hemligt-lösen',
      password_confirmation: 'hemligt-lösen',
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toHaveLength(1);
    const mismatch = await t.client().post('/api/register', {
      name: 'Bo',
      email: 'bo@example.se',
      password: 'hemligt-lösen',
      password_confirmation: 'annat-lösen',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(Object.keys(mismatch.json().errors)).toEqual(['password_confirmation']);
    const short = await t.client().post('/api/register', {
      name: 'Bo',
      email: 'bo@example.se',
      password: 'kort',
      password_confirmation: 'kort',
    });
    expect(short.json().errors.password).toHaveLength(1);
    const count = await t.db.selectFrom('users').select('id').where('email', '=', 'bo@example.se').execute();
    expect(count).toHaveLength(0);
  });

  it('DESIGN §2: the signed verification link verifies the address and redirects to the app', async () => {
    const client = t.client();
    await client.post('/api/register', {
      name: 'Li',
      email: 'li@example.se',
      password: 'hemligt-lösen',
      password_confirmation: 'hemligt-lösen',
    });
    const response = await t.client().get(pathOf(verifyLink(t, 'li@example.se')));
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/dashboard?verified=1');
    expect((await client.get('/api/me')).json().data.email_verified_at).not.toBeNull();
  });

  it('DESIGN §2: a tampered or expired verification link is refused with 403', async () => {
    await t.client().post('/api/register', {
      name: 'Mo',
      email: 'mo@example.se',
      password: 'hemligt-lösen',
      password_confirmation: 'hemligt-lösen',
    });
    const link = new URL(verifyLink(t, 'mo@example.se'));
    const tampered = new URL(link);
    tampered.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 3600));
    expect((await t.client().get(tampered.pathname + tampered.search)).statusCode).toBe(403);
    const other = link.pathname.replace(/\/verify\/\d+\//, '/verify/1/');
    expect((await t.client().get(other + link.search)).statusCode).toBe(403);
    expect((await t.client().get(link.pathname)).statusCode).toBe(403);

    const realNow = Date.now;
    Date.now = () => realNow() + 61 * 60_000;
    try {
      expect((await t.client().get(link.pathname + link.search)).statusCode).toBe(403);
    } finally {
      Date.now = realNow;
    }
  });

  it('issue 3: resending the verification mail is throttled (429 after 6 a minute)', async () => {
    const client = t.client();
    await client.post('/api/register', {
      name: 'Ida',
      email: 'ida@example.se',
      password: 'hemligt-lösen',
      password_confirmation: 'hemligt-lösen',
    });
    for (let i = 0; i < 6; i++)
      expect((await client.post('/api/email/verification-notification')).statusCode).toBe(202);
    expect((await client.post('/api/email/verification-notification')).statusCode).toBe(429);
  });
});

describe.each(dialects)('password reset (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('DESIGN §2: POST /api/password/email answers the same whether or not the address exists', async () => {
    const sentBefore = t.app.mailer.sent.length;
    const known = await t.client().post('/api/password/email', { email: 'erik@matnat.se' });
    const unknown = await t.client().post('/api/password/email', { email: 'finns-inte@matnat.se' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(t.app.mailer.sent.length).toBe(sentBefore + 1);
  });

  it('DESIGN §2: the reset token is stored hashed, works once, and signs out every session of the user', async () => {
    const erik = await t.loginAs('erik@matnat.se');
    await t.client().post('/api/password/email', { email: 'erik@matnat.se' });
    const link = new URL(lastLink(t, 'erik@matnat.se'));
    const token = link.pathname.split('/').at(-1) ?? '';
    expect(link.pathname).toMatch(/^\/password\/reset\//);
    const row = await t.db
      .selectFrom('password_resets')
      .selectAll()
      .where('email', '=', 'erik@matnat.se')
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toBe(token);

    const body = {
      token,
      email: 'erik@matnat.se',
      password: 'nytt-lösenord',
      password_confirmation: 'nytt-lösenord',
    };
    expect((await t.client().post('/api/password/reset', body)).statusCode).toBe(200);
    expect((await erik.get('/api/me')).statusCode).toBe(401);
    await t.loginAs('erik@matnat.se', 'nytt-lösenord');
    const again = await t.client().post('/api/password/reset', {
      ...body,
      password: 'tredje-lösen',
      password_confirmation: 'tredje-lösen',
    });
    expect(again.statusCode).toBe(422);
  });

  it('DESIGN §2: a reset token older than 60 minutes or for another address is refused', async () => {
    await t.client().post('/api/password/email', { email: 'anna@matnat.se' });
    const token = new URL(lastLink(t, 'anna@matnat.se')).pathname.split('/').at(-1) ?? '';
    const body = {
      token,
      email: 'admin@matnat.se',
      password: 'nytt-lösenord',
      password_confirmation: 'nytt-lösenord',
    };
    expect((await t.client().post('/api/password/reset', body)).statusCode).toBe(422);
    await t.db
      .updateTable('password_resets')
      .set({ created_at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where('email', '=', 'anna@matnat.se')
      .execute();
    expect(
      (await t.client().post('/api/password/reset', { ...body, email: 'anna@matnat.se' })).statusCode,
    ).toBe(422);
    await t.loginAs('anna@matnat.se');
  });

  it('reset requests are throttled per address and IP', async () => {
    const client = t.client();
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await client.post('/api/password/email', { email: 'spam@example.se' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('when mail cannot be sent', () => {
  let t: TestApp;
  beforeAll(async () => {
    const failing = {
      sent: [],
      close() {},
      async send() {
        throw new Error('SMTP down');
      },
    };
    t = await createTestApp({ dialect: 'sqlite', mailer: failing });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('DESIGN §2: the reset answer is still the same for known and unknown addresses', async () => {
    const known = await t.client().post('/api/password/email', { email: 'anna@matnat.se' });
    const unknown = await t.client().post('/api/password/email', { email: 'okand@matnat.se' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
  });

  it('registering still succeeds; the verification mail can be asked for again', async () => {
    const client = t.client();
    const response = await client.post('/api/register', {
      name: 'Nils',
      email: 'nils@example.se',
      password: 'hemligt-lösen',
      password_confirmation: 'hemligt-lösen',
    });
    expect(response.statusCode).toBe(201);
    expect((await client.post('/api/email/verification-notification')).statusCode).toBe(202);
  });
});
