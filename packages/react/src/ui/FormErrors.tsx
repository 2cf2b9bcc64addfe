import { useMessages } from '../messages';

/** Field name → messages (spec §3 Form errors). */
export type FieldErrors = Record<string, readonly string[]>;

function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((messages) => Array.isArray(messages))
  );
}

/**
 * What an error shows: field → first message, or `null` when the error is not an object and only the
 * generic text applies (spec §5). Takes a field-error map, a 422 body `{message, errors}`, or the core's
 * ValidationError (anything with an `errors` map).
 */
export function firstErrors(error: unknown): Record<string, string> | null {
  const hasErrors = typeof error === 'object' && error !== null && 'errors' in error;
  // An Error without a field map (network failure, 500) is not a validation answer.
  if (!hasErrors && error instanceof Error) return null;
  const candidate = hasErrors ? (error as { errors: unknown }).errors : error;
  if (!isFieldErrors(candidate)) return null;
  const first: Record<string, string> = {};
  for (const [field, messages] of Object.entries(candidate)) {
    if (messages[0] !== undefined) first[field] = messages[0];
  }
  return first;
}

export interface FormErrorsProps {
  /** The failure: a field-error map, a 422 body or error, or anything else (the generic text). */
  error: unknown;
  /** Labels to name fields by. @default the field names */
  labels?: Record<string, string>;
}

/** The form error holder: the first message per field, or the generic text for a non-object error. */
export function FormErrors({ error, labels }: FormErrorsProps) {
  const m = useMessages();
  if (error == null || error === false) return null;
  const first = firstErrors(error);
  if (first === null) {
    return (
      <div className="matnat-form-errors" role="alert">
        {m.form.genericError}
      </div>
    );
  }
  const entries = Object.entries(first);
  if (entries.length === 0) return null;
  return (
    <div className="matnat-form-errors" role="alert">
      <p className="matnat-visually-hidden">{m.form.errorsTitle}</p>
      <ul className="matnat-form-errors__list">
        {entries.map(([field, message]) => (
          <li key={field} data-field={field}>
            {labels?.[field] ? `${labels[field]}: ${message}` : message}
          </li>
        ))}
      </ul>
    </div>
  );
}
