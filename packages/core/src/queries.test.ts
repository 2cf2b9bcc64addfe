import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakePlatform, fakeServer } from '../test/fakeServer';
import { DASHBOARD_INCLUDE } from './api/dashboards';
import { createApi } from './api/index';
import { PANEL_INCLUDE } from './api/panels';
import { HttpError, NotFoundError, ServerError } from './errors';
import { createHttpClient } from './http';
import { createQueries, createQueryClient, retryPolicy } from './queries';

afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  const server = fakeServer();
  const queryClient = createQueryClient();
  const http = createHttpClient({
    platform: fakePlatform(server),
    readCookie: () => 't',
  });
  const api = createApi(http, () => true);
  return { server, queryClient, api, queries: createQueries(api) };
}

describe('query keys per resource', () => {
  it('spell the resource and its parameters', () => {
    const keys = setup().queries;
    expect(keys.dashboards().queryKey).toEqual(['dashboards']);
    expect(keys.dashboard(3).queryKey).toEqual(['dashboard', 3]);
    expect(keys.devices().queryKey).toEqual(['devices', { unassigned: false }]);
    expect(keys.devices({ unassigned: true }).queryKey).toEqual(['devices', { unassigned: true }]);
    expect(keys.measurements(2, { range_slug: 'prev_3_h', interval_slug: '5_m' }).queryKey).toEqual([
      'sensor',
      2,
      'measurements',
      { range_slug: 'prev_3_h', interval_slug: '5_m' },
    ]);
  });

  it('every query option fetches its resource through the API', async () => {
    const { server, queryClient, queries } = setup();
    const cases: [{ queryKey: readonly unknown[] }, string][] = [
      [queries.alerts(), 'GET /api/v1/alert?include=conditionsCount&sort=name'],
      [queries.alert(1), 'GET /api/v1/alert/1?include=conditions'],
      [queries.dashboards(), 'GET /api/v1/dashboard?include=user,panels&sort=title'],
      [queries.panel(1), `GET /api/v1/panel/1/?include=${PANEL_INCLUDE}`],
      [queries.dashboard(1), `GET /api/v1/dashboard/1/?include=${DASHBOARD_INCLUDE}`],
      [
        queries.devices({ unassigned: true }),
        'GET /api/v1/device/?include=sensors,defaultSensor,gateways,teams&sort=title&filter[unassigned]=1',
      ],
      [queries.allDevices(), 'GET /api/v1/device'],
      [queries.device(1), 'GET /api/v1/device/1/?include=sensors,gateways,teams'],
      [queries.deadLetters(1), 'GET /api/v1/device/1/dead-letters'],
      [queries.sensors(), 'GET /api/v1/sensor'],
      [
        queries.measurements(1, { range_slug: 'prev_3_h', interval_slug: '5_m' }),
        'GET /api/v1/sensor/1/measurements?range_slug=prev_3_h&interval_slug=5_m',
      ],
      [queries.latest(1), 'GET /api/v1/sensor/1/latest'],
      [
        queries.alertPeriods(1, { range_slug: 'prev_3_h' }),
        'GET /api/v1/sensor/1/alert-periods?range_slug=prev_3_h',
      ],
      [queries.teams(), 'GET /api/v1/team'],
      [queries.users(), 'GET /api/v1/user?include=teams&sort=name'],
      [queries.user(1), 'GET /api/v1/user/1'],
      [queries.notifications(), 'GET /api/v1/notification'],
      [queries.products(), 'GET /api/v1/product'],
      [queries.product(1), 'GET /api/v1/product/1'],
      [queries.embedTokens(), 'GET /api/v1/embed-token'],
      [queries.embedScripts(), 'GET /api/v1/embed-script'],
      [queries.webhooks(), 'GET /api/v1/webhook'],
      [queries.alertDeliveries(1), 'GET /api/v1/alert/1/deliveries'],
    ];
    for (const [options, route] of cases) {
      server.calls.length = 0;
      // One item in a list: sorted lists and single items alike give it back unchanged.
      const answer = [{ id: 1, name: 'A', title: 'A', external_device_id: 'x' }];
      server.on(route, { body: { data: answer } });
      await expect(
        queryClient.fetchQuery(options as Parameters<typeof queryClient.fetchQuery>[0]),
      ).resolves.toEqual(answer);
      expect(server.requests()).toEqual([route]);
    }
    const map = { type: 'FeatureCollection', features: [] };
    server.on('GET /api/v1/public/temperature-map', { body: map });
    await expect(queryClient.fetchQuery(queries.temperatureMap())).resolves.toEqual(map);
    server.on('GET /cart/retrieve', { body: { cart: [{ id: 4 }] } });
    await expect(queryClient.fetchQuery(queries.cart())).resolves.toEqual([{ id: 4 }]);
  });
});

describe('retry policy: never retry 4xx', () => {
  it('does not retry client errors, retries server and network errors up to three times', () => {
    expect(retryPolicy(0, new NotFoundError(404, null, 'GET', '/a'))).toBe(false);
    expect(retryPolicy(0, new HttpError(400, null, 'GET', '/a'))).toBe(false);
    expect(retryPolicy(0, new ServerError(500, null, 'GET', '/a'))).toBe(true);
    expect(retryPolicy(2, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryPolicy(3, new ServerError(503, null, 'GET', '/a'))).toBe(false);
  });

  it('a 404 fails at once; a 500 is retried by the query client', async () => {
    vi.useFakeTimers();
    const { server, queryClient, queries } = setup();
    server.on('GET /api/v1/team', { status: 404 });
    await expect(queryClient.fetchQuery(queries.teams())).rejects.toBeInstanceOf(NotFoundError);
    expect(server.requests()).toHaveLength(1);

    server.calls.length = 0;
    server.once('GET /api/v1/sensor', { status: 500 }).on('GET /api/v1/sensor', { body: { data: [] } });
    const result = queryClient.fetchQuery(queries.sensors());
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual([]);
    expect(server.requests()).toEqual(['GET /api/v1/sensor', 'GET /api/v1/sensor']);
  });

  it('keeps overrides from the caller', () => {
    const client = createQueryClient({ defaultOptions: { queries: { retry: false, staleTime: 5 } } });
    expect(client.getDefaultOptions().queries).toEqual({ retry: false, staleTime: 5 });
    expect(createQueryClient().getDefaultOptions().queries?.retry).toBe(retryPolicy);
  });
});
