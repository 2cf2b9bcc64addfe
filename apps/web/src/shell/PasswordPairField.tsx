import { validationMessages } from '@matnat/contract/plain';
import type { FormErrors } from '@matnat/core';
import { TextField } from './TextField';

/** The fields of a new password: what a form lists in its `shown` names. */
export const PASSWORD_PAIR = ['password', 'password_confirmation'] as const;

/**
 * A new password and its confirmation, as every form that sets a password asks them (register, reset,
 * invitation, settings): browsers offer to generate and save it (`new-password`), and each shows its
 * first message.
 */
export function PasswordPairField({
  errors,
  label = 'Lösenord',
  confirmLabel = 'Bekräfta lösenordet',
}: {
  errors: Readonly<FormErrors>;
  label?: string;
  confirmLabel?: string;
}) {
  return (
    <>
      <TextField
        name="password"
        type="password"
        label={label}
        autoComplete="new-password"
        errors={errors.password}
      />
      <TextField
        name="password_confirmation"
        type="password"
        label={confirmLabel}
        autoComplete="new-password"
        errors={errors.password_confirmation}
      />
    </>
  );
}

/**
 * The confirmation's error when the two differ, for bodies without a confirmation of their own
 * (`PATCH /api/user/{id}`); the contract's bodies that carry one check it themselves.
 */
export function passwordPairError(values: FormData): FormErrors | null {
  return values.get('password') === values.get('password_confirmation')
    ? null
    : { password_confirmation: [validationMessages.passwordsDiffer] };
}
