import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Device, DeviceCreateBody, DeviceUpdateBody, Sensor, TemperatureMap } from './device';
import { toFormErrors } from './errors';
import { DEFAULT_EXPECTED_INTERVAL_S, deviceState, isLowBattery, isSilent } from './health';

const stamps = { created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z' };
const sensor = { id: 3, device_id: 7, name: 'Temperatur', type: 'temperature', unit: '°C' } as const;
const device = {
  id: 7,
  title: 'Spjut Umeå',
  external_device_id: '70B3D57ED005A1B2',
  lat: 63.8258,
  lng: 20.263,
  is_public: true,
  public_grid_m: 1000,
  default_sensor_id: 3,
  ...stamps,
};

const errorsOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? {} : toFormErrors(result.error);

describe('Device', () => {
  it('spec §3 Device: id, title, external_device_id, lat, lng, sensors, defaultSensor, gateways, teams', () => {
    const parsed = Device.parse({
      ...device,
      sensors: [{ ...sensor, latest: { value: 4.5, measured_at: '2025-01-01T10:00:00Z' } }],
      defaultSensor: sensor,
      gateways: [{ id: 1, title: 'GW', external_gateway_id: 'eui-1', lat: null, lng: null }],
      teams: [{ id: 2, name: 'Norr' }],
    });
    expect(parsed.sensors?.[0]?.latest?.value).toBe(4.5);
    expect(parsed.defaultSensor?.id).toBe(3);
    expect(Device.parse(device).sensors).toBeUndefined();
  });

  it('allows a device without title or position', () => {
    expect(
      Device.parse({ ...device, title: null, lat: null, lng: null, default_sensor_id: null }).title,
    ).toBeNull();
  });

  it('knows a fixed set of sensor types', () => {
    expect(Sensor.safeParse({ ...sensor, type: 'smell' }).success).toBe(false);
    expect(Sensor.parse({ ...sensor, latest: null }).latest).toBeNull();
  });
});

describe('DeviceCreateBody / DeviceUpdateBody', () => {
  it('accepts a full body', () => {
    expect(
      DeviceCreateBody.parse({
        title: 'Spjut',
        external_device_id: 'eui-70b3d57ed005a1b2',
        lat: 59.33,
        lng: 18.06,
        is_public: true,
        team_ids: [1, 2],
      }),
    ).toMatchObject({ external_device_id: 'eui-70b3d57ed005a1b2', team_ids: [1, 2] });
  });

  it('requires external_device_id and checks coordinates, in Swedish', () => {
    expect(errorsOf(DeviceCreateBody.safeParse({ lat: 91, lng: 181 }))).toEqual({
      external_device_id: ['Enhets-id måste anges.'],
      lat: ['Latitud får vara högst 90.'],
      lng: ['Longitud får vara högst 180.'],
    });
    expect(errorsOf(DeviceCreateBody.safeParse({ external_device_id: 'a b' }))).toEqual({
      external_device_id: ['Enhets-id är ogiltigt.'],
    });
  });

  it('requires lat and lng together', () => {
    expect(errorsOf(DeviceCreateBody.safeParse({ external_device_id: 'x', lat: 59 }))).toEqual({
      lng: ['Latitud och longitud måste anges tillsammans.'],
    });
    expect(DeviceUpdateBody.parse({ lat: null, lng: null })).toEqual({ lat: null, lng: null });
  });

  it('update accepts any subset and stays strict', () => {
    expect(DeviceUpdateBody.parse({ team_ids: [4] })).toEqual({ team_ids: [4] });
    expect(errorsOf(DeviceUpdateBody.safeParse({ sensors: [] }))).toEqual({ sensors: ['Fältet är okänt.'] });
  });
});

describe('TemperatureMap', () => {
  it('is a GeoJSON FeatureCollection of points, longitude first', () => {
    const map = TemperatureMap.parse({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: 7,
          geometry: { type: 'Point', coordinates: [20.263, 63.8258] },
          properties: {
            device_id: 7,
            title: 'Spjut Umeå',
            external_device_id: '70B3D57ED005A1B2',
            temperature: -3.5,
            unit: '°C',
            measured_at: '2025-01-01T10:00:00Z',
          },
        },
      ],
    });
    expect(map.features[0]?.geometry.coordinates).toEqual([20.263, 63.8258]);
  });
});

