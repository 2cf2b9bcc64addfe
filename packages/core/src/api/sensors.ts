import type { HttpClient } from '../http';
import { getData } from './envelope';
import type {
  Id,
  IntervalSlug,
  LatestMeasurement,
  MeasurementBuckets,
  RangeSlug,
  Sensor,
  SensorAlertPeriods,
} from './types';

/** Which instants: a range slug, or explicit from/to (ISO 8601 with `Z` or an offset; `to` exclusive). */
export type RangeWindow = Pick<MeasurementFilter, 'range_slug' | 'from' | 'to'>;

/** Which readings to bucket: a range slug (or explicit from/to) and an interval slug. */
export interface MeasurementFilter {
  range_slug?: RangeSlug;
  interval_slug?: IntervalSlug;
  /** ISO 8601 instants with `Z` or an offset, instead of a range slug; `to` is exclusive. */
  from?: string;
  to?: string;
  /** Upper bound of buckets; the server widens buckets to stay under it. */
  max_points?: number;
}

export function sensorsApi(http: HttpClient) {
  return {
    /** GET /api/v1/sensor */
    list: (): Promise<Sensor[]> => getData(http, '/api/v1/sensor'),
    /** GET /api/v1/sensor/{id}/measurements?range_slug=…&interval_slug=…&max_points=… */
    measurements: (id: Id, filter: MeasurementFilter, signal?: AbortSignal): Promise<MeasurementBuckets> =>
      getData(http, `/api/v1/sensor/${id}/measurements`, {
        query: {
          range_slug: filter.range_slug,
          interval_slug: filter.interval_slug,
          from: filter.from,
          to: filter.to,
          max_points: filter.max_points,
        },
        signal,
      }),
    /** GET /api/v1/sensor/{id}/latest: the latest reading (null before the first), for single-value panels. */
    latest: (id: Id, signal?: AbortSignal): Promise<LatestMeasurement | null> =>
      getData(http, `/api/v1/sensor/${id}/latest`, { signal }),
    /**
     * GET /api/v1/sensor/{id}/alert-periods?range_slug=…|from=…&to=…: the alerts watching the sensor, their
     * limits and the periods they fired in the range (issue 21).
     */
    alertPeriods: (id: Id, window: RangeWindow, signal?: AbortSignal): Promise<SensorAlertPeriods> =>
      getData(http, `/api/v1/sensor/${id}/alert-periods`, {
        query: { range_slug: window.range_slug, from: window.from, to: window.to },
        signal,
      }),
  };
}
