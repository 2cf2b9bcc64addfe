import type { InputHTMLAttributes } from 'react';
import { CONTROL_CLASS, Field } from './Field';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  /** The field's messages; the first is shown (spec §5). */
  errors?: readonly string[];
}

/** A labelled input with its first error message, tied to it for screen readers. */
export function TextField({ name, label, errors, ...input }: TextFieldProps) {
  return (
    <Field label={label} errors={errors}>
      {(control) => <input {...control} name={name} className={CONTROL_CLASS} {...input} />}
    </Field>
  );
}
