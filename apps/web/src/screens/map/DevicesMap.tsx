import { buildPath } from '@matnat/core';
import { Link } from 'react-router';
import { DeviceMap } from '../../shell/maps';
import { deviceHref, useDeviceFeatures, usePopupLinks } from './useDeviceFeatures';

/**
 * map (Karta): the user's devices on a map (devices without lat or lng left out), popups with the latest
 * readings and a link to the device, the satellite toggle remembered in 'settings'. Fills the screen on phones.
 */
export default function DevicesMap() {
  const { query, devices, features } = useDeviceFeatures();
  const onClick = usePopupLinks();
  const unplaced = devices.length - features.features.length;
  return (
    <section className="space-y-3">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold text-slate-900">Karta</h1>
        <Link to={buildPath('map.devices')} className="text-teal-800 underline">
          Visa som lista bredvid kartan
        </Link>
      </header>
      {query.isError && (
        <p role="alert" className="text-red-800">
          Mätenheterna kunde inte hämtas. Försök igen.
        </p>
      )}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the click is only routed from the popup's own link */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the popup link is a real link, reachable by keyboard */}
      <div onClick={onClick} className="-mx-3 md:mx-0">
        <DeviceMap devices={features} deviceHref={deviceHref} height="calc(100dvh - 11rem)" />
      </div>
      {unplaced > 0 && (
        <p className="text-sm text-slate-600">
          {unplaced === 1 ? '1 mätenhet saknar position' : `${unplaced} mätenheter saknar position`} och visas
          inte på kartan.
        </p>
      )}
    </section>
  );
}
