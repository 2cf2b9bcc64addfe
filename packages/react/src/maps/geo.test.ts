import { describe, expect, it } from 'vitest';
import { devicesToFeatureCollection, type MapDevice } from './geo';

const base = { title: 'Spjut', external_device_id: 'eui-1' };

describe('devicesToFeatureCollection', () => {
  it('spec §3: devices without lat or lng are left out of the map feature collection', () => {
    const devices: MapDevice[] = [
      { ...base, id: 1, lat: 59.33, lng: 18.07 },
      { ...base, id: 2, lat: null, lng: 18.07 },
      { ...base, id: 3, lat: 59.33, lng: null },
      { ...base, id: 4, lat: null, lng: null },
      { ...base, id: 5, lat: Number.NaN, lng: 1 },
      { ...base, id: 6, lat: 0, lng: 0 },
    ];
    expect(devicesToFeatureCollection(devices).features.map((feature) => feature.id)).toEqual([1, 6]);
  });

  it('builds GeoJSON points as [lng, lat] with id, title, external id and the default sensor reading', () => {
    const collection = devicesToFeatureCollection([
      {
        id: 7,
        title: null,
        external_device_id: 'a84041000181c4f2',
        lat: 67.85,
        lng: 20.22,
        defaultSensor: {
          name: 'Temperatur',
          unit: '°C',
          latest: { value: -12.5, measured_at: '2025-01-15T11:00:00Z' },
        },
      },
    ]);
    expect(collection).toEqual({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: 7,
          geometry: { type: 'Point', coordinates: [20.22, 67.85] },
          properties: {
            id: 7,
            title: 'a84041000181c4f2',
            external_device_id: 'a84041000181c4f2',
            value: -12.5,
            unit: '°C',
            measured_at: '2025-01-15T11:00:00Z',
          },
        },
      ],
    });
  });

  it('a device without a default sensor or without a reading has value null', () => {
    const [noSensor, noReading] = devicesToFeatureCollection([
      { ...base, id: 1, lat: 1, lng: 2 },
      { ...base, id: 2, lat: 1, lng: 2, defaultSensor: { unit: '%', latest: null } },
    ]).features;
    expect(noSensor?.properties).toMatchObject({
      value: null,
      unit: null,
      measured_at: null,
      title: 'Spjut',
    });
    expect(noReading?.properties).toMatchObject({ value: null, unit: null });
  });
});
