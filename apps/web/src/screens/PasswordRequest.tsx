import { PasswordEmailBody } from '@matnat/contract';
import { buildPath } from '@matnat/core';
import { Button } from '@matnat/react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { matnat } from '../matnat';
import { FormMessage } from '../shell/FormMessage';
import { TextField } from '../shell/TextField';
import { useFormSubmit } from '../shell/useFormSubmit';

/** password.request: mails a reset link; the server answers alike whether or not the address exists. */
export default function PasswordRequest() {
  const form = useFormSubmit({ shown: ['email'] });
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSent(null);
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const answer = await form.submit(PasswordEmailBody, values, (body) =>
      matnat.mutations.account.requestPasswordReset(body.email),
    );
    if (answer) setSent((answer as { message?: string }).message ?? null);
  }

  return (
    <section>
      <h1 className="mb-2 text-2xl font-semibold text-slate-900">Glömt lösenordet?</h1>
      <p className="mb-6 text-sm text-slate-700">
        Skriv din e-postadress så skickar vi en länk där du väljer ett nytt lösenord. Länken gäller i 60
        minuter.
      </p>
      <FormMessage tone="error">{form.general}</FormMessage>
      <FormMessage tone="success">{sent}</FormMessage>
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          name="email"
          type="email"
          label="E-postadress"
          autoComplete="email"
          errors={form.fields.email}
        />
        <Button type="submit" disabled={form.busy} className="w-full">
          {form.busy ? 'Skickar…' : 'Skicka länken'}
        </Button>
      </form>
      <p className="mt-6 text-sm">
        <Link to={buildPath('login')} className="text-teal-800 underline">
          Tillbaka till inloggningen
        </Link>
      </p>
    </section>
  );
}