describe('device health (issue 10)', () => {
  const now = Date.parse('2026-01-01T12:00:00.000Z');
  it('issue 9: a device heard longer ago than its expected interval is silent; one never heard is not', () => {
    const seen = (iso: string | null, s = DEFAULT_EXPECTED_INTERVAL_S) => ({
      last_seen_at: iso,
      expected_interval_s: s,
    });
    expect(isSilent(seen('2026-01-01T11:00:00.000Z'), now)).toBe(false);
    expect(isSilent(seen('2026-01-01T10:59:59.000Z'), now)).toBe(true);
    expect(isSilent(seen('2026-01-01T11:50:00.000Z', 300), now)).toBe(true);
    expect(isSilent(seen(null), now)).toBe(false);
  });

  it('the expected interval is a whole number of seconds from a minute to 30 days, or null (the default)', () => {
    expect(DeviceUpdateBody.parse({ expected_interval_s: 900 })).toEqual({ expected_interval_s: 900 });
    expect(DeviceUpdateBody.parse({ expected_interval_s: null })).toEqual({ expected_interval_s: null });
    for (const bad of [59, 30 * 86_400 + 1, 60.5, '900'])
      expect(Object.keys(errorsOf(DeviceUpdateBody.safeParse({ expected_interval_s: bad })))).toEqual([
        'expected_interval_s',
      ]);
  });

  it('a device answer may carry its health and its gateways with the signal it hears them at', () => {
    const health = {
      first_seen_at: '2026-01-01T10:00:00.000Z',
      last_seen_at: '2026-01-01T11:00:00.000Z',
      battery: 3.6,
      battery_unit: 'V',
      external_power: null,
      rssi: -90,
      snr: 7.5,
      best_gateway_id: 2,
      expected_interval_s: 900,
      silent: true,
      simulated: false,
      alerting: false,
    };
    const gateway = { id: 2, title: 'GW', external_gateway_id: 'AA01', lat: null, lng: null };
    const parsed = Device.parse({
      ...device,
      health,
      gateways: [{ ...gateway, signal: { rssi: -90, snr: 7.5, last_seen_at: health.last_seen_at } }],
    });
    expect(parsed.health).toEqual(health);
    expect(Device.safeParse({ ...device, health: { ...health, silent: undefined } }).success).toBe(false);
  });

  it('issue 21: a battery is low at or under 20 % or 3.0 V, never on external power or unknown', () => {
    const battery = (value: number | null, unit: string | null, external: boolean | null = null) => ({
      battery: value,
      battery_unit: unit,
      external_power: external,
    });
    expect(isLowBattery(battery(20, '%'))).toBe(true);
    expect(isLowBattery(battery(20.1, '%'))).toBe(false);
    expect(isLowBattery(battery(2.95, 'V'))).toBe(true);
    expect(isLowBattery(battery(3.6, 'V'))).toBe(false);
    expect(isLowBattery(battery(5, '%', true))).toBe(false);
    expect(isLowBattery(battery(null, null))).toBe(false);
    expect(isLowBattery(battery(5, 'mAh'))).toBe(false);
  });

  it('issue 21: a device is larm when an alert fires on it, else tyst past its interval, else heard or not', () => {
    const state = (last: string | null, alerting = false) =>
      deviceState({ last_seen_at: last, expected_interval_s: 3600, alerting }, now);
    expect(state('2026-01-01T11:30:00.000Z')).toBe('ok');
    expect(state('2026-01-01T10:00:00.000Z')).toBe('silent');
    expect(state(null)).toBe('unheard');
    expect(state('2026-01-01T10:00:00.000Z', true)).toBe('alarm');
    expect(state(null, true)).toBe('alarm');
  });
});
