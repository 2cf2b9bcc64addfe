import { describe, expect, it, vi } from 'vitest';
import { createFormErrors, parseFormErrors, splitFormErrors } from './formErrors';
import { createMessages } from './messages';

const GENERIC = 'Something went wrong. Please try again or contact customer support.';
const body422 = {
  message: 'Uppgifterna är ogiltiga.',
  errors: { email: ['E-postadressen är ogiltig.', 'E-postadressen används redan.'], name: ['Namn krävs.'] },
};

describe('form errors', () => {
  it('spec §3: a map of field name to a list of messages, from a 422 body', () => {
    expect(parseFormErrors(body422)).toEqual({ fields: body422.errors, general: null });
  });

  it('spec §5: the form error holder shows the first message per field', () => {
    const errors = createFormErrors();
    errors.record(body422);
    expect(errors.first('email')).toBe('E-postadressen är ogiltig.');
    expect(errors.first('name')).toBe('Namn krävs.');
    expect(errors.first('password')).toBeUndefined();
    expect(errors.get('email')).toHaveLength(2);
    expect(errors.get('password')).toEqual([]);
    expect(errors.has('email')).toBe(true);
    expect(errors.has('password')).toBe(false);
  });

  it("spec §5 / §8: an error that is not an object shows 'Something went wrong. Please try again or contact customer support.'", () => {
    for (const body of ['<html>502</html>', null, undefined, 500, ['x'], new TypeError('Failed to fetch')]) {
      expect(parseFormErrors(body)).toEqual({ fields: {}, general: GENERIC });
    }
    const errors = createFormErrors();
    errors.record('Internal Server Error');
    expect(errors.getSnapshot().general).toBe(GENERIC);
    expect(errors.any()).toBe(true);
  });

  it('reads the body of an HttpError-like error, a bare errors map, and a message-only body', () => {
    const httpError = Object.assign(new Error('422'), { body: body422 });
    expect(parseFormErrors(httpError).fields.name).toEqual(['Namn krävs.']);
    expect(parseFormErrors({ title: 'Titel krävs.', lat: ['Ogiltig.'] })).toEqual({
      fields: { title: ['Titel krävs.'], lat: ['Ogiltig.'] },
      general: null,
    });
    expect(parseFormErrors({ message: 'För många försök.' })).toEqual({
      fields: {},
      general: 'För många försök.',
    });
    expect(parseFormErrors({ message: 'Fel.', errors: { a: [1] } })).toEqual({ fields: {}, general: 'Fel.' });
    expect(parseFormErrors({ errors: 'nope' })).toEqual({ fields: {}, general: GENERIC });
    expect(parseFormErrors({ status: 500 })).toEqual({ fields: {}, general: GENERIC });
    expect(parseFormErrors({ a: [] })).toEqual({ fields: {}, general: null });
  });

  it('the generic message follows the messages module', () => {
    const messages = createMessages({ genericError: 'Något gick fel.' });
    expect(parseFormErrors(42, messages).general).toBe('Något gick fel.');
    const errors = createFormErrors({ messages });
    errors.record(null);
    expect(errors.getSnapshot().general).toBe('Något gick fel.');
  });

  it('clears one field or everything, and notifies subscribers', async () => {
    const errors = createFormErrors();
    const listener = vi.fn();
    errors.subscribe(listener);
    errors.record(body422);
    errors.clear('email');
    expect(errors.has('email')).toBe(false);
    expect(errors.any()).toBe(true);
    errors.clear();
    expect(errors.any()).toBe(false);
    expect(errors.getSnapshot()).toEqual({ fields: {}, general: null });
    await Promise.resolve();
    expect(listener).toHaveBeenCalled();
  });
});

describe('splitFormErrors: a form’s own fields and the message above it (spec §5: the first message per field)', () => {
  it('keeps the form’s own fields and renames the server’s names for them', () => {
    const failure = { fields: { value: ['E-postadressen används redan.'] }, general: null };
    expect(splitFormErrors(failure, { shown: ['email'], rename: { value: 'email' } })).toEqual({
      fields: { email: ['E-postadressen används redan.'] },
      general: null,
    });
  });

  it('an error of a field the form does not show becomes the message above it', () => {
    const failure = {
      fields: { token: ['Länken är ogiltig eller har gått ut.'], password: ['Lösenord måste anges.'] },
      general: null,
    };
    expect(splitFormErrors(failure, { shown: ['email', 'password'] })).toEqual({
      fields: { password: ['Lösenord måste anges.'] },
      general: 'Länken är ogiltig eller har gått ut.',
    });
  });

  it('list items’ errors show under the list’s field', () => {
    const failure = {
      fields: { 'allowed_origins.1': ['Ogiltig.'], 'allowed_origins.0': ['Fel.'] },
      general: null,
    };
    expect(splitFormErrors(failure, { shown: ['allowed_origins'] }).fields).toEqual({
      allowed_origins: ['Ogiltig.', 'Fel.'],
    });
  });

  it('a general message wins over a hidden field’s message', () => {
    const failure = { fields: { _: ['x'] }, general: 'Något gick fel.' };
    expect(splitFormErrors(failure, { shown: [] })).toEqual({ fields: {}, general: 'Något gick fel.' });
  });

  it('a holder made for a form records a 422 split for it', () => {
    const errors = createFormErrors({ form: { shown: ['title'] } });
    errors.record({ message: 'Fel', errors: { title: ['Titel måste anges.'], panels: ['För många.'] } });
    expect(errors.getSnapshot()).toEqual({
      fields: { title: ['Titel måste anges.'] },
      general: 'För många.',
    });
  });
});
