import { buildPath, type Device, sortDevices } from '@matnat/core';
import { devicesToFeatureCollection, type MapFeature, useQuery } from '@matnat/react';
import { type MouseEvent, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { matnat } from '../../matnat';

/** The user's devices (sorted by spec §9's rule) and those with a position as map features. */
export function useDeviceFeatures() {
  const devices = useQuery(matnat.queries.devices());
  const sorted = useMemo(() => sortDevices(devices.data ?? []), [devices.data]);
  const features = useMemo(() => devicesToFeatureCollection(sorted), [sorted]);
  return { query: devices, devices: sorted as Device[], features };
}

/** Where a device popup's 'Visa mätenhet' link goes. */
export const deviceHref = (feature: MapFeature): string =>
  buildPath('device.show', { device_id: Number(feature.id) });

/**
 * A popup's link is plain HTML inside Leaflet: a click on it is handed to the router instead of reloading
 * the page. Put on an element around the map.
 */
export function usePopupLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as Element).closest?.('a.matnat-popup__link');
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(link.getAttribute('href') ?? '/');
  };
}
