import { buildPath, HttpError, parseFormErrors } from '@matnat/core';
import { Button } from '@matnat/react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { matnat } from '../matnat';
import { TextField } from '../shell/TextField';

type Fields = Record<string, string[]>;

/** 429's body carries the seconds to wait (the contract's ThrottledErrorBody). */
function throttledMessage(error: HttpError): string {
  const wait = (error.body as { retry_after?: number } | null)?.retry_after ?? 60;
  return `För många inloggningsförsök. Försök igen om ${wait} sekunder.`;
}

/** login: e-mail, password, remember me; the contract's messages per field, the first one shown. */
export default function Login() {
  const navigate = useNavigate();
  const [fields, setFields] = useState<Fields>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // The contract's schema (zod) loads on the first submit, keeping it out of the JS /login starts with.
    const { LoginBody, toFormErrors } = await import('@matnat/contract');
    const parsed = LoginBody.safeParse({
      email: form.get('email'),
      password: form.get('password'),
      remember: form.get('remember') === 'on',
    });
    setGeneral(null);
    if (!parsed.success) {
      setFields(toFormErrors(parsed.error));
      return;
    }
    setFields({});
    setBusy(true);
    try {
      await matnat.session.login(parsed.data);
      navigate(buildPath('dashboard.index'));
    } catch (error) {
      if (error instanceof HttpError && error.status === 429) setGeneral(throttledMessage(error));
      else {
        const parsedErrors = parseFormErrors(error);
        setFields(parsedErrors.fields);
        setGeneral(Object.keys(parsedErrors.fields).length ? null : parsedErrors.general);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section>
      <h1 className="mb-6 text-2xl font-semibold text-slate-900">Logga in</h1>
      {general && (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {general}
        </p>
      )}
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
