import { createMatnatClient } from '@matnat/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SingleValuePanel } from '../charts/SingleValuePanel';
import { MatnatProvider } from '../provider/MatnatProvider';

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
});
