import { describe, expect, it, vi } from 'vitest';
import { createHttpDataSource, MatnatHttpError } from './httpDataSource';

function recorder(respond: (url: string) => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    return respond(String(input));
  });
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch };
}

describe('createHttpDataSource', () => {
  it('asks for measurements with range, interval and max_points, sending the embed token as Bearer without cookies', async () => {
    const { calls, fetch } = recorder(() => Response.json({ data: { sensor_id: 4, buckets: [] } }));
    const source = createHttpDataSource({ apiBase: 'https://api.test/', embedToken: 'mtn_abc', fetch });
    const data = await source.measurements(4, {
      range_slug: 'prev_3_h',
      interval_slug: '5_m',
      max_points: 500,
    });
    expect(data).toEqual({ sensor_id: 4, buckets: [] });
    expect(calls[0]?.url).toBe(
      'https://api.test/api/v1/sensor/4/measurements?range_slug=prev_3_h&interval_slug=5_m&max_points=500',
    );
    expect(new Headers(calls[0]?.init.headers).get('Authorization')).toBe('Bearer mtn_abc');
    expect(calls[0]?.init.credentials).toBe('omit');
  });

  it('without a token it uses the session cookie; the public map never sends credentials', async () => {
    const { calls, fetch } = recorder((url) =>
      url.includes('temperature-map')
        ? Response.json({ type: 'FeatureCollection', features: [] })
        : Response.json({ data: null }),
    );
    const source = createHttpDataSource({ fetch });
    expect(await source.latest(1)).toBeNull();
    expect(await source.temperatureMap()).toEqual({ type: 'FeatureCollection', features: [] });
    expect(calls.map((c) => c.init.credentials)).toEqual(['include', 'omit']);
  });

  it('rejects with MatnatHttpError on a non-2xx status', async () => {
    const { fetch } = recorder(() => new Response('{}', { status: 401 }));
    await expect(createHttpDataSource({ fetch }).panel(3)).rejects.toBeInstanceOf(MatnatHttpError);
  });

  it('follows the server-sent event stream and passes on readings of the wanted sensors only', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const enc = new TextEncoder();
        controller.enqueue(
          enc.encode('event: reading\ndata: {"sensor_id":1,"value":2,"measured_at":10}\n\n'),
        );
        controller.enqueue(
          enc.encode(
            'event: reading\ndata: {"sensor_id":9,"value":3,"measured_at":11}\n\nevent: alert\ndata: {}\n\n',
          ),
        );
        controller.close();
      },
    });
    const { fetch, calls } = recorder(
      () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    );
    const seen: unknown[] = [];
    const stop = createHttpDataSource({ fetch }).subscribe?.([1], (r) => seen.push(r));
    await vi.waitFor(() => expect(seen).toEqual([{ sensor_id: 1, value: 2, measured_at: 10 }]));
    // The server streams only the sensors asked for (and refuses a request naming none).
    expect(calls[0]?.url).toContain('/api/v1/stream?sensor_ids=1');
    stop?.();
  });
});
