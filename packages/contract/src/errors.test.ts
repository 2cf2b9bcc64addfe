import { describe, expect, it } from 'vitest';
import { DashboardCreateBody } from './dashboard';
import { FormErrors, toFormErrors, toValidationErrorBody, ValidationErrorBody } from './errors';
import { errorMessages } from './messages';
import { OrderBody } from './shop';

const failure = (result: { success: boolean; error?: unknown }) => {
  if (result.success) throw new Error('expected the parse to fail');
  return result.error as { issues: { code?: string; path: PropertyKey[]; message: string }[] };
};

describe('toFormErrors', () => {
  it('spec §3 Form errors: a map of field name to a list of messages', () => {
    const errors = toFormErrors(failure(DashboardCreateBody.safeParse({ title: '' })));
    expect(errors).toEqual({ title: ['Titel måste anges.'] });
    expect(FormErrors.parse(errors)).toEqual(errors);
  });

  it('joins nested paths with dots', () => {
    const errors = toFormErrors(
      failure(
        OrderBody.safeParse({
          name: 'Anna',
          email: 'anna@matnat.se',
          address: 'Storgatan 1',
          postal_code: '123 45',
          city: 'Umeå',
          items: [{ product_id: 1, quantity: 0 }],
        }),
      ),
    );
    expect(errors).toEqual({ 'items.0.quantity': ['Antal måste vara minst 1.'] });
  });

  it('reports each unknown field of a strict body under its own name', () => {
    const errors = toFormErrors(failure(DashboardCreateBody.safeParse({ title: 'Hem', owner: 1, x: 2 })));
    expect(errors).toEqual({ owner: ['Fältet är okänt.'], x: ['Fältet är okänt.'] });
  });

  it('puts issues about the whole body under "_"', () => {
    expect(toFormErrors(failure(DashboardCreateBody.safeParse('text')))).toEqual({
      _: ['Förfrågan måste vara ett JSON-objekt.'],
    });
  });

  it('keeps every message of a field once, in issue order', () => {
    const errors = toFormErrors({
      issues: [
        { path: ['email'], message: 'a' },
        { path: ['email'], message: 'b' },
        { path: ['email'], message: 'a' },
      ],
    });
    expect(errors).toEqual({ email: ['a', 'b'] });
  });

  it('builds the 422 body with the Swedish summary message', () => {
    const body = toValidationErrorBody(failure(DashboardCreateBody.safeParse({})));
    expect(ValidationErrorBody.parse(body)).toEqual({
      message: errorMessages.validation,
      errors: { title: ['Titel måste anges.'] },
    });
  });

  it('spec §5 generic error text is the English one the client shows for non-object errors', () => {
    expect(errorMessages.generic).toBe('Something went wrong. Please try again or contact customer support.');
    expect(errorMessages.unauthenticated).toBe('Unauthenticated.');
    expect(errorMessages.csrfMismatch).toBe('CSRF token mismatch.');
  });
});
