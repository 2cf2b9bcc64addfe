import type { IntervalSlug, RangeSlug } from '../timeFilter/slugs';

/** One time bucket of a sensor's readings, as GET /api/v1/sensor/{id}/measurements returns it. */
export interface MeasurementBucket {
  /** Bucket start: epoch milliseconds or an ISO-8601 instant. */
  t: number | string;
  avg: number | null;
  min: number | null;
  max: number | null;
  last: number | null;
  count: number;
}

export interface MeasurementSeries {
  sensor_id: number | string;
  from: number | string;
  to: number | string;
  bucket_ms: number;
  buckets: MeasurementBucket[];
}

export interface MeasurementQuery {
  range_slug: RangeSlug;
  interval_slug: IntervalSlug;
  /** Upper bound of buckets; the server widens buckets to stay under it. */
  max_points?: number;
}

export interface LatestReading {
  sensor_id: number | string;
  value: number | null;
  /** ISO-8601 instant or epoch milliseconds. */
  measured_at: string | number | null;
  unit?: string | null;
}

/** A reading pushed by the server's event stream. */
export interface LiveReading {
  sensor_id: number | string;
  value: number;
  measured_at: string | number;
}

export interface SensorRef {
  id: number | string;
  name?: string | null;
  title?: string | null;
  unit?: string | null;
  type?: string | null;
}

export interface DeviceRef {
  id: number | string;
  title?: string | null;
  external_device_id?: string | null;
  lat?: number | null;
  lng?: number | null;
  sensors?: SensorRef[];
}

/** A panel as the API returns it with its items included (spec §3). */
export interface PanelEntity {
  id: number | string;
  type: string;
  title?: string | null;
  lineChartItems?: { sensor: SensorRef; device?: DeviceRef | null; color?: string | null }[];
  singleValueItem?: { sensor: SensorRef; device?: DeviceRef | null } | null;
  device?: DeviceRef | null;
  sensor?: SensorRef | null;
}

export interface GeoFeature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] | number[] };
  properties: object | null;
}

export interface GeoFeatureCollection {
  type: 'FeatureCollection';
  features: GeoFeature[];
}

/**
 * What the panels and maps read. `createHttpDataSource` implements it against the Mätnät API; a host can
 * pass any object of this shape (its own cache, a mock, the core client).
 */
export interface MatnatDataSource {
  measurements(
    sensorId: number | string,
    query: MeasurementQuery,
    signal?: AbortSignal,
  ): Promise<MeasurementSeries>;
  latest(sensorId: number | string, signal?: AbortSignal): Promise<LatestReading | null>;
  panel(panelId: number | string, signal?: AbortSignal): Promise<PanelEntity>;
  temperatureMap(signal?: AbortSignal): Promise<GeoFeatureCollection>;
  /** Live readings of the given sensors; absent or a no-op where the server has no stream. */
  subscribe?(sensorIds: (number | string)[], listener: (reading: LiveReading) => void): () => void;
}
