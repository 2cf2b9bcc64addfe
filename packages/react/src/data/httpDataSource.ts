import type {
  GeoFeatureCollection,
  LatestReading,
  LiveReading,
  MatnatDataSource,
  MeasurementQuery,
  MeasurementSeries,
  PanelEntity,
} from './dataSource';

export interface HttpDataSourceOptions {
  /** Origin (and optional path prefix) of the Mätnät API. @default '' (same origin) */
  apiBase?: string;
  /** Read-only embed token, sent as `Authorization: Bearer`; without it the session cookie is used. */
  embedToken?: string;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
}

export class MatnatHttpError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
  ) {
    super(`Mätnät API ${status} for ${url}`);
    this.name = 'MatnatHttpError';
  }
}

/** A data source over the Mätnät HTTP API (embed-token or same-origin session auth). */
export function createHttpDataSource(options: HttpDataSourceOptions = {}): MatnatDataSource {
  const base = (options.apiBase ?? '').replace(/\/+$/, '');
  const doFetch =
    options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.embedToken) headers.Authorization = `Bearer ${options.embedToken}`;
  const credentials: RequestCredentials = options.embedToken ? 'omit' : 'include';

  async function get<T>(path: string, signal?: AbortSignal): Promise<T> {
    const url = `${base}${path}`;
    const res = await doFetch(url, { headers, credentials, signal: signal ?? null });
    if (!res.ok) throw new MatnatHttpError(res.status, url);
    return (await res.json()) as T;
  }

  return {
    async measurements(sensorId, query: MeasurementQuery, signal) {
      const params = new URLSearchParams({
        range_slug: query.range_slug,
        interval_slug: query.interval_slug,
      });
      if (query.max_points) params.set('max_points', String(query.max_points));
      const body = await get<{ data: MeasurementSeries }>(
        `/api/v1/sensor/${encodeURIComponent(sensorId)}/measurements?${params}`,
        signal,
      );
      return body.data;
    },
    async latest(sensorId, signal) {
      const body = await get<{ data: LatestReading | null }>(
        `/api/v1/sensor/${encodeURIComponent(sensorId)}/latest`,
        signal,
      );
      return body.data;
    },
    async panel(panelId, signal) {
      const include =
        'lineChartItems.sensor,lineChartItems.device,singleValueItem.sensor,singleValueItem.device';
      const body = await get<{ data: PanelEntity }>(
        `/api/v1/panel/${encodeURIComponent(panelId)}/?include=${include}`,
        signal,
      );
      return body.data;
    },
    async temperatureMap(signal) {
      // Public data: no cookie and no token travel, so any origin the API's CORS names can read it.
      const res = await doFetch(`${base}/api/v1/public/temperature-map`, {
        headers: { Accept: 'application/json' },
        credentials: 'omit',
        signal: signal ?? null,
      });
      if (!res.ok) throw new MatnatHttpError(res.status, `${base}/api/v1/public/temperature-map`);
      const body = (await res.json()) as GeoFeatureCollection | { data: GeoFeatureCollection };
      return 'data' in body ? body.data : body;
    },
    subscribe(sensorIds, listener) {
      const controller = new AbortController();
      const wanted = new Set(sensorIds.map(String));
      void readStream(
        `${base}/api/v1/stream?sensor_ids=${[...wanted].map(encodeURIComponent).join(',')}`,
        { headers, credentials, signal: controller.signal },
        doFetch,
        (event) => {
          if (event.event !== 'reading') return;
          const reading = JSON.parse(event.data) as LiveReading;
          if (wanted.has(String(reading.sensor_id))) listener(reading);
        },
      ).catch(() => {
        // A server without a stream (404) or a dropped connection: the refresh interval still keeps the panel current.
      });
      return () => controller.abort();
    },
  };
}

export interface StreamEvent {
  event: string;
  data: string;
}

/** Server-sent events over fetch, so that the embed token can travel in a header (EventSource has none). */
export async function readStream(
  url: string,
  init: RequestInit,
  doFetch: typeof fetch,
  onEvent: (event: StreamEvent) => void,
): Promise<void> {
  const res = await doFetch(url, {
    ...init,
    headers: { ...(init.headers as object), Accept: 'text/event-stream' },
  });
  if (!res.ok || !res.body) return;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event: StreamEvent = { event: 'message', data: '' };
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event.event = line.slice(6).trim();
        else if (line.startsWith('data:')) event.data += line.slice(5).trim();
      }
      if (event.data) onEvent(event);
      end = buffer.indexOf('\n\n');
    }
  }
}
