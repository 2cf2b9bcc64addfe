import { parseFormErrors, type Team } from '@matnat/core';
import { Button } from '@matnat/react';
import { type FormEvent, useState } from 'react';
import { matnat } from '../../matnat';
import { SelectField } from '../../shell/SelectField';
import { TextField } from '../../shell/TextField';

type Fields = Record<string, string[]>;

/** admin.users: invite someone by e-mail to a team; the contract's messages per field, then the server's. */
export function InviteForm({ teams }: { teams: readonly Team[] }) {
  const [fields, setFields] = useState<Fields>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const { InviteCreateBody, toFormErrors } = await import('@matnat/contract');
    const teamId = Number(form.get('team_id'));
    const parsed = InviteCreateBody.safeParse({
      email: form.get('email'),
      name: String(form.get('name') ?? '').trim() || undefined,
      is_admin: form.get('is_admin') === 'on',
      team_ids: teamId ? [teamId] : [],
    });
    setGeneral(null);
    if (!parsed.success) {
      setFields(toFormErrors(parsed.error));
      return;
    }
    setFields({});
    setBusy(true);
    try {
      await matnat.api.users.invite(parsed.data);
      matnat.toasts.show(`Inbjudan skickad till ${parsed.data.email}`);
      formElement.reset();
    } catch (error) {
      const errors = parseFormErrors(error);
      setFields(errors.fields);
      setGeneral(Object.keys(errors.fields).length ? null : errors.general);
    } finally {
      setBusy(false);
    }
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
      {general && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 md:col-span-2">
          {general}
        </p>
      )}
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
