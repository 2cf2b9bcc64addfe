import { describe, expect, it } from 'vitest';
import { splitErrors } from './useFormSubmit';

describe('splitErrors (spec §5: the first message per field)', () => {
  it('keeps the form’s own fields and renames the server’s names for them', () => {
    const failure = { fields: { value: ['E-postadressen används redan.'] }, general: null };
    expect(splitErrors(failure, ['email'], { value: 'email' })).toEqual({
      fields: { email: ['E-postadressen används redan.'] },
      general: null,
    });
  });

  it('an error of a field the form does not show becomes the message above it', () => {
    const failure = {
      fields: { token: ['Länken är ogiltig eller har gått ut.'], password: ['Lösenord måste anges.'] },
      general: null,
    };
    expect(splitErrors(failure, ['email', 'password'])).toEqual({
      fields: { password: ['Lösenord måste anges.'] },
      general: 'Länken är ogiltig eller har gått ut.',
    });
  });

  it('list items’ errors show under the list’s field', () => {
    const failure = {
      fields: { 'allowed_origins.1': ['Ogiltig.'], 'allowed_origins.0': ['Fel.'] },
      general: null,
    };
    expect(splitErrors(failure, ['allowed_origins']).fields).toEqual({
      allowed_origins: ['Ogiltig.', 'Fel.'],
    });
  });

  it('a general message wins over a hidden field’s message', () => {
    const failure = { fields: { _: ['x'] }, general: 'Något gick fel.' };
    expect(splitErrors(failure, [])).toEqual({ fields: {}, general: 'Något gick fel.' });
  });
});
