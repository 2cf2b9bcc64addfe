import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialects } from '../test/harness.js';

const dialects = await testDialects();

describe.each(dialects)('users, teams and impersonation (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('spec §7: GET /api/v1/user is sorted by name and includes teams (admin only)', async () => {
    const admin = await t.loginAs('admin@matnat.se');
    const response = await admin.get('/api/v1/user?include=teams&sort=name');
    expect(response.statusCode).toBe(200);
    const users = response.json().data as { name: string; teams: { name: string }[] }[];
    const names = users.map((u) => u.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'sv')));
    expect(users.every((u) => Array.isArray(u.teams))).toBe(true);
    const plain = (await admin.get('/api/v1/user')).json().data as object[];
    expect(plain.every((u) => !('teams' in u))).toBe(true);
    expect(JSON.stringify(plain)).not.toMatch(/password_hash|argon2/);
    const descending = (await admin.get('/api/v1/user?sort=-name'))
      .json()
      .data.map((u: { name: string }) => u.name);
    expect(descending).toEqual([...names].reverse());
  });

  it('DESIGN §2: GET /api/v1/user with a disallowed include, sort or filter is 400 naming the allowed ones', async () => {
    const admin = await t.loginAs('admin@matnat.se');
    const response = await admin.get('/api/v1/user?include=password_hash');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ parameter: 'include', allowed: ['teams'] });
    expect((await admin.get('/api/v1/user?sort=password_hash')).statusCode).toBe(400);
    expect((await admin.get('/api/v1/user?filter[password_hash]=x')).statusCode).toBe(400);
    expect((await admin.get('/api/v1/user?include=teams&include=secrets')).statusCode).toBe(400);
    expect((await admin.get('/api/v1/user?include=teams&include=teams')).statusCode).toBe(200);
    const filtered = (await admin.get(`/api/v1/user?filter[team_id]=${t.accounts.teams.south}`)).json().data;
    expect(filtered.map((u: { email: string }) => u.email)).toEqual(['erik@matnat.se']);
  });

  it('spec §7: GET /api/v1/user/{id}: yourself or, for admins, anyone; others 403; unknown 404', async () => {
    const anna = await t.loginAs('anna@matnat.se');
    expect((await anna.get(`/api/v1/user/${t.accounts.anna.id}`)).json().data.teams).toEqual([
      { id: t.accounts.teams.north, name: 'Skogsbruk Norr' },
    ]);
    expect((await anna.get(`/api/v1/user/${t.accounts.erik.id}`)).statusCode).toBe(403);
    const admin = await t.loginAs('admin@matnat.se');
    expect((await admin.get(`/api/v1/user/${t.accounts.erik.id}`)).json().data.email).toBe('erik@matnat.se');
    expect((await admin.get('/api/v1/user/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/v1/user/abc')).statusCode).toBe(404);
  });

  it('spec §7: PATCH /api/user/{id} changes one attribute/value pair of yourself', async () => {
    const erik = await t.loginAs('erik@matnat.se');
    const response = await erik.patch(`/api/user/${t.accounts.erik.id}`, {
      attribute: 'name',
      value: 'Erik Ek',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ name: 'Erik Ek', initials: 'EE' });
    expect((await erik.get('/api/me')).json().data.name).toBe('Erik Ek');
    const photo = await erik.patch(`/api/user/${t.accounts.erik.id}`, {
      attribute: 'photo_url',
      value: 'https://bild.se/erik.jpg',
    });
    expect(photo.json().data.photo_url).toBe('https://bild.se/erik.jpg');
    // issue 8: an uploaded photo, scaled by the app, is stored as a data: URL (the page's CSP allows data:).
    const upload = `data:image/jpeg;base64,${'A'.repeat(40_000)}`;
    const uploaded = await erik.patch(`/api/user/${t.accounts.erik.id}`, {
      attribute: 'photo_url',
      value: upload,
    });
    expect(uploaded.statusCode).toBe(200);
    expect((await erik.get('/api/me')).json().data.photo_url).toBe(upload);
  });

  it('PATCH /api/user/{id}: two pairs, unknown attributes and wrong value types are 422', async () => {
    const erik = await t.loginAs('erik@matnat.se');
    const url = `/api/user/${t.accounts.erik.id}`;
    expect((await erik.patch(url, { attribute: 'is_admin', value: true })).statusCode).toBe(422);
    expect((await erik.patch(url, { attribute: 'name', value: 'A', name: 'B' })).statusCode).toBe(422);
    expect((await erik.patch(url, { attribute: 'name', value: 42 })).statusCode).toBe(422);
    expect((await erik.patch(url, { attribute: 'email', value: 'inte-en-adress' })).statusCode).toBe(422);
  });

  it('spec §7: a user may change only themself (403); an admin may change anyone', async () => {
    const anna = await t.loginAs('anna@matnat.se');
    const denied = await anna.patch(`/api/user/${t.accounts.erik.id}`, {
      attribute: 'name',
      value: 'Hackad',
    });
    expect(denied.statusCode).toBe(403);
    const admin = await t.loginAs('admin@matnat.se');
    const allowed = await admin.patch(`/api/user/${t.accounts.anna.id}`, {
      attribute: 'name',
      value: 'Anna Lindqvist',
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('changing your password needs the current one; it signs out your other sessions', async () => {
    const other = await t.loginAs('anna@matnat.se');
    const anna = await t.loginAs('anna@matnat.se');
    const url = `/api/user/${t.accounts.anna.id}`;
    const wrong = await anna.patch(url, {
      attribute: 'password',
      value: 'nytt-lösenord',
      current_password: 'fel',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toHaveLength(1);
    const ok = await anna.patch(url, {
      attribute: 'password',
      value: 'nytt-lösenord',
      current_password: 'matnat-demo',
    });
    expect(ok.statusCode).toBe(200);
    expect((await anna.get('/api/me')).statusCode).toBe(200);
    expect((await other.get('/api/me')).statusCode).toBe(401);
    await anna.patch(url, { attribute: 'password', value: 'matnat-demo', current_password: 'nytt-lösenord' });
  });

  it('changing the e-mail to a taken one is 422; a new one needs verifying again', async () => {
    const erik = await t.loginAs('erik@matnat.se');
    const url = `/api/user/${t.accounts.erik.id}`;
    const own = { current_password: 'matnat-demo' };
    expect((await erik.patch(url, { attribute: 'email', value: 'anna@matnat.se', ...own })).statusCode).toBe(
      422,
    );
    const changed = await erik.patch(url, { attribute: 'email', value: 'erik.ek@matnat.se', ...own });
    expect(changed.json().data).toMatchObject({ email: 'erik.ek@matnat.se', email_verified_at: null });
    expect(t.app.mailer.sent.at(-1)?.to).toBe('erik.ek@matnat.se');
    await erik.patch(url, { attribute: 'email', value: 'erik@matnat.se', ...own });
  });

  it('spec §7: GET /api/v1/team lists teams by name: all for admins, their own for users', async () => {
    const admin = await t.loginAs('admin@matnat.se');
    expect((await admin.get('/api/v1/team')).json().data.map((x: { name: string }) => x.name)).toEqual([
      'Mätnät Support',
      'Skogsbruk Norr',
      'Stadsodling Syd',
    ]);
    const erik = await t.loginAs('erik@matnat.se');
    expect((await erik.get('/api/v1/team/')).json().data).toEqual([
      { id: t.accounts.teams.south, name: 'Stadsodling Syd' },
    ]);
  });

  it('PATCH /api/v1/user/{id}: admins change roles and teams; an unknown team changes nothing', async () => {
    const admin = await t.loginAs('admin@matnat.se');
    const url = `/api/v1/user/${t.accounts.erik.id}`;
    const moved = await admin.patch(url, { team_ids: [t.accounts.teams.north, t.accounts.teams.south] });
    expect(moved.json().data.teams).toHaveLength(2);
    expect((await admin.patch(url, { team_ids: [t.accounts.teams.south, 999_999] })).statusCode).toBe(422);
    expect((await admin.get(url)).json().data.teams).toHaveLength(2);
    await admin.patch(url, { team_ids: [t.accounts.teams.south] });
    expect((await admin.patch(`/api/v1/user/${t.accounts.admin.id}`, { is_admin: false })).statusCode).toBe(
      422,
    );
  });

  it('spec §4 Impersonation: an admin acts as a user; /api/me carries the impersonator; revert restores the admin', async () => {
    const admin = await t.loginAs('admin@matnat.se');
    const started = await admin.post(`/api/v1/user/${t.accounts.anna.id}/impersonate`);
    expect(started.statusCode).toBe(200);
    expect(started.json().data).toMatchObject({
      email: 'anna@matnat.se',
      impersonator: { user_id: t.accounts.admin.id, name: 'Administratör Mätnät' },
    });
    const me = (await admin.get('/api/me')).json().data;
    expect(me.email).toBe('anna@matnat.se');
    expect(me.impersonator.user_id).toBe(t.accounts.admin.id);
    // While impersonating, the admin has only the user's rights.
    expect((await admin.get('/api/v1/user')).statusCode).toBe(403);
    // Reverting needs the impersonating admin's id.
    expect((await admin.post(`/api/v1/user/${t.accounts.anna.id}/impersonate/revert`)).statusCode).toBe(403);
    const reverted = await admin.post(`/api/v1/user/${t.accounts.admin.id}/impersonate/revert`);
    expect(reverted.statusCode).toBe(200);
    expect(reverted.json().data).toMatchObject({ email: 'admin@matnat.se', impersonator: null });

    const log = (await admin.get('/api/v1/audit-log')).json().data as {
      action: string;
      actor_id: number;
      subject_id: number;
    }[];
    expect(log.slice(0, 2).map((entry) => entry.action)).toEqual(['impersonate.stop', 'impersonate.start']);
    expect(log[1]).toMatchObject({ actor_id: t.accounts.admin.id, subject_id: t.accounts.anna.id });
  });

  it('spec §4 Impersonation: never of another admin, never by a user; revert without impersonation is 403', async () => {
    const admin = await t.loginAs('admin@matnat.se');
    const other = await admin.post('/api/v1/invite', { email: 'admin2@matnat.se', is_admin: true });
    expect(other.statusCode).toBe(201);
    const otherId = (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'admin2@matnat.se')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await admin.post(`/api/v1/user/${otherId}/impersonate`)).statusCode).toBe(403);
    expect((await admin.post(`/api/v1/user/${t.accounts.admin.id}/impersonate`)).statusCode).toBe(403);
    expect((await admin.post('/api/v1/user/999999/impersonate')).statusCode).toBe(404);
    const anna = await t.loginAs('anna@matnat.se');
    expect((await anna.post(`/api/v1/user/${t.accounts.erik.id}/impersonate`)).statusCode).toBe(403);
    expect((await anna.post(`/api/v1/user/${t.accounts.anna.id}/impersonate/revert`)).statusCode).toBe(403);
  });
});
