import type { Team } from '@matnat/core';
import { Button } from '@matnat/react';
import type { FormEvent } from 'react';
import { matnat } from '../../matnat';
import { FormMessage } from '../../shell/FormMessage';
import { SelectField } from '../../shell/SelectField';
import { TextField } from '../../shell/TextField';
import { useFormSubmit } from '../../shell/useFormSubmit';

/** admin.users: invite someone by e-mail to a team; the contract's messages per field, then the server's. */
export function InviteForm({ teams }: { teams: readonly Team[] }) {
  const form = useFormSubmit({ shown: ['email', 'name', 'team_ids', 'is_admin'] });
  const { fields, general, busy } = form;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const values = new FormData(formElement);
    const teamId = Number(values.get('team_id'));
    const invited = await form.submit(
      () => import('@matnat/contract').then((c) => c.InviteCreateBody),
      {
        email: values.get('email'),
        name: String(values.get('name') ?? '').trim() || undefined,
        is_admin: values.get('is_admin') === 'on',
        team_ids: teamId ? [teamId] : [],
      },
      (body) => matnat.mutations.users.invite(body),
      { toast: (invite) => `Inbjudan skickad till ${invite.email}` },
    );
    if (invited) formElement.reset();
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="invite-heading"
      className="grid gap-4 rounded-lg bg-white p-4 ring-1 ring-slate-200 md:grid-cols-2"
    >
      <h2 id="invite-heading" className="text-lg font-semibold text-slate-900 md:col-span-2">
        Bjud in en användare
      </h2>
      <FormMessage tone="error" className="md:col-span-2">
        {general}
      </FormMessage>
      <TextField name="email" type="email" label="E-postadress" autoComplete="off" errors={fields.email} />
      <TextField name="name" label="Namn (valfritt)" autoComplete="off" errors={fields.name} />
      <SelectField name="team_id" label="Team" errors={fields.team_ids}>
        <option value="">Inget team</option>
        {teams.map((team) => (
          <option key={team.id} value={team.id}>
            {team.name}
          </option>
        ))}
      </SelectField>
      <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-800">
        <input type="checkbox" name="is_admin" className="h-4 w-4 accent-teal-700" />
        Administratör
      </label>
      <div className="md:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Skickar…' : 'Skicka inbjudan'}
        </Button>
      </div>
    </form>
  );
}
