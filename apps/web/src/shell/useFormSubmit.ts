import type { FormErrors, toFormErrors } from '@matnat/contract';
import { parseFormErrors } from '@matnat/core';
import { useState } from 'react';

/** What a form shows after a failure: messages under its fields, and one message above the form. */
export interface FormFailure {
  fields: FormErrors;
  general: string | null;
}

type SchemaError = Parameters<typeof toFormErrors>[0];

/** What a form needs of the contract's zod bodies (structural: this shell module does not import zod). */
export interface FormSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: SchemaError };
}

/**
 * Field errors for the form's own inputs stay per field (renamed where the server names the field
 * differently, e.g. `value` of `PATCH /api/user/{id}`; a list item's under its list); the first message of any other field, or the
 * general message, goes above the form, so no error is lost.
 */
export function splitErrors(
  failure: FormFailure,
  shown: readonly string[],
  rename: Readonly<Record<string, string>> = {},
): FormFailure {
  const fields: FormErrors = {};
  let general = failure.general;
  for (const [field, messages] of Object.entries(failure.fields)) {
    // A list item's error (`allowed_origins.1`) shows under the list's field.
    const base = field.split('.')[0] ?? field;
    const name = rename[field] ?? rename[base] ?? base;
    if (shown.includes(name)) fields[name] = [...(fields[name] ?? []), ...messages];
    else general ??= messages[0] ?? null;
  }
  return { fields, general };
}

export interface FormOptions {
  /** The form's field names: errors of other fields show above the form. */
  shown: readonly string[];
  rename?: Readonly<Record<string, string>>;
  /** The contract's `toFormErrors`, passed in by the screen so that shell code does not load zod. */
  toFormErrors: typeof toFormErrors;
}

/**
 * One form's submit cycle: validate with the contract's schema (same Swedish messages as the server),
 * send, and show the server's 422 per field (first message) or its message above the form.
 */
export function useFormSubmit({ shown, rename, toFormErrors }: FormOptions) {
  const [failure, setFailure] = useState<FormFailure>({ fields: {}, general: null });
  const [busy, setBusy] = useState(false);

  async function submit<T, R>(
    schema: FormSchema<T>,
    input: unknown,
    send: (body: T) => Promise<R>,
  ): Promise<R | undefined> {
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      setFailure(splitErrors({ fields: toFormErrors(parsed.error), general: null }, shown, rename));
      return undefined;
    }
    setFailure({ fields: {}, general: null });
    setBusy(true);
    try {
      return await send(parsed.data);
    } catch (error) {
      setFailure(splitErrors(parseFormErrors(error), shown, rename));
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  return { ...failure, busy, submit, setFailure };
}
