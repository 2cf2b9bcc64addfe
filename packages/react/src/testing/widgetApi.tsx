import { createMatnatClient, createWidgetClient, type MatnatClientConfig } from '@matnat/core';
import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { panelClient } from '../embed/widgetProvider';
import { MatnatProvider } from '../provider/MatnatProvider';
import type { MatnatClientLike } from '../provider/types';

const HOUR = 3_600_000;
export const T0 = Date.UTC(2026, 0, 1);

export interface ApiCall {
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  credentials?: RequestCredentials;
}

/** Buckets every hour from T0: value 20 (18–22) for sensor 1, 10 (8–12) for others. */
export function buckets(sensorId: number, count = 4) {
  const base = sensorId === 1 ? 20 : 10;
  return {
    sensor_id: sensorId,
    from: new Date(T0).toISOString(),
    to: new Date(T0 + count * HOUR).toISOString(),
    bucket_ms: HOUR,
    buckets: Array.from({ length: count }, (_, i) => ({
      t: T0 + i * HOUR,
      avg: base,
      min: base - 2,
      max: base + 2,
      last: base + 1,
      count: 4,
    })),
  };
}

type Answer = { status?: number; body?: unknown };

/**
 * A single-value panel as `GET /api/v1/panel/{id}/` answers it with spec §7's includes: its item comes
 * without the sensor, which the panel carries itself.
 */
export function singleValuePanelAnswer(id: number, sensorId: number, title: string | null = null): Answer {
  return {
    body: {
      data: {
        id,
        type: 'single_value',
        title,
        sensor: { id: sensorId, name: 'Luftfuktighet', unit: '%' },
        device: { id: 2, title: 'Åre 1' },
        singleValueItem: { id: 1, panel_id: id, sensor_id: sensorId, device_id: 2 },
      },
    },
  };
}

/** A sensor's alert periods (`GET /api/v1/sensor/{id}/alert-periods`): none unless a test answers some. */
export function alertPeriods(sensorId: number, alerts: unknown[] = []) {
  return {
    sensor_id: sensorId,
    from: new Date(T0).toISOString(),
    to: new Date(T0 + 3 * 3_600_000).toISOString(),
    alerts,
  };
}

/**
 * A stand-in for the Mätnät API for widget tests: measurements, latest readings, panels, the public map,
 * and `GET /api/v1/stream`, whose open connections the test pushes readings into. Every call is recorded.
 * Routes can be replaced with `answer(path, reply)`.
 */
