import { type ReactNode, useId } from 'react';

/** What a form control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: string;
  /** The field's messages; the first is shown (spec §5). */
  errors?: readonly string[];
  /** A line under the control that says more than the label. */
  hint?: string;
  children(control: FieldControlProps): ReactNode;
}

/** The label, hint and first error of a form control (TextField, SelectField), tied to it for screen readers. */
export function Field({ label, errors, hint, children }: FieldProps) {
  const id = useId();
  const error = errors?.[0];
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The classes every text input and select of the app's forms share. */
export const CONTROL_CLASS =
  'block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 focus:border-teal-600 focus:outline-2 focus:outline-teal-600';
