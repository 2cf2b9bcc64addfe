import { validationMessages } from './messages';

/** What `toFormErrors` reads of a zod error: structural, so this module (and `./plain`) needs no zod. */
export interface IssueLike {
  readonly code?: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly keys?: readonly string[];
}

const pushMessage = (errors: Record<string, string[]>, field: string, message: string) => {
  const messages = errors[field] ?? [];
  if (!messages.includes(message)) messages.push(message);
  errors[field] = messages;
};

/**
 * A zod error as form errors: field path joined with `.` (`items.0.quantity`), messages in issue order.
 * Unknown fields of strict bodies are reported under their own names; issues about the body as a whole
 * under `_`.
 */
export const toFormErrors = (error: { readonly issues: readonly IssueLike[] }): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const prefix = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) {
        pushMessage(errors, prefix ? `${prefix}.${key}` : key, validationMessages.unknownField);
      }
      continue;
    }
    pushMessage(errors, prefix || '_', issue.message);
  }
  return errors;
};
