import { DashboardCreateBody } from '@matnat/contract';
import { ValidationError } from '@matnat/core';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matnat } from '../matnat';
import { splitFormErrors, useFormSubmit } from './useFormSubmit';

afterEach(() => {
  matnat.toasts.clear();
});

const invalid = (errors: Record<string, string[]>) =>
  new ValidationError(422, { message: 'Uppgifterna är ogiltiga.', errors }, 'POST', '/api/v1/dashboard');

describe('useFormSubmit: the app’s one submit cycle (issue 25)', () => {
  it('validates with the contract’s schema first: nothing is sent and the field shows the message', async () => {
    const { result } = renderHook(() => useFormSubmit({ shown: ['title'] }));
    const send = vi.fn();
    let answer: unknown;
    await act(async () => {
      answer = await result.current.submit(DashboardCreateBody, { title: '' }, send);
    });
    expect(answer).toBeUndefined();
    expect(send).not.toHaveBeenCalled();
    expect(result.current.fields.title?.[0]).toMatch(/\S/);
  });

  it('spec §5: a 422 shows per field; a field the form does not show goes above it', async () => {
    const { result } = renderHook(() => useFormSubmit({ shown: ['title'] }));
    await act(async () => {
      await result.current.submit(DashboardCreateBody, { title: 'Ny' }, () =>
        Promise.reject(invalid({ title: ['Titeln finns redan.', 'Andra'], owner: ['Fel ägare.'] })),
      );
    });
    expect(result.current.fields).toEqual({ title: ['Titeln finns redan.', 'Andra'] });
    expect(result.current.general).toBe('Fel ägare.');
  });

  it('busy while sending, a second submit meanwhile is refused, then the toast and onDone', async () => {
    const { result } = renderHook(() => useFormSubmit({ shown: ['title'] }));
    let finish!: (value: { id: number }) => void;
    const send = vi.fn(() => new Promise<{ id: number }>((resolve) => (finish = resolve)));
    const done = vi.fn();
    let first!: Promise<unknown>;
    act(() => {
      first = result.current.submit(DashboardCreateBody, { title: 'Ny' }, send, {
        toast: (created) => `Skapad ${created.id}`,
        onDone: done,
      });
    });
    await waitFor(() => expect(result.current.busy).toBe(true));
    await act(async () => {
      expect(await result.current.run(send)).toBeUndefined();
    });
    expect(send).toHaveBeenCalledOnce();
    await act(async () => {
      finish({ id: 7 });
      expect(await first).toEqual({ id: 7 });
    });
    expect(result.current.busy).toBe(false);
    expect(done).toHaveBeenCalledWith({ id: 7 });
    expect(matnat.toasts.getSnapshot().toasts.map((t) => t.message)).toEqual(['Skapad 7']);
  });

  it('an action’s failure: its message above, an error toast when asked, no onDone', async () => {
    const { result } = renderHook(() => useFormSubmit());
    const done = vi.fn();
    await act(async () => {
      await result.current.run(() => Promise.reject(invalid({ state: ['Notisen larmar inte.'] })), {
        failed: 'Kunde inte kvittera.',
        onDone: done,
      });
    });
    expect(result.current.general).toBe('Notisen larmar inte.');
    expect(done).not.toHaveBeenCalled();
    expect(matnat.toasts.getSnapshot().toasts).toMatchObject([
      { message: 'Kunde inte kvittera.', success: false },
    ]);
  });

  it('a network failure (no object) shows the spec’s generic message; `fail` shows a browser-side error', async () => {
    const { result } = renderHook(() => useFormSubmit({ shown: ['password_confirmation'] }));
    await act(async () => {
      await result.current.run(() => Promise.reject(new TypeError('Failed to fetch')));
    });
    expect(result.current.general).toBe(
      'Something went wrong. Please try again or contact customer support.',
    );
    act(() => result.current.fail({ password_confirmation: ['Lösenorden matchar inte.'] }));
    await waitFor(() =>
      expect(result.current.fields).toEqual({ password_confirmation: ['Lösenorden matchar inte.'] }),
    );
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
});
