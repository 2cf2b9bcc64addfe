import type { SelectHTMLAttributes } from 'react';
import { CONTROL_CLASS, Field } from './Field';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  name: string;
  label: string;
  /** The field's messages; the first is shown (spec §5). */
  errors?: readonly string[];
  /** A line under the select that says more than the label. */
  hint?: string;
}

/** A labelled select with an optional hint and its first error message, tied to it for screen readers. */
export function SelectField({ name, label, errors, hint, children, ...select }: SelectFieldProps) {
  return (
    <Field label={label} errors={errors} hint={hint}>
      {(control) => (
        <select {...control} name={name} className={`${CONTROL_CLASS} bg-white`} {...select}>
          {children}
        </select>
      )}
    </Field>
  );
}
