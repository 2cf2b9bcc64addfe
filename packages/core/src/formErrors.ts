import type { FormErrors } from '@matnat/contract';
import { type CoreMessages, svMessages } from './messages';
import { createStore, type ExternalStore } from './store';

export type { FormErrors };

export interface FormErrorsState {
  /** Spec §3 Form errors: field name → its messages. */
  fields: FormErrors;
  /** A message for the form as a whole (not tied to a field), or `null`. */
  general: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function toMessages(value: unknown): string[] | null {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
  return null;
}

function toFields(value: Record<string, unknown>): FormErrors | null {
  const fields: FormErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    const list = toMessages(messages);
    if (!list) return null;
    if (list.length) fields[field] = list;
  }
  return fields;
}

/**
 * Reads an error answer: a 422 body `{ message, errors: { field: [...] } }`, a bare errors map, a body
 * with only a `message`, or an `HttpError` carrying such a body. Spec §5: anything that is not an object
 * (a network failure, an HTML error page) gives the generic message.
 */
export function parseFormErrors(input: unknown, messages: CoreMessages = svMessages): FormErrorsState {
  const body = input instanceof Error ? (input as Error & { body?: unknown }).body : input;
  if (!isRecord(body)) return { fields: {}, general: messages.genericError };
  if (isRecord(body.errors)) {
    const fields = toFields(body.errors);
    if (fields) return { fields, general: null };
  }
  const message = typeof body.message === 'string' ? body.message : null;
  if (message !== null || 'errors' in body) return { fields: {}, general: message ?? messages.genericError };
  const fields = toFields(body);
  return fields ? { fields, general: null } : { fields: {}, general: messages.genericError };
}

export interface FormErrorsHolder extends ExternalStore<FormErrorsState> {
  /** Replaces the errors with those of an error answer (see `parseFormErrors`). */
  record(input: unknown): void;
  /** Spec §5: the first message of a field, what the form shows under it. */
  first(field: string): string | undefined;
  /** Every message of a field. */
  get(field: string): string[];
  has(field: string): boolean;
  /** Whether there is any error, field or general. */
  any(): boolean;
  /** Clears one field (as the user edits it), or everything. */
  clear(field?: string): void;
}

/** The form error holder (spec §3, §5). */
export function createFormErrors(options: { messages?: CoreMessages } = {}): FormErrorsHolder {
  const messages = options.messages ?? svMessages;
  const { state, subscribe, getSnapshot } = createStore<FormErrorsState>({ fields: {}, general: null });
  return {
    subscribe,
    getSnapshot,
    record(input) {
      Object.assign(state, parseFormErrors(input, messages));
    },
    first: (field) => state.fields[field]?.[0],
    get: (field) => [...(state.fields[field] ?? [])],
    has: (field) => Boolean(state.fields[field]?.length),
    any: () => state.general !== null || Object.keys(state.fields).length > 0,
    clear(field) {
      if (field === undefined) Object.assign(state, { fields: {}, general: null });
      else delete state.fields[field];
    },
  };
}
