import type { Device, DeviceHealth } from '@matnat/contract';
import { type DeviceState, deviceState } from '@matnat/contract/plain';
import { deviceLabel } from '@matnat/core';

/** The device fields the map needs; any fuller device (the contract's `Device`) fits. */
export type MapDevice = Pick<Device, 'id' | 'title' | 'external_device_id' | 'lat' | 'lng'> & {
  defaultSensor?: {
    name?: string;
    unit?: string;
    latest?: { value: number; measured_at: string } | null;
  } | null;
  /** When given, each sensor's latest reading is fetched when the device's popup opens. */
  sensors?: readonly MapSensor[];
  /** When given, the feature carries the device's `state` (issue 21: the marker's colour). */
  health?: Pick<DeviceHealth, 'last_seen_at' | 'expected_interval_s' | 'alerting'> | null;
};

/** A sensor as a device popup lists it. */
export type MapSensor = { id: number; name?: string; unit?: string; type?: string };

export interface DeviceFeatureProperties {
  id: number;
  /** The device's title, or its external id when it has none. */
  title: string;
  external_device_id: string;
  /** Latest reading of the default sensor, `null` when there is none. */
  value: number | null;
  unit: string | null;
  measured_at: string | null;
  /** The device's sensors, when the device listed them. */
  sensors?: MapSensor[];
  /** `ok`, `silent` (tyst), `alarm` (larm) or `unheard`, when the device carried its health. */
  state?: DeviceState;
}

export interface DeviceFeature {
  type: 'Feature';
  id: number;
  geometry: { type: 'Point'; coordinates: [lng: number, lat: number] };
  properties: DeviceFeatureProperties;
}

export interface DeviceFeatureCollection {
  type: 'FeatureCollection';
  features: DeviceFeature[];
}

const isCoordinate = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * A GeoJSON FeatureCollection of devices for the map (RFC 7946: coordinates are [lng, lat]).
 * Spec §3: devices without lat or lng are left out. A device with its `health` gets its state at `now`.
 */
export function devicesToFeatureCollection(
  devices: readonly MapDevice[],
  now: number = Date.now(),
): DeviceFeatureCollection {
  const features: DeviceFeature[] = [];
  for (const device of devices) {
    if (!isCoordinate(device.lat) || !isCoordinate(device.lng)) continue;
    const latest = device.defaultSensor?.latest ?? null;
    features.push({
      type: 'Feature',
      id: device.id,
      geometry: { type: 'Point', coordinates: [device.lng, device.lat] },
      properties: {
        id: device.id,
        title: deviceLabel(device),
        external_device_id: device.external_device_id,
        value: latest?.value ?? null,
        unit: latest ? (device.defaultSensor?.unit ?? null) : null,
        measured_at: latest?.measured_at ?? null,
        ...(device.sensors && {
          sensors: device.sensors.map(({ id, name, unit, type }) => ({ id, name, unit, type })),
        }),
        ...(device.health && { state: deviceState(device.health, now) }),
      },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** Any GeoJSON point feature a map can show: the device features above, or a host's own. */
export interface MapFeature {
  type: 'Feature';
  id?: number | string;
  geometry: { type: 'Point'; coordinates: readonly number[] };
  properties?: object | null;
}

export interface MapFeatureCollection {
  type: 'FeatureCollection';
  features: readonly MapFeature[];
}
