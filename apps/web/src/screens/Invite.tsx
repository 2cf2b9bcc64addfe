import { InviteAcceptBody, type InviteLookup, toFormErrors } from '@matnat/contract';
import { buildPath } from '@matnat/core';
import { Button } from '@matnat/react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { matnat } from '../matnat';
import { FormMessage } from '../shell/FormMessage';
import { TextField } from '../shell/TextField';
import { useFormSubmit } from '../shell/useFormSubmit';

const FIELDS = ['name', 'password', 'password_confirmation'];

type Lookup = { status: 'loading' } | { status: 'found'; invite: InviteLookup } | { status: 'gone' };

/** user.invite: the mailed link `/invite?token=…`; the invitee sets name and password and is signed in. */
export default function Invite() {
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const [lookup, setLookup] = useState<Lookup>({ status: 'loading' });
  const form = useFormSubmit({ shown: FIELDS, toFormErrors });

  useEffect(() => {
    if (!token) return setLookup({ status: 'gone' });
    matnat.api.auth
      .invitation(token)
      .then((invite) => setLookup({ status: 'found', invite }))
      .catch(() => setLookup({ status: 'gone' }));
  }, [token]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const user = await form.submit(InviteAcceptBody, values, (body) =>
      matnat.api.auth.acceptInvitation(token, body),
    );
    if (!user) return;
    matnat.session.update(user);
    navigate(buildPath('dashboard.index'));
  }

  if (lookup.status === 'loading') {
    return <h1 className="text-2xl font-semibold text-slate-900">Hämtar inbjudan…</h1>;
  }
  if (lookup.status === 'gone') {
    return (
      <section>
        <h1 className="mb-4 text-2xl font-semibold text-slate-900">Inbjudan gäller inte längre</h1>
        <FormMessage tone="error">
          Länken är ogiltig, redan använd eller har gått ut. Be den som bjöd in dig om en ny inbjudan.
        </FormMessage>
        <Link to={buildPath('login')} className="text-teal-800 underline">
          Till inloggningen
        </Link>
      </section>
    );
  }
  const { invite } = lookup;
  return (
    <section>
      <h1 className="mb-2 text-2xl font-semibold text-slate-900">Välkommen till Mätnät</h1>
      <p className="mb-6 text-sm text-slate-700">
        Du har bjudits in som <strong>{invite.email}</strong>. Välj namn och lösenord för att komma igång.
      </p>
      <FormMessage tone="error">{form.general}</FormMessage>
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          name="name"
          label="Namn"
          autoComplete="name"
          defaultValue={invite.name ?? ''}
          errors={form.fields.name}
        />
        <TextField
          name="password"
          type="password"
          label="Lösenord"
          autoComplete="new-password"
          errors={form.fields.password}
        />
        <TextField
          name="password_confirmation"
          type="password"
          label="Bekräfta lösenordet"
          autoComplete="new-password"
          errors={form.fields.password_confirmation}
        />
        <Button type="submit" disabled={form.busy} className="w-full">
          {form.busy ? 'Sparar…' : 'Spara och fortsätt'}
        </Button>
      </form>
    </section>
  );
}
