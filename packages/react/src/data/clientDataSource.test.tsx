import { createMatnatClient } from '@matnat/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SingleValuePanel } from '../charts/SingleValuePanel';
import { MatnatProvider } from '../provider/MatnatProvider';
import { dataSourceFromClient } from './clientDataSource';

describe('panels inside MatnatProvider', () => {
  afterEach(cleanup);

  it('read through the core client (its base URL and embed token) when no data source is given', async () => {
    const calls: { url: string; auth: string | null }[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), auth: new Headers(init?.headers).get('Authorization') });
      return Response.json({
        data: { sensor_id: 3, value: 7.25, measured_at: new Date().toISOString(), unit: '%' },
      });
    });
    const client = createMatnatClient({
      baseUrl: 'https://api.test',
      auth: { embedToken: 'mtn_p' },
      platform: { fetch },
    });
    render(
      <MatnatProvider client={client}>
        <SingleValuePanel sensorId={3} />
      </MatnatProvider>,
    );
    await act(async () => {
      for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
    });
    expect(screen.getByText('7,3')).toBeTruthy();
    expect(calls[0]).toEqual({ url: 'https://api.test/api/v1/sensor/3/latest', auth: 'Bearer mtn_p' });
    client.dispose();
  });

  it("follows the core client's stream, naming the sensors it wants (the server refuses a stream of none)", async () => {
    const urls: string[] = [];
    const doFetch = vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return new Response(
        'event: reading\ndata: {"sensor_id":4,"value":1.5,"measured_at":"2026-11-22T05:00:00Z"}\n\n',
        {
          headers: { 'content-type': 'text/event-stream' },
        },
      );
    });
    const client = createMatnatClient({ baseUrl: 'https://api.test', platform: { fetch: doFetch } });
    const source = dataSourceFromClient(client.api, doFetch as unknown as typeof fetch);
    const seen: unknown[] = [];
    const stop = source.subscribe?.([4, 5], (reading) => seen.push(reading));
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(urls[0]).toBe('https://api.test/api/v1/stream?sensor_ids=4,5');
    stop?.();
    client.dispose();
  });
});
