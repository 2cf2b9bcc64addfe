import type { HttpClient } from '../http';
import type { TemperatureMap } from './types';

export function publicMapApi(http: HttpClient) {
  return {
    /**
     * GET /api/v1/public/temperature-map: a bare GeoJSON FeatureCollection (no `data` envelope, as GeoJSON
     * readers expect) of public temperature spears, asked for without cookie or token.
     */
    temperatureMap: (signal?: AbortSignal): Promise<TemperatureMap> =>
      http.get('/api/v1/public/temperature-map', { signal, anonymous: true }),
  };
}
