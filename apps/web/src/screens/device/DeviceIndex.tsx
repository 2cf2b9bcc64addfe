import { buildPath, type Device, deviceLabel } from '@matnat/core';
import { useQuery } from '@matnat/react';
import { type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { matnat } from '../../matnat';
import { ageOf, batteryText, signalText } from './health';
import { LatestReading } from './LatestReading';

/** Search by name or external id, case- and accent-insensitively as a Swede reads it. */
function matches(device: Device, search: string): boolean {
  if (!search) return true;
  const needle = search.toLocaleLowerCase('sv');
  return [deviceLabel(device), device.external_device_id].some((s) =>
    s.toLocaleLowerCase('sv').includes(needle),
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900">{children ?? '–'}</dd>
    </div>
  );
}

function DeviceCard({ device }: { device: Device }) {
  const silent = device.health?.silent === true;
  const seen = ageOf(device.health?.last_seen_at);
  return (
    <li className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Link
          to={buildPath('device.show', { device_id: device.id })}
          className="font-medium text-teal-800 underline-offset-2 hover:underline"
        >
          {deviceLabel(device)}
        </Link>
        {silent && (
          <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            Tyst {seen ? `– hördes senast ${seen}` : ''}
          </span>
        )}
      </div>
      <p className="break-all text-xs text-slate-600">{device.external_device_id}</p>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact label="Senaste mätvärde">
          <LatestReading device={device} />
        </Fact>
        <Fact label="Batteri">{batteryText(device)}</Fact>
        <Fact label="Signal">{signalText(device.health)}</Fact>
        <Fact label="Senast hörd">{seen}</Fact>
      </dl>
    </li>
  );
}

/** device.index (Mätenheter): the user's devices, sorted by spec §9's rule, with health and a search. */
export default function DeviceIndex() {
  const devices = useQuery(matnat.queries.devices());
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const list = useMemo(
    () => (devices.data ?? []).filter((d) => matches(d, deferred)),
    [devices.data, deferred],
  );
  return (
    <section className="space-y-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Mätenheter</h1>
        <div className="w-full sm:w-72">
          <label htmlFor="device-search" className="mb-1 block text-sm font-medium text-slate-800">
            Sök på namn eller enhets-id
          </label>
          <input
            id="device-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900"
          />
        </div>
      </header>
      {devices.isError && (
        <p role="alert" className="text-red-800">
          Mätenheterna kunde inte hämtas. Försök igen.
        </p>
      )}
      {devices.isPending && <p className="text-slate-600">Laddar…</p>}
      {devices.isSuccess && list.length === 0 && (
        <p className="text-slate-700">
          {search ? 'Ingen mätenhet matchar sökningen.' : 'Du har inga mätenheter ännu.'}
        </p>
      )}
      <ul aria-label="Mätenheter" className="space-y-3">
        {list.map((device) => (
          <DeviceCard key={device.id} device={device} />
        ))}
      </ul>
    </section>
  );
}
