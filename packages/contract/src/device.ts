import { z } from 'zod';
import { Id, Timestamp, timestamps } from './common';
import { LIMITS, SENSOR_TYPES } from './constants';
import { DEVICE_ID_PATTERN } from './deviceIds';
import { body, boolean, id, idList, integer, latitude, longitude, optionalText, text } from './fields';
import { EXPECTED_INTERVAL_S } from './health';
import { fieldLabels as L, validationMessages as M } from './messages';
import { isPublicGrid, PUBLIC_GRID_M } from './publicPosition';
import { Team } from './team';

export const SensorType = z.enum(SENSOR_TYPES);
export type SensorType = z.infer<typeof SensorType>;

export const LatestReading = z.object({ value: z.number(), measured_at: Timestamp });
export type LatestReading = z.infer<typeof LatestReading>;

export const Sensor = z.object({
  id: Id,
  device_id: Id,
  name: z.string(),
  type: SensorType,
  /** Display unit, e.g. `°C`, `%`, `V`. */
  unit: z.string(),
  /** The payload key ingestion created the sensor from; null for one made by hand. */
  key: z.string().nullable().optional(),
  /** The newest reading, when the server adds it; null when the sensor has none yet. */
  latest: LatestReading.nullable().optional(),
});
export type Sensor = z.infer<typeof Sensor>;

export const Gateway = z.object({
  id: Id,
  title: z.string(),
  external_gateway_id: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type Gateway = z.infer<typeof Gateway>;

/** A gateway as one device hears it: the signal of the device's latest uplink through it (issue 10). */
export const GatewaySignal = z.object({
  rssi: z.number().nullable(),
  snr: z.number().nullable(),
  last_seen_at: Timestamp.nullable(),
});
export type GatewaySignal = z.infer<typeof GatewaySignal>;

/** A device's gateways; `signal` on the device answers (`GET /device`, `GET /device/{id}`). */
export const DeviceGateway = Gateway.extend({ signal: GatewaySignal.nullable().optional() });
export type DeviceGateway = z.infer<typeof DeviceGateway>;

/**
 * A device's health as ingestion last saw it (issue 10), on the device answers. Nulls where not known:
 * a device created by hand and never heard has no `first_seen_at`/`last_seen_at`. `battery` is in
 * `battery_unit` ('%' or 'V'); with `external_power` true it means nothing. `rssi`/`snr` are the best
 * gateway's of the latest uplink. `expected_interval_s` is the device's own or the default; `silent` is
 * `isSilent` at the time of the answer; `deviceState` reads the whole of it.
 */
export const DeviceHealth = z.object({
  first_seen_at: Timestamp.nullable(),
  last_seen_at: Timestamp.nullable(),
  battery: z.number().nullable(),
  battery_unit: z.string().nullable(),
  external_power: z.boolean().nullable(),
  rssi: z.number().nullable(),
  snr: z.number().nullable(),
  best_gateway_id: Id.nullable(),
  expected_interval_s: z.number().int().positive(),
  silent: z.boolean(),
  /** A demo device whose readings the demo's simulator makes (until a real reading of it arrives). */
  simulated: z.boolean(),
  /** An enabled alert on one of its sensors is firing or acknowledged (issue 21: the map's 'larm'). */
  alerting: z.boolean(),
});
export type DeviceHealth = z.infer<typeof DeviceHealth>;

/** Spec §3 Device. Relations are present only when included. */
export const Device = z.object({
  id: Id,
  title: z.string().nullable(),
  external_device_id: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** Shown on the public temperature map: its team switched on "Visa på den publika kartan" (issue 26). */
  is_public: z.boolean(),
  /** The grid, in metres, its position is rounded to for public callers; 0 exakt (issue 26). */
  public_grid_m: z.number().int(),
  default_sensor_id: Id.nullable(),
  ...timestamps,
  sensors: z.array(Sensor).optional(),
  defaultSensor: Sensor.nullable().optional(),
  gateways: z.array(DeviceGateway).optional(),
  teams: z.array(Team).optional(),
  /** On the device answers (`GET /device`, `GET /device/{id}`, create, update), not inside dashboards. */
  health: DeviceHealth.optional(),
});
export type Device = z.infer<typeof Device>;

/** LoRaWAN DevEUIs, MQTT client ids, serial numbers: letters, digits and `-_.:`. */
const externalDeviceId = text(L.external_device_id, { max: LIMITS.deviceId }).regex(DEVICE_ID_PATTERN, {
  error: M.invalid(L.external_device_id),
});

const deviceFields = {
  title: optionalText(L.title),
  external_device_id: externalDeviceId,
  lat: latitude().nullish(),
  lng: longitude().nullish(),
  is_public: boolean(L.is_public).optional(),
  public_grid_m: integer(L.public_grid_m)
    .refine(isPublicGrid, { error: M.publicGrid(L.public_grid_m, PUBLIC_GRID_M.min, PUBLIC_GRID_M.max) })
    .optional(),
  default_sensor_id: id(L.default_sensor_id).nullish(),
  team_ids: idList(L.team_ids).optional(),
  gateway_ids: idList(L.gateway_ids).optional(),
  /** Seconds; null: the default (`DEFAULT_EXPECTED_INTERVAL_S`). */
  expected_interval_s: integer(L.expected_interval_s, EXPECTED_INTERVAL_S).nullish(),
};

const latLngTogether = (device: { lat?: number | null; lng?: number | null }) =>
  (device.lat === undefined) === (device.lng === undefined) &&
  (device.lat === null) === (device.lng === null);

/** `POST /api/v1/device`. A position is both `lat` and `lng`, or neither. */
export const DeviceCreateBody = body(deviceFields).refine(latLngTogether, {
  error: M.latLngPair,
  path: ['lng'],
});
export type DeviceCreateBody = z.infer<typeof DeviceCreateBody>;
export type DeviceCreateBodyInput = z.input<typeof DeviceCreateBody>;

/** `PATCH /api/v1/device/{id}`: any subset of the create body; `team_ids` replaces the device's teams. */
export const DeviceUpdateBody = body(deviceFields)
  .partial()
  .refine(latLngTogether, { error: M.latLngPair, path: ['lng'] });
export type DeviceUpdateBody = z.infer<typeof DeviceUpdateBody>;
export type DeviceUpdateBodyInput = z.input<typeof DeviceUpdateBody>;

/** One public temperature spear on `GET /api/v1/public/temperature-map`. */
export const TemperatureFeature = z.object({
  type: z.literal('Feature'),
  id: Id,
  geometry: z.object({
    type: z.literal('Point'),
    /** GeoJSON order: longitude first. */
    coordinates: z.tuple([z.number(), z.number()]),
  }),
  properties: z.object({
    device_id: Id,
    title: z.string().nullable(),
    external_device_id: z.string(),
    temperature: z.number().nullable(),
    unit: z.string(),
    measured_at: Timestamp.nullable(),
  }),
});
export type TemperatureFeature = z.infer<typeof TemperatureFeature>;

/** Spec §3: devices without lat or lng are left out of the feature collection. */
export const TemperatureMap = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(TemperatureFeature),
});
export type TemperatureMap = z.infer<typeof TemperatureMap>;
