import { buildPath, HttpError } from '@matnat/core';
import { Button } from '@matnat/react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { matnat } from '../matnat';
import { FormMessage } from '../shell/FormMessage';
import { TextField } from '../shell/TextField';
import { useFormSubmit } from '../shell/useFormSubmit';

/** 429's body carries the seconds to wait (the contract's ThrottledErrorBody). */
function throttledMessage(error: HttpError): string {
  const wait = (error.body as { retry_after?: number } | null)?.retry_after ?? 60;
  return `För många inloggningsförsök. Försök igen om ${wait} sekunder.`;
}

/** login: e-mail, password, remember me; the contract's messages per field, the first one shown. */
export default function Login() {
  const navigate = useNavigate();
  const form = useFormSubmit({ shown: ['email', 'password'] });
  const { fields, general, busy } = form;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    // The contract's schema (zod) loads on the first submit, keeping it out of the JS /login starts with.
    const user = await form.submit(
      () => import('@matnat/contract').then((c) => c.LoginBody),
      {
        email: values.get('email'),
        password: values.get('password'),
        remember: values.get('remember') === 'on',
      },
      (body) =>
        matnat.session.login(body).catch((error: unknown) => {
          throw error instanceof HttpError && error.status === 429
            ? { message: throttledMessage(error) }
            : error;
        }),
    );
    if (user) navigate(buildPath('dashboard.index'));
  }

  return (
    <section>
      <h1 className="mb-6 text-2xl font-semibold text-slate-900">Logga in</h1>
      <FormMessage tone="error">{general}</FormMessage>
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          name="email"
          type="email"
          label="E-postadress"
          autoComplete="email"
          errors={fields.email}
        />
        <TextField
          name="password"
          type="password"
          label="Lösenord"
          autoComplete="current-password"
          errors={fields.password}
        />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" name="remember" className="h-4 w-4 accent-teal-700" />
          Kom ihåg mig
        </label>
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? 'Loggar in…' : 'Logga in'}
        </Button>
      </form>
      <div className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
        <Link to={buildPath('password.request')} className="text-teal-800 underline">
          Glömt lösenordet?
        </Link>
        <Link to={buildPath('register')} className="text-teal-800 underline">
          Skapa konto
        </Link>
      </div>
    </section>
  );
}
