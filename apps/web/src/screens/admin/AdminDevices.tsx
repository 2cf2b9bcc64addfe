import { compareSwedish, type Device, deviceLabel, displayDateTime, type Team } from '@matnat/core';
import { Button, useQuery } from '@matnat/react';
import { type FormEvent, useId, useState } from 'react';
import { matnat } from '../../matnat';
import { useFormSubmit } from '../../shell/useFormSubmit';
import { LatestReading } from '../device/LatestReading';

/** Connect one unassigned device to a team; it leaves this list once connected. */
function ConnectForm({ device, teams }: { device: Device; teams: readonly Team[] }) {
  const id = useId();
  const action = useFormSubmit();
  const [picked, setPicked] = useState<string | null>(null);
  const error = picked ?? action.general;
  const busy = action.busy;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const teamId = Number(new FormData(event.currentTarget).get('team_id'));
    setPicked(teamId ? null : 'Välj ett team.');
    if (!teamId) return;
    const team = teams.find((t) => t.id === teamId)?.name ?? 'teamet';
    await action.run(() => matnat.mutations.devices.update(device.id, { team_ids: [teamId] }), {
      toast: `${deviceLabel(device)} är kopplad till ${team}`,
    });
  }

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
          Koppla till team
        </label>
        <select
          id={id}
          name="team_id"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900"
        >
          <option value="">Välj team</option>
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? 'Kopplar…' : 'Koppla'}
      </Button>
      {error && (
        <p id={`${id}-error`} role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

/** admin.devices (Nya enheter): devices not yet in a team, first seen and last reading, connect each to a team. */
export default function AdminDevices() {
  const devices = useQuery(matnat.queries.devices({ unassigned: true }));
  const teams = useQuery(matnat.queries.teams());
  const teamList = [...(teams.data ?? [])].sort((a, b) => compareSwedish(a.name, b.name));
  const list = devices.data ?? [];
  return (
    <section className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">Nya enheter</h1>
        <p className="text-slate-600">Se och koppla nya enheter till team.</p>
      </header>
      {devices.isError && (
        <p role="alert" className="text-red-800">
          Enheterna kunde inte hämtas. Försök igen.
        </p>
      )}
      {devices.isPending && <p className="text-slate-600">Laddar…</p>}
      {devices.isSuccess && list.length === 0 && (
        <p className="rounded-lg bg-white p-4 text-slate-700 ring-1 ring-slate-200">
          Inga nya enheter. Enheter som skickar sina första mätvärden visas här.
        </p>
      )}
      <ul aria-label="Nya enheter" className="space-y-3">
        {list.map((device) => (
          <li
            key={device.id}
            className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200 md:flex-row md:items-end md:justify-between"
          >
            <div className="min-w-0 space-y-1 text-sm text-slate-700">
              <p className="text-base font-medium text-slate-900">{deviceLabel(device)}</p>
              <p className="break-all">Enhets-id: {device.external_device_id}</p>
              <p>Först sedd: {displayDateTime(device.created_at)}</p>
              <p>
                Senaste mätvärde: <LatestReading device={device} />
              </p>
              <p>Publika kartan: {device.is_public ? 'visas' : 'visas inte'}</p>
            </div>
            <ConnectForm device={device} teams={teamList} />
          </li>
        ))}
      </ul>
    </section>
  );
}
