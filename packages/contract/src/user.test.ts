import { describe, expect, it } from 'vitest';
import { LIMITS } from './constants';
import { toFormErrors } from './errors';
import { Me, User, UserAdminBody, UserAttributeBody } from './user';

const user = {
  id: 1,
  name: 'Anna Andersson',
  email: 'anna@matnat.se',
  photo_url: null,
  initials: 'AA',
  is_admin: false,
  has_set_password: true,
  email_verified_at: '2025-01-02T03:04:05.000Z',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00+01:00',
};

const errorsOf = (result: ReturnType<typeof UserAttributeBody.safeParse>) => {
  if (result.success) throw new Error('expected the parse to fail');
  return toFormErrors(result.error);
};

describe('User', () => {
  it('spec §3 User: id, name, email, photo_url, initials, teams, is_admin, has_set_password', () => {
    const parsed = User.parse({ ...user, teams: [{ id: 2, name: 'Norr' }] });
    expect(parsed.teams).toEqual([{ id: 2, name: 'Norr' }]);
    expect(User.parse(user).teams).toBeUndefined();
  });

  it('rejects ids that are not positive integers', () => {
    expect(User.safeParse({ ...user, id: 0 }).success).toBe(false);
    expect(User.safeParse({ ...user, id: 1.5 }).success).toBe(false);
  });

  it("spec §3 impersonation: /api/me carries the original user's user_id and name", () => {
    expect(Me.parse({ ...user, impersonator: { user_id: 9, name: 'Admin' } }).impersonator).toEqual({
      user_id: 9,
      name: 'Admin',
    });
    expect(Me.parse({ ...user, impersonator: null }).impersonator).toBeNull();
    expect(Me.safeParse(user).success).toBe(false);
  });
});

describe('UserAttributeBody (PATCH /api/user/{id})', () => {
  it('spec §7: one attribute/value pair', () => {
    expect(UserAttributeBody.parse({ attribute: 'name', value: '  Anna  ' })).toEqual({
      attribute: 'name',
      value: 'Anna',
    });
    expect(UserAttributeBody.parse({ attribute: 'email', value: 'Anna@Matnat.se' })).toEqual({
      attribute: 'email',
      value: 'anna@matnat.se',
    });
    expect(UserAttributeBody.parse({ attribute: 'photo_url', value: null })).toEqual({
      attribute: 'photo_url',
      value: null,
    });
    expect(
      UserAttributeBody.parse({ attribute: 'password', value: 'hemligt-1', current_password: 'gammalt1' }),
    ).toMatchObject({ attribute: 'password' });
  });

  it('validates the value per attribute, in Swedish', () => {
    expect(errorsOf(UserAttributeBody.safeParse({ attribute: 'name', value: '' }))).toEqual({
      value: ['Namn måste anges.'],
    });
    expect(errorsOf(UserAttributeBody.safeParse({ attribute: 'email', value: 'inte-en-adress' }))).toEqual({
      value: ['E-postadressen är ogiltig.'],
    });
    expect(errorsOf(UserAttributeBody.safeParse({ attribute: 'password', value: 'kort' }))).toEqual({
      value: ['Lösenord måste vara minst 8 tecken.'],
    });
    expect(
      errorsOf(UserAttributeBody.safeParse({ attribute: 'photo_url', value: 'ftp://x.se/a.png' })),
    ).toEqual({
      value: ['Profilbild måste vara en giltig webbadress (http eller https).'],
    });
  });

  it('issue 8 avatar upload: photo_url also takes a small PNG, JPEG or WebP picture as a data: URL', () => {
    const photo = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';
    expect(UserAttributeBody.parse({ attribute: 'photo_url', value: photo })).toEqual({
      attribute: 'photo_url',
      value: photo,
    });
    expect(
      errorsOf(UserAttributeBody.safeParse({ attribute: 'photo_url', value: 'data:text/html;base64,PGI+' })),
    ).toEqual({ value: ['Profilbild måste vara en bild i PNG, JPEG eller WebP.'] });
    const huge = `data:image/png;base64,${'A'.repeat(LIMITS.photoDataUrl)}`;
    expect(errorsOf(UserAttributeBody.safeParse({ attribute: 'photo_url', value: huge }))).toEqual({
      value: [`Profilbild får vara högst ${LIMITS.photoDataUrl} tecken.`],
    });
    expect(errorsOf(UserAttributeBody.safeParse({ attribute: 'photo_url', value: 5 }))).toEqual({
      value: ['Profilbild måste vara en text.'],
    });
  });

  it('rejects attributes that cannot be changed', () => {
    expect(errorsOf(UserAttributeBody.safeParse({ attribute: 'is_admin', value: true }))).toEqual({
      attribute: ['Fältet kan inte ändras.'],
    });
  });

  it('is strict: current_password only belongs to a password or e-mail change', () => {
    expect(
      errorsOf(UserAttributeBody.safeParse({ attribute: 'name', value: 'Anna', current_password: 'x' })),
    ).toEqual({ current_password: ['Fältet är okänt.'] });
  });
});

describe('UserAdminBody', () => {
  it('accepts a role and distinct team ids', () => {
    expect(UserAdminBody.parse({ is_admin: true, team_ids: [1, 2] })).toEqual({
      is_admin: true,
      team_ids: [1, 2],
    });
    const result = UserAdminBody.safeParse({ team_ids: [1, 1] });
    expect(result.success ? {} : toFormErrors(result.error)).toEqual({
      team_ids: ['Team får inte innehålla dubbletter.'],
    });
  });
});
