import { type IssueLike, toFormErrors } from '@matnat/contract/plain';
import { createFormErrors, type FormErrors, type FormErrorsState, type Snapshot } from '@matnat/core';
import { useExternalStore } from '@matnat/react';
import { useRef, useState } from 'react';
import { matnat } from '../matnat';

/** What the form shows: its fields' messages and one message above it. */
type FormFailure = FormErrorsState;

/** Which fields a form shows: errors of any other field go above the form. */
export interface FormFieldsOptions {
  /** The form's own field names. */
  shown: readonly string[];
  /** The server's name for a field → the form's (`value` of `PATCH /api/user/{id}` → `email`). */
  rename?: Readonly<Record<string, string>>;
}

/**
 * Field errors of the form's own inputs stay per field (renamed where the server names the field
 * differently; a list item's `allowed_origins.1` under its list); the first message of any other field,
 * or the general message, goes above the form, so no error is lost.
 */
export function splitFormErrors(
  errors: Snapshot<FormFailure>,
  { shown, rename = {} }: FormFieldsOptions,
): FormFailure {
  const fields: FormErrors = {};
  let general = errors.general;
  for (const [field, messages] of Object.entries(errors.fields)) {
    const base = field.split('.')[0] ?? field;
    const name = rename[field] ?? rename[base] ?? base;
    if (shown.includes(name)) fields[name] = [...(fields[name] ?? []), ...messages];
    else general ??= messages[0] ?? null;
  }
  return { fields, general };
}

/** What a form needs of the contract's zod bodies (structural: this shell module does not import zod). */
export interface FormSchema<T> {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly IssueLike[] } };
}

/**
 * A body schema, or a function that imports it: a screen that keeps zod out of its first chunk passes
 * `() => import('@matnat/contract').then((c) => c.LoginBody)`, loaded on the first submit.
 */
export type SchemaSource<T> = FormSchema<T> | (() => Promise<FormSchema<T>>);

export interface SubmitOptions<R> {
  /** A success toast, e.g. `Inbjudan skickad till …`. @default none */
  toast?: string | ((result: R) => string);
  /** An error toast, for an action with no place on screen for its message. @default none */
  failed?: string;
  /** Runs after success only: what follows a write that answers nothing (a delete), e.g. a navigation. */
  onDone?: (result: R) => void;
}

/**
 * The app's one submit cycle, for every form and action button (docs/web.md, "Writing a form"):
 * validate with the contract's schema (the server's Swedish messages), block a second submit while
 * busy, send (a core mutation), then a toast; a 422 shows per field (first message) and anything else
 * above the form, through the core's `createFormErrors`. `shown` names the form's fields; errors of
 * other fields go above it (an action button without fields: every error above). `'every'` keeps each
 * field's errors under the server's own name, for a form that places list items' errors itself.
 */
export function useFormSubmit(form: FormFieldsOptions | 'every' = { shown: [] }) {
  const [errors] = useState(() => createFormErrors({ messages: matnat.messages }));
  const recorded = useExternalStore(errors) ?? { fields: {}, general: null };
  const state = form === 'every' ? recorded : splitFormErrors(recorded, form);
  const [busy, setBusy] = useState(false);
  // A ref, not the state: two clicks in one frame both see the old `busy`.
  const running = useRef(false);

  /** Sends without a form (a button's action): busy, errors above, toast. Resolves undefined on failure. */
  async function run<R>(send: () => Promise<R>, options: SubmitOptions<R> = {}): Promise<R | undefined> {
    if (running.current) return undefined;
    running.current = true;
    errors.clear();
    setBusy(true);
    try {
      const result = await send();
      const { toast, onDone } = options;
      if (toast) matnat.toasts.show(typeof toast === 'function' ? toast(result) : toast);
      onDone?.(result);
      return result;
    } catch (error) {
      errors.record(error);
      if (options.failed) matnat.toasts.show({ message: options.failed, success: false });
      return undefined;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  /** Validates `input` with the schema, then `run`s `send` with the parsed body. */
  async function submit<T, R>(
    schema: SchemaSource<T>,
    input: unknown,
    send: (body: T) => Promise<R>,
    options?: SubmitOptions<R>,
  ): Promise<R | undefined> {
    const resolved = typeof schema === 'function' ? await schema() : schema;
    const parsed = resolved.safeParse(input);
    if (!parsed.success) {
      errors.record(toFormErrors(parsed.error));
      return undefined;
    }
    return run(() => send(parsed.data), options);
  }

  return {
    /** The form's own fields' messages (show the first, spec §5). */
    fields: state.fields as Readonly<FormErrors>,
    /** The message above the form, or null. */
    general: state.general,
    busy,
    submit,
    run,
    /** Shows errors found in the browser (a photo that cannot be read, two passwords that differ). */
    fail: (fields: FormErrors) => errors.record({ errors: fields }),
  };
}
