import type { HttpClient } from '../http';
import { getData } from './envelope';
import type { TemperatureMap } from './types';

export function publicMapApi(http: HttpClient) {
  return {
    /** GET /api/v1/public/temperature-map: a GeoJSON FeatureCollection of public temperature spears. */
    temperatureMap: (signal?: AbortSignal): Promise<TemperatureMap> =>
      getData(http, '/api/v1/public/temperature-map', { signal }),
  };
}
