import { createMessages, parseFormErrors } from '@matnat/core';
import { useMemo } from 'react';
import { useMessages } from '../messages';

export interface FormErrorsProps {
  /**
   * The failure: a 422 body or the core's ValidationError, a field → messages map, or anything else
   * (which shows the generic text, spec §5).
   */
  error: unknown;
  /** Labels to name fields by. @default the field names */
  labels?: Record<string, string>;
}

/** The form error holder (spec §5): the first message per field, or the generic text for a non-object error. */
export function FormErrors({ error, labels }: FormErrorsProps) {
  const m = useMessages();
  const coreMessages = useMemo(() => createMessages({ genericError: m.form.genericError }), [m]);
  if (error == null || error === false) return null;
  const { fields, general } = parseFormErrors(error, coreMessages);
  const entries = Object.entries(fields).filter(([, messages]) => messages.length > 0);
  if (!general && entries.length === 0) return null;
  return (
    <div className="matnat-form-errors" role="alert" tabIndex={-1}>
      {general && <p className="matnat-form-errors__general">{general}</p>}
      {entries.length > 0 && (
        <>
          <p className="matnat-visually-hidden">{m.form.errorsTitle}</p>
          <ul className="matnat-form-errors__list">
            {entries.map(([field, messages]) => (
              <li key={field} data-field={field}>
                {labels?.[field] ? `${labels[field]}: ${messages[0]}` : messages[0]}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
