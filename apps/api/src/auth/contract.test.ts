import { EmbedToken, EmbedTokenCreated, Invite, InviteLookup, Me, Team, User } from '@matnat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp, testDialects } from '../test/harness.js';

const dialects = await testDialects();

/** Parses an answer's `data` with the contract's schema (strictly: no field the contract does not know). */
function conforms(schema: z.ZodObject, value: unknown) {
  return z.strictObject(schema.shape).parse(value);
}

describe.each(dialects)('answers conform to @matnat/contract (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /api/me and POST /api/login answer a Me; the user list answers Users with Teams', async () => {
    const admin = await t.loginAs('admin@matnat.se');
    const me = (await admin.get('/api/me')).json().data;
    expect(conforms(Me, me).is_admin).toBe(true);
    const users = (await admin.get('/api/v1/user?include=teams')).json().data as unknown[];
    for (const user of users) conforms(User, user);
    for (const team of (await admin.get('/api/v1/team')).json().data as unknown[]) conforms(Team, team);
    const impersonating = (await admin.post(`/api/v1/user/${t.accounts.erik.id}/impersonate`)).json().data;
    expect(conforms(Me, impersonating).impersonator).toEqual({
      user_id: t.accounts.admin.id,
      name: 'Administratör Mätnät',
    });
  });

  it('invites and embed tokens answer their contract shapes', async () => {
    const admin = await t.loginAs('admin@matnat.se');
    conforms(Invite, (await admin.post('/api/v1/invite', { email: 'form@example.se' })).json().data);
    const token = t.accounts.invitePath.split('token=')[1];
    conforms(InviteLookup, (await t.client().get(`/api/invite/${token}`)).json().data);
    const created = await admin.post('/api/v1/embed-token', {
      name: 'Karta',
      scopes: ['public-map'],
      allowed_origins: ['https://kommun.example.se'],
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    conforms(EmbedTokenCreated, created.json().data);
    for (const listed of (await admin.get('/api/v1/embed-token')).json().data as unknown[])
      conforms(EmbedToken, listed);
  });
});
