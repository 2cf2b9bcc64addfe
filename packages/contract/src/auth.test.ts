import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  EmailVerifyQuery,
  InviteAcceptBody,
  InviteCreateBody,
  LoginBody,
  PasswordEmailBody,
  PasswordResetBody,
  RegisterBody,
} from './auth';
import { toFormErrors } from './errors';

const errorsOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? {} : toFormErrors(result.error);

describe('auth bodies', () => {
  it('login: e-mail and password, remember defaults to false', () => {
    expect(LoginBody.parse({ email: ' Admin@Matnat.se ', password: 'matnat-demo' })).toEqual({
      email: 'admin@matnat.se',
      password: 'matnat-demo',
      remember: false,
    });
    expect(errorsOf(LoginBody.safeParse({}))).toEqual({
      email: ['E-postadress måste anges.'],
      password: ['Lösenord måste anges.'],
    });
    expect(errorsOf(LoginBody.safeParse({ email: 'a@b.se', password: 'x', admin: true }))).toEqual({
      admin: ['Fältet är okänt.'],
    });
  });

  it('register: passwords must match and be at least 8 characters', () => {
    const body = {
      name: 'Ny',
      email: 'ny@matnat.se',
      password: 'hemligt-1',
      password_confirmation: 'hemligt-1',
    };
    expect(RegisterBody.parse(body)).toEqual(body);
    expect(errorsOf(RegisterBody.safeParse({ ...body, password_confirmation: 'annat-lösen' }))).toEqual({
      password_confirmation: ['Lösenorden matchar inte.'],
    });
    expect(
      errorsOf(RegisterBody.safeParse({ ...body, password: 'kort', password_confirmation: 'kort' })),
    ).toEqual({
      password: ['Lösenord måste vara minst 8 tecken.'],
    });
  });

  it('password e-mail and reset', () => {
    expect(PasswordEmailBody.parse({ email: 'anna@matnat.se' })).toEqual({ email: 'anna@matnat.se' });
    expect(errorsOf(PasswordEmailBody.safeParse({ email: 'anna' }))).toEqual({
      email: ['E-postadressen är ogiltig.'],
    });
    expect(
      errorsOf(
        PasswordResetBody.safeParse({
          email: 'anna@matnat.se',
          password: 'hemligt-1',
          password_confirmation: 'hemligt-1',
        }),
      ),
    ).toEqual({ token: ['Token måste anges.'] });
  });

  it('invite: create with teams, accept with name and confirmed password', () => {
    expect(InviteCreateBody.parse({ email: 'ny@matnat.se' })).toEqual({
      email: 'ny@matnat.se',
      is_admin: false,
      team_ids: [],
    });
    expect(
      errorsOf(
        InviteAcceptBody.safeParse({ name: 'Ny', password: 'hemligt-1', password_confirmation: 'hemligt-2' }),
      ),
    ).toEqual({ password_confirmation: ['Lösenorden matchar inte.'] });
  });

  it('e-mail verification link carries expires and a signature', () => {
    const signature = 'a'.repeat(64);
    expect(EmailVerifyQuery.parse({ expires: '1735689600', signature })).toEqual({
      expires: 1_735_689_600,
      signature,
    });
    expect(EmailVerifyQuery.safeParse({ expires: '1', signature: 'x' }).success).toBe(false);
  });
});
