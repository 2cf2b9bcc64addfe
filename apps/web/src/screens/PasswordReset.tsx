import { PasswordResetBody } from '@matnat/contract';
import { buildPath } from '@matnat/core';
import { Button } from '@matnat/react';
import { type FormEvent, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { matnat } from '../matnat';
import { FormMessage } from '../shell/FormMessage';
import { PASSWORD_PAIR, PasswordPairField } from '../shell/PasswordPairField';
import { TextField } from '../shell/TextField';
import { useFormSubmit } from '../shell/useFormSubmit';

const FIELDS = ['email', ...PASSWORD_PAIR];

/**
 * password.reset: the mailed link `/password/reset/{token}?email=…`. The token is single-use: a used,
 * expired or altered link is refused by the server, and its message shows above the form.
 */
export default function PasswordReset() {
  const { token = '' } = useParams();
  const [query] = useSearchParams();
  const form = useFormSubmit({ shown: FIELDS });
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = { ...Object.fromEntries(new FormData(event.currentTarget)), token };
    const answer = await form.submit(PasswordResetBody, values, (body) =>
      matnat.mutations.account.resetPassword(body),
    );
    if (answer) setDone((answer as { message?: string }).message ?? 'Ditt lösenord har återställts.');
  }

  if (done) {
    return (
      <section>
        <h1 className="mb-4 text-2xl font-semibold text-slate-900">Nytt lösenord sparat</h1>
        <FormMessage tone="success">{done}</FormMessage>
        <Link to={buildPath('login')} className="text-teal-800 underline">
          Logga in med det nya lösenordet
        </Link>
      </section>
    );
  }
  return (
    <section>
      <h1 className="mb-6 text-2xl font-semibold text-slate-900">Välj ett nytt lösenord</h1>
      <FormMessage tone="error">
        {form.general && (
          <>
            {form.general}{' '}
            <Link to={buildPath('password.request')} className="underline">
              Begär en ny länk
            </Link>
          </>
        )}
      </FormMessage>
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          name="email"
          type="email"
          label="E-postadress"
          autoComplete="email"
          defaultValue={query.get('email') ?? ''}
          errors={form.fields.email}
        />
        <PasswordPairField errors={form.fields} label="Nytt lösenord" />
        <Button type="submit" disabled={form.busy} className="w-full">
          {form.busy ? 'Sparar…' : 'Spara lösenordet'}
        </Button>
      </form>
    </section>
  );
}
