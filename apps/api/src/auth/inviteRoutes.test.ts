import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialects } from '../test/harness.js';

const dialects = await testDialects();

function inviteToken(t: TestApp, to: string): string {
  const mail = [...t.app.mailer.sent].reverse().find((m) => m.to === to);
  const token = new URL(mail?.links?.[0] ?? 'http://x/').searchParams.get('token');
  if (!token) throw new Error(`no invite mail to ${to}`);
  return token;
}

describe.each(dialects)('invites (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('DESIGN §2: the demo account ny@matnat.se is invited and has not set a password', async () => {
    const admin = await t.loginAs('admin@matnat.se');
    const users = (await admin.get('/api/v1/user')).json().data as {
      email: string;
      has_set_password: boolean;
    }[];
    expect(users.find((u) => u.email === 'ny@matnat.se')?.has_set_password).toBe(false);
    const token = t.accounts.invitePath.split('token=')[1];
    const lookup = await t.client().get(`/api/invite/${token}`);
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().data.email).toBe('ny@matnat.se');
  });

  it('issue 3: an admin invites an e-mail to a team; has_set_password is false until the invite is accepted', async () => {
    const admin = await t.loginAs('admin@matnat.se');
    const created = await admin.post('/api/v1/invite', {
      email: 'Ola@Example.se',
      team_ids: [t.accounts.teams.south],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ email: 'ola@example.se', accepted_at: null });
    const ola = (await admin.get('/api/v1/user?include=teams'))
      .json()
      .data.find((u: { email: string }) => u.email === 'ola@example.se');
    expect(ola).toMatchObject({
      has_set_password: false,
      teams: [{ id: t.accounts.teams.south, name: 'Stadsodling Syd' }],
    });

    const token = inviteToken(t, 'ola@example.se');
    expect((await t.client().get(`/api/invite/${token}`)).json().data).toMatchObject({
      email: 'ola@example.se',
      name: 'ola',
    });
    // Without a password the invited account cannot sign in.
    expect((await t.client().post('/api/login', { email: 'ola@example.se', password: '' })).statusCode).toBe(
      422,
    );

    const invitee = t.client();
    const accepted = await invitee.post(`/api/invite/${token}`, {
      name: 'Ola Nilsson',
      password: 'olas-lösenord',
      password_confirmation: 'olas-lösenord',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({
      name: 'Ola Nilsson',
      has_set_password: true,
      impersonator: null,
    });
    expect((await invitee.get('/api/me')).json().data.email).toBe('ola@example.se');
    await t.loginAs('ola@example.se', 'olas-lösenord');
  });

  it('an invite is single-use; unknown tokens are 404', async () => {
    const admin = await t.loginAs('admin@matnat.se');
    await admin.post('/api/v1/invite', { email: 'per@example.se', team_ids: [] });
    const token = inviteToken(t, 'per@example.se');
    const body = { name: 'Per', password: 'pers-lösenord', password_confirmation: 'pers-lösenord' };
    expect((await t.client().post(`/api/invite/${token}`, body)).statusCode).toBe(200);
    expect((await t.client().post(`/api/invite/${token}`, body)).statusCode).toBe(404);
    expect((await t.client().get(`/api/invite/${token}`)).statusCode).toBe(404);
    expect((await t.client().get('/api/invite/finns-inte')).statusCode).toBe(404);
  });

  it('an address with an account that has a password cannot be invited; an unknown team writes nothing', async () => {
    const admin = await t.loginAs('admin@matnat.se');
    const taken = await admin.post('/api/v1/invite', { email: 'anna@matnat.se' });
    expect(taken.statusCode).toBe(422);
    const badTeam = await admin.post('/api/v1/invite', { email: 'ghost@example.se', team_ids: [999_999] });
    expect(badTeam.statusCode).toBe(422);
    expect(
      await t.db.selectFrom('users').select('id').where('email', '=', 'ghost@example.se').execute(),
    ).toHaveLength(0);
  });

  it('a repeated invite replaces the earlier token', async () => {
    const admin = await t.loginAs('admin@matnat.se');
    await admin.post('/api/v1/invite', { email: 'sara@example.se' });
    const first = inviteToken(t, 'sara@example.se');
    await admin.post('/api/v1/invite', { email: 'sara@example.se' });
    const second = inviteToken(t, 'sara@example.se');
    expect(second).not.toBe(first);
    expect((await t.client().get(`/api/invite/${first}`)).statusCode).toBe(404);
    expect((await t.client().get(`/api/invite/${second}`)).statusCode).toBe(200);
  });

  it('an expired invite is 404', async () => {
    const admin = await t.loginAs('admin@matnat.se');
    await admin.post('/api/v1/invite', { email: 'gammal@example.se' });
    const token = inviteToken(t, 'gammal@example.se');
    await t.db
      .updateTable('invites')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', 'gammal@example.se')
      .execute();
    expect((await t.client().get(`/api/invite/${token}`)).statusCode).toBe(404);
  });
});
