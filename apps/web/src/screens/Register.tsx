import { RegisterBody } from '@matnat/contract';
import { buildPath } from '@matnat/core';
import { Button } from '@matnat/react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { matnat } from '../matnat';
import { FormMessage } from '../shell/FormMessage';
import { PASSWORD_PAIR, PasswordPairField } from '../shell/PasswordPairField';
import { TextField } from '../shell/TextField';
import { useFormSubmit } from '../shell/useFormSubmit';

const FIELDS = ['name', 'email', ...PASSWORD_PAIR];

/** register: name, e-mail, password twice; signed in at once, then told to verify the address. */
export default function Register() {
  const navigate = useNavigate();
  const form = useFormSubmit({ shown: FIELDS });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const user = await form.submit(RegisterBody, values, (body) => matnat.session.register(body));
    if (user) navigate(buildPath('verification.notice'));
  }

  return (
    <section>
      <h1 className="mb-6 text-2xl font-semibold text-slate-900">Skapa konto</h1>
      <FormMessage tone="error">{form.general}</FormMessage>
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField name="name" label="Namn" autoComplete="name" errors={form.fields.name} />
        <TextField
          name="email"
          type="email"
          label="E-postadress"
          autoComplete="email"
          errors={form.fields.email}
        />
        <PasswordPairField errors={form.fields} />
        <Button type="submit" disabled={form.busy} className="w-full">
          {form.busy ? 'Skapar konto…' : 'Skapa konto'}
        </Button>
      </form>
      <p className="mt-6 text-sm text-slate-700">
        Har du redan ett konto?{' '}
        <Link to={buildPath('login')} className="text-teal-800 underline">
          Logga in
        </Link>
      </p>
    </section>
  );
}
