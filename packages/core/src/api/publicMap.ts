import type { HttpClient } from '../http';
import { type Envelope, unwrap } from './envelope';
import type { TemperatureMap } from './types';

export function publicMapApi(http: HttpClient) {
  return {
    /** GET /api/v1/public/temperature-map: a GeoJSON FeatureCollection of public temperature spears. */
    temperatureMap: (signal?: AbortSignal): Promise<TemperatureMap> =>
      unwrap(http.get<Envelope<TemperatureMap>>('/api/v1/public/temperature-map', { signal })),
  };
}
