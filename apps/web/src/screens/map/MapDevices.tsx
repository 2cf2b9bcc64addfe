import { buildPath, deviceLabel } from '@matnat/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DeviceMap } from '../../shell/maps';
import { deviceHref, useDeviceFeatures, usePopupLinks } from './useDeviceFeatures';

/** map.devices: the devices on the map with a list beside it; choosing one centres the map on it. */
export default function MapDevices() {
  const { query, features } = useDeviceFeatures();
  const [selected, setSelected] = useState<number | undefined>();
  const onClick = usePopupLinks();
  return (
    <section className="space-y-3">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold text-slate-900">Mätenheter på kartan</h1>
        <Link to={buildPath('map')} className="text-teal-800 underline">
          Bara kartan
        </Link>
      </header>
      {query.isError && (
        <p role="alert" className="text-red-800">
          Mätenheterna kunde inte hämtas. Försök igen.
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-[18rem_1fr]">
        <nav aria-label="Mätenheter på kartan" className="max-h-64 overflow-y-auto lg:max-h-[70vh]">
          <ul className="space-y-1">
            {features.features.map((feature) => {
              const id = feature.properties.id;
              return (
                <li key={id}>
                  <button
                    type="button"
                    aria-pressed={selected === id}
                    onClick={() => setSelected(id)}
                    className="w-full rounded-md px-3 py-2 text-left text-slate-900 ring-1 ring-slate-200 hover:bg-teal-50 aria-pressed:bg-teal-700 aria-pressed:text-white"
                  >
                    {deviceLabel(feature.properties)}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the click is only routed from the popup's own link */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the popup link is a real link, reachable by keyboard */}
        <div onClick={onClick}>
          <DeviceMap
            devices={features}
            deviceHref={deviceHref}
            selectedId={selected}
            onSelect={(feature) => setSelected(Number(feature.id))}
            height="min(70vh, 40rem)"
          />
        </div>
      </div>
    </section>
  );
}
