import { useMemo } from 'react';
import { useOptionalMatnatClient } from '../provider/context';
import type {
  GeoFeatureCollection,
  LatestReading,
  LiveReading,
  MatnatDataSource,
  MeasurementQuery,
  MeasurementSeries,
  PanelEntity,
} from './dataSource';
import { createHttpDataSource, readStream } from './httpDataSource';

/** The parts of the core client's `api` (createMatnatClient) that panels and maps read. */
interface CoreApiLike {
  sensors?: {
    measurements(id: number, filter: MeasurementQuery, signal?: AbortSignal): Promise<unknown>;
    latest(id: number, signal?: AbortSignal): Promise<unknown>;
  };
  panels?: { show(id: number): Promise<unknown> };
  publicMap?: { temperatureMap(signal?: AbortSignal): Promise<unknown> };
  stream?(query?: Record<string, string>): { url: string; init: RequestInit };
}

/**
 * A data source over the provider's core client, so that panels inside `MatnatProvider` share its
 * base URL, auth mode (session or embed token) and error handling. Missing parts fall back to plain HTTP.
 */
export function dataSourceFromClient(
  api: CoreApiLike | undefined,
  doFetch: typeof fetch = (input, init) => globalThis.fetch(input, init),
): MatnatDataSource {
  const http = createHttpDataSource();
  if (!api?.sensors) return http;
  const { sensors, panels, publicMap, stream } = api;
  return {
    measurements: (id, query, signal) =>
      sensors.measurements(Number(id), query, signal) as Promise<MeasurementSeries>,
    latest: (id, signal) => sensors.latest(Number(id), signal) as Promise<LatestReading | null>,
    panel: (id, signal) =>
      panels ? (panels.show(Number(id)) as Promise<PanelEntity>) : http.panel(id, signal),
    temperatureMap: (signal) =>
      publicMap
        ? (publicMap.temperatureMap(signal) as Promise<GeoFeatureCollection>)
        : http.temperatureMap(signal),
    subscribe: stream
      ? (sensorIds, listener) => {
          const controller = new AbortController();
          const wanted = new Set(sensorIds.map(String));
          const { url, init } = stream({ sensor_ids: [...wanted].join(',') });
          void readStream(url, { ...init, signal: controller.signal }, doFetch, (event) => {
            if (event.event !== 'reading') return;
            const reading = JSON.parse(event.data) as LiveReading;
            if (wanted.has(String(reading.sensor_id))) listener(reading);
          }).catch(() => {
            // No stream on this server: the refresh interval keeps the panel current.
          });
          return () => controller.abort();
        }
      : undefined,
  };
}

/** The data source given to a component, else one over the surrounding `MatnatProvider`'s client. */
export function useDataSource(given: MatnatDataSource | undefined): MatnatDataSource {
  const client = useOptionalMatnatClient() as {
    api?: CoreApiLike;
    platform?: { fetch: typeof fetch };
  } | null;
  const api = client?.api;
  const doFetch = client?.platform?.fetch;
  return useMemo(() => given ?? dataSourceFromClient(api, doFetch), [given, api, doFetch]);
}
