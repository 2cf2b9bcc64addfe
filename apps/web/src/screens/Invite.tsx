import { InviteAcceptBody, type InviteLookup } from '@matnat/contract';
import { buildPath } from '@matnat/core';
import { Button, useQuery } from '@matnat/react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { matnat } from '../matnat';
import { FormMessage } from '../shell/FormMessage';
import { PASSWORD_PAIR, PasswordPairField } from '../shell/PasswordPairField';
import { TextField } from '../shell/TextField';
import { useFormSubmit } from '../shell/useFormSubmit';

const FIELDS = ['name', ...PASSWORD_PAIR];

type Lookup = { status: 'loading' } | { status: 'found'; invite: InviteLookup } | { status: 'gone' };

/** user.invite: the mailed link `/invite?token=…`; the invitee sets name and password and is signed in. */
export default function Invite() {
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const form = useFormSubmit({ shown: FIELDS });
  const found = useQuery({ ...matnat.queries.invitation(token), enabled: token !== '' });
  const lookup: Lookup = found.data
    ? { status: 'found', invite: found.data }
    : !token || found.isError
      ? { status: 'gone' }
      : { status: 'loading' };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const user = await form.submit(InviteAcceptBody, values, (body) =>
      matnat.session.acceptInvitation(token, body),
    );
    if (user) navigate(buildPath('dashboard.index'));
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
        <PasswordPairField errors={form.fields} />
        <Button type="submit" disabled={form.busy} className="w-full">
          {form.busy ? 'Sparar…' : 'Spara och fortsätt'}
        </Button>
      </form>
    </section>
  );
}
