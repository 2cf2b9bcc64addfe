import { type FleetFilter, inFleetFilter, isFleetFilter } from '@matnat/contract/plain';
import { buildPath, type Device, deviceLabel } from '@matnat/core';
import { useQuery } from '@matnat/react';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { matnat } from '../../matnat';
import { BatteryText, DeviceStateBadge } from './DeviceStatus';
import { deviceListPath, useFilterLabel } from './fleetFilters';
import { ageOf, signalText, stateOf } from './health';
import { LatestReading } from './LatestReading';
import { PublicMapToggle } from './PublicMapToggle';

/** Search by name or external id, case- and accent-insensitively as a Swede reads it. */
function matches(device: Device, search: string): boolean {
  if (!search) return true;
  const needle = search.toLocaleLowerCase('sv');
  return [deviceLabel(device), device.external_device_id].some((s) =>
    s.toLocaleLowerCase('sv').includes(needle),
  );
}

/** The filter chips, in the order the list offers them ('ok' is reachable by address only). */
const CHIPS: (FleetFilter | null)[] = [null, 'online', 'alarm', 'silent', 'unheard', 'low_battery'];

const chip =
  'rounded-full px-3 py-1 text-sm ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';

/** Alla, the states and Lågt batteri, with how many devices each holds; the current one is marked. */
function FilterChips({ devices, filter }: { devices: readonly Device[]; filter: FleetFilter | null }) {
  const label = useFilterLabel();
  const now = matnat.platform.now();
  return (
    <nav aria-label="Filtrera mätenheter">
      <ul className="flex flex-wrap gap-2">
        {CHIPS.map((option) => {
          const count = option ? devices.filter((d) => inFleetFilter(d, option, now)).length : devices.length;
          const active = option === filter;
          return (
            <li key={option ?? 'all'}>
              <Link
                to={deviceListPath(option)}
                aria-current={active ? 'page' : undefined}
                className={`${chip} ${
                  active
                    ? 'bg-teal-700 text-white ring-teal-700'
                    : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'
                }`}
              >
                {label(option)} <span className={active ? 'text-teal-50' : 'text-slate-600'}>{count}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function DeviceLink({ device }: { device: Device }) {
  return (
    <Link
      to={buildPath('device.show', { device_id: device.id })}
      className="font-medium text-teal-800 underline-offset-2 hover:underline"
    >
      {deviceLabel(device)}
    </Link>
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

/** Below 768 px each device is a card of its facts. */
function DeviceCard({ device }: { device: Device }) {
  const state = stateOf(device);
  return (
    <li className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <DeviceLink device={device} />
        {state && <DeviceStateBadge state={state} />}
      </div>
      <p className="break-all text-xs text-slate-600">{device.external_device_id}</p>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact label="Senaste mätvärde">
          <LatestReading device={device} />
        </Fact>
        <Fact label="Batteri">
          <BatteryText device={device} />
        </Fact>
        <Fact label="Signal">{signalText(device.health)}</Fact>
        <Fact label="Senast hörd">{ageOf(device.health?.last_seen_at)}</Fact>
      </dl>
      <div className="mt-3">
        <PublicMapToggle device={device} />
      </div>
    </li>
  );
}

const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';
const td = 'px-3 py-2 align-top text-sm text-slate-900';

/** From 768 px the devices are rows of a table, a column per fact (issue 21). */
function DeviceTable({ devices }: { devices: readonly Device[] }) {
  return (
    <table className="hidden w-full overflow-hidden rounded-lg bg-white ring-1 ring-slate-200 md:table">
      <caption className="sr-only">Mätenheter</caption>
      <thead className="bg-slate-50">
        <tr>
          <th scope="col" className={th}>
            Mätenhet
          </th>
          <th scope="col" className={th}>
            Status
          </th>
          <th scope="col" className={th}>
            Senaste mätvärde
          </th>
          <th scope="col" className={th}>
            Batteri
          </th>
          <th scope="col" className={th}>
            Signal
          </th>
          <th scope="col" className={th}>
            Senast hörd
          </th>
          <th scope="col" className={th}>
            Publika kartan
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {devices.map((device) => {
          const state = stateOf(device);
          return (
            <tr key={device.id} data-device-id={device.id}>
              <th scope="row" className={`${td} text-left font-normal`}>
                <DeviceLink device={device} />
                <span className="block break-all text-xs text-slate-600">{device.external_device_id}</span>
              </th>
              <td className={td}>{state ? <DeviceStateBadge state={state} /> : '–'}</td>
              <td className={td}>
                <LatestReading device={device} />
              </td>
              <td className={td}>
                <BatteryText device={device} />
              </td>
              <td className={td}>{signalText(device.health) ?? '–'}</td>
              <td className={td}>{ageOf(device.health?.last_seen_at) ?? '–'}</td>
              <td className={td}>
                <PublicMapToggle device={device} compact />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * device.index (Mätenheter): the user's devices, sorted by spec §9's rule, with their state, latest reading
 * and health as columns (cards on a phone), narrowed by a search and by the contract's fleet filter in the
 * address, `?filter=silent` (issue 21).
 */
export default function DeviceIndex() {
  const devices = useQuery(matnat.queries.devices());
  const requested = useSearchParams()[0].get('filter');
  const filter = isFleetFilter(requested) ? requested : null;
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const all = devices.data ?? [];
  const now = matnat.platform.now();
  const list = all.filter((d) => (!filter || inFleetFilter(d, filter, now)) && matches(d, deferred));
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
      {devices.isSuccess && <FilterChips devices={all} filter={filter} />}
      {devices.isError && (
        <p role="alert" className="text-red-800">
          Mätenheterna kunde inte hämtas. Försök igen.
        </p>
      )}
      {devices.isPending && <p className="text-slate-600">Laddar…</p>}
      {devices.isSuccess && list.length === 0 && (
        <p className="text-slate-700">
          {search
            ? 'Ingen mätenhet matchar sökningen.'
            : filter
              ? 'Ingen mätenhet matchar filtret.'
              : 'Du har inga mätenheter ännu.'}
        </p>
      )}
      {list.length > 0 && <DeviceTable devices={list} />}
      <ul aria-label="Mätenheter" className="space-y-3 md:hidden">
        {list.map((device) => (
          <DeviceCard key={device.id} device={device} />
        ))}
      </ul>
    </section>
  );
}
