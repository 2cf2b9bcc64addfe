import { describe, expect, it, vi } from 'vitest';
import { createFormErrors, parseFormErrors } from './formErrors';
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
