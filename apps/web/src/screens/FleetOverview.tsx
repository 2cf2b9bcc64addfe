import { type FleetFilter, fleetSummary } from '@matnat/contract/plain';
import { buildPath } from '@matnat/core';
import { useQuery } from '@matnat/react';
import { Link } from 'react-router';
import { matnat } from '../matnat';
import { deviceListPath } from './device/fleetFilters';

/** The alert list narrowed to the alerts firing (the overview's link). */
export const FIRING_ALERTS_PATH = `${buildPath('alert.index')}?filter=firing`;

interface Tile {
  label: string;
  value: number;
  detail: string;
  to: string;
  /** A tile that wants attention when its number is not 0. */
  warn?: 'amber' | 'red';
}

const WARN = {
  amber: 'ring-amber-300 bg-amber-50',
  red: 'ring-red-300 bg-red-50',
};

function FleetTile({ tile }: { tile: Tile }) {
  const look = tile.warn && tile.value > 0 ? WARN[tile.warn] : 'ring-slate-200 bg-white';
  return (
    <li>
      <Link
        to={tile.to}
        className={`block h-full rounded-lg p-4 ring-1 hover:ring-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 ${look}`}
      >
        <span className="block text-sm font-medium text-slate-700">{tile.label}</span>
        <span className="block text-3xl font-semibold tabular-nums text-slate-900">{tile.value}</span>
        <span className="block text-sm text-slate-600">{tile.detail}</span>
      </Link>
    </li>
  );
}

const devicesWord = (n: number) => (n === 1 ? '1 mätenhet' : `${n} mätenheter`);

/**
 * Issue 21: what ThingsBoard and Datacake open with. The signed-in user's devices online and silent, the
 * alerts firing and the low batteries (the contract's `fleetSummary`), each number a link to the list it
 * counts.
 */
export function FleetOverview() {
  const devices = useQuery(matnat.queries.devices());
  const alerts = useQuery(matnat.queries.alerts());
  if (!devices.data || !alerts.data) return null;
  const {
    devices: total,
    counts,
    alertsFiring,
  } = fleetSummary(devices.data, alerts.data, matnat.platform.now());
  const device = (filter: FleetFilter) => deviceListPath(filter);
  const tiles: Tile[] = [
    { label: 'Online', value: counts.online, detail: `av ${devicesWord(total)}`, to: device('online') },
    {
      label: 'Tysta',
      value: counts.silent,
      detail: 'hörs inte som väntat',
      to: device('silent'),
      warn: 'amber',
    },
    {
      label: 'Larmande notiser',
      value: alertsFiring,
      detail: `${devicesWord(counts.alarm)} i larm`,
      to: FIRING_ALERTS_PATH,
      warn: 'red',
    },
    {
      label: 'Lågt batteri',
      value: counts.low_battery,
      detail: 'dags att byta snart',
      to: device('low_battery'),
      warn: 'amber',
    },
  ];
  return (
    <section aria-labelledby="fleet-heading" className="mb-6">
      <h2 id="fleet-heading" className="mb-2 text-lg font-semibold text-slate-900">
        Översikt
      </h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {tiles.map((tile) => (
          <FleetTile key={tile.label} tile={tile} />
        ))}
      </ul>
    </section>
  );
}