export function widgetApi() {
  const calls: ApiCall[] = [];
  const streams: {
    sensorIds: string[];
    alerts: boolean;
    push(reading: object, event?: string): void;
    signal: AbortSignal;
  }[] = [];
  const custom = new Map<string, Answer | ((call: ApiCall) => Answer)>();
  const encoder = new TextEncoder();

  const defaultAnswer = (path: string): Answer => {
    let m = /^\/api\/v1\/sensor\/(\d+)\/measurements$/.exec(path);
    if (m) return { body: { data: buckets(Number(m[1])) } };
    m = /^\/api\/v1\/sensor\/(\d+)\/alert-periods$/.exec(path);
    if (m) return { body: { data: alertPeriods(Number(m[1])) } };
    m = /^\/api\/v1\/sensor\/(\d+)\/latest$/.exec(path);
    if (m)
      return {
        body: {
          data: {
            sensor_id: Number(m[1]),
            value: 21.46,
            measured_at: new Date(T0).toISOString(),
            unit: '°C',
          },
        },
      };
    if (path === '/api/v1/public/temperature-map') {
      return {
        body: {
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              id: 1,
              geometry: { type: 'Point', coordinates: [18.07, 59.33] },
              properties: { title: 'Stockholm', temperature: -3.5, measured_at: new Date(T0).toISOString() },
            },
          ],
        },
      };
    }
    return { status: 404, body: { message: 'Hittades inte.' } };
  };

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://matnat.test');
    const call: ApiCall = {
      path: url.pathname,
      query: url.searchParams,
      headers: { ...(init.headers as Record<string, string>) },
      credentials: init.credentials,
    };
    calls.push(call);
    if (url.pathname === '/api/v1/stream' && !custom.has(url.pathname)) {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
        },
      });
      const signal = init.signal as AbortSignal;
      signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      streams.push({
        sensorIds: (url.searchParams.get('sensor_ids') ?? '').split(','),
        alerts: url.searchParams.get('alerts') === '1',
        signal,
        push: (data, event = 'reading') =>
          controller.enqueue(
            encoder.encode(`event: ${event}\ndata: ${JSON.stringify({ type: event, ...data })}\n\n`),
          ),
      });
      return new Response(body, { status: 200 });
    }
    const given = custom.get(url.pathname);
    const answer = given ? (typeof given === 'function' ? given(call) : given) : defaultAnswer(url.pathname);
    return Response.json(answer.body ?? null, { status: answer.status ?? 200 });
  };

  const openStreams = () => streams.filter((s) => !s.signal.aborted);
  return {
    fetch: fetch as typeof globalThis.fetch,
    calls,
    streams,
    answer(path: string, reply: Answer | ((call: ApiCall) => Answer)) {
      custom.set(path, reply);
    },
    /** Calls to a path (pattern), e.g. `/measurements$/`. */
    callsTo: (pattern: RegExp) => calls.filter((c) => pattern.test(c.path)),
    /** Pushes a reading into every open stream that names its sensor. */
    push(reading: { sensor_id: number; value: number; measured_at: string; device_id?: number }) {
      for (const s of streams)
        if (!s.signal.aborted && s.sensorIds.includes(String(reading.sensor_id)))
          s.push({ device_id: 1, ...reading });
    },
    /** Pushes an alert change into every open stream that hears alerts (`alerts=1`). */
    pushAlert(change: { alert_id: number; sensor_id: number; state: string; at: string; value?: number }) {
      for (const s of streams)
        if (!s.signal.aborted && s.alerts) s.push({ kind: 'value', value: null, ...change }, 'alert');
    },
    openStreams,
    /**
     * Waits in real time for an open stream: the first connection opens once the start has settled, a second
     * after the last subscriber change or answered request (the core's `ReadingStream`).
     */
    async streamOpened() {
      for (let waited = 0; !openStreams().length; waited += 50) {
        if (waited > 3000) throw new Error('no live stream opened within 3 s');
        await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      }
    },
  };
}

export type WidgetApi = ReturnType<typeof widgetApi>;

/** A full core client over the stand-in API (no storage: time filters live in memory). */
export function testCoreClient(api: WidgetApi, config: MatnatClientConfig = {}) {
  return createMatnatClient({
    platform: { fetch: api.fetch, storage: null },
    readCookie: () => 't',
    ...config,
  });
}

/** The script-tag builds' client over the stand-in API. */
export function testWidgetClient(api: WidgetApi, config: MatnatClientConfig = {}) {
  return createWidgetClient({ platform: { fetch: api.fetch, storage: null }, ...config });
}

/** panel.js's client (the core's panel client: the panels' queries only) over the stand-in API. */
export function testPanelClient(api: WidgetApi, config: MatnatClientConfig = {}) {
  return panelClient({ platform: { fetch: api.fetch, storage: null }, ...config });
}

export function withClient(client: MatnatClientLike) {
  return ({ children }: { children: ReactNode }) => (
    <MatnatProvider client={client}>{children}</MatnatProvider>
  );
}

/**
 * The stand-in API behind a core client, with its measurement requests held while `hold()` is on, until
 * `release()`: what a panel shows between a new range or zoom and its answer.
 */
export function heldWidgetApi() {
  const api = widgetApi();
  let gate: Promise<void> | null = null;
  let release = () => {};
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (gate && String(input).includes('/measurements')) await gate;
    return api.fetch(input, init);
  }) as typeof globalThis.fetch;
  const client = testCoreClient({ ...api, fetch });
  return {
    api,
    wrapper: withClient(client),
    measurements: () => api.callsTo(/\/measurements$/),
    hold: () => {
      gate = new Promise((resolve) => (release = resolve));
    },
    release: () => {
      gate = null;
      release();
    },
  };
}

/** Lets fetches, stream chunks and the stream's widening (its next tick) run. */
export async function settle(rounds = 3) {
  for (let i = 0; i < rounds; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
  }
}
