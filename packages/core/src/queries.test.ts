import { QueryObserver } from '@tanstack/query-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakePlatform, fakeServer } from '../test/fakeServer';
import { DASHBOARD_INCLUDE } from './api/dashboards';
import { createApi } from './api/index';
import { PANEL_INCLUDE } from './api/panels';
import { HttpError, NotFoundError, ServerError } from './errors';
import { createHttpClient } from './http';
import { createQueries, createQueryClient, invalidateAfterMutation, retryPolicy } from './queries';

afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  const server = fakeServer();
  const queryClient = createQueryClient();
  const http = createHttpClient({
    platform: fakePlatform(server),
    readCookie: () => 't',
    onMutated: (_, path) => void invalidateAfterMutation(queryClient, path),
  });
  const api = createApi(http, () => true);
  return { server, queryClient, api, queries: createQueries(api) };
}

/** Seeds the cache with one query per family so the test can see which became stale. */
function seed(queryClient: ReturnType<typeof createQueryClient>) {
  const q = createQueries(createApi(createHttpClient({ platform: fakePlatform(fakeServer()) })));
  const keys = [
    q.alerts().queryKey,
    q.alert(1).queryKey,
    q.dashboards().queryKey,
    q.dashboard(1).queryKey,
    q.panel(1).queryKey,
    q.devices().queryKey,
    q.devices({ unassigned: true }).queryKey,
    q.allDevices().queryKey,
    q.device(1).queryKey,
    q.sensors().queryKey,
    q.measurements(1, { range_slug: 'prev_5_days', interval_slug: '15_m' }).queryKey,
    q.latest(1).queryKey,
    q.teams().queryKey,
    q.users().queryKey,
    q.user(1).queryKey,
    q.notifications().queryKey,
    q.products().queryKey,
    q.product(1).queryKey,
    q.temperatureMap().queryKey,
    q.embedTokens().queryKey,
    q.cart().queryKey,
  ];
  for (const key of keys) queryClient.setQueryData(key, { seeded: true });
  return () => ({
    stale: keys
      .filter((key) => queryClient.getQueryState(key)?.isInvalidated)
      .map((key) => key[0])
      .filter((family, i, all) => all.indexOf(family) === i),
    cleared: keys.filter((key) => queryClient.getQueryData(key) === undefined).length,
  });
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
      [queries.sensors(), 'GET /api/v1/sensor'],
      [
        queries.measurements(1, { range_slug: 'prev_3_h', interval_slug: '5_m' }),
        'GET /api/v1/sensor/1/measurements?range_slug=prev_3_h&interval_slug=5_m',
      ],
      [queries.latest(1), 'GET /api/v1/sensor/1/latest'],
      [queries.teams(), 'GET /api/v1/team'],
      [queries.users(), 'GET /api/v1/user?include=teams&sort=name'],
      [queries.user(1), 'GET /api/v1/user/1'],
      [queries.notifications(), 'GET /api/v1/notification'],
      [queries.products(), 'GET /api/v1/product'],
      [queries.product(1), 'GET /api/v1/product/1'],
      [queries.embedTokens(), 'GET /api/v1/embed-token'],
    ];
    for (const [options, route] of cases) {
      server.calls.length = 0;
      server.on(route, { body: { data: { id: 1 } } });
      await expect(
        queryClient.fetchQuery(options as Parameters<typeof queryClient.fetchQuery>[0]),
      ).resolves.toEqual({
        id: 1,
      });
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

describe('invalidation after every mutation', () => {
  it.each([
    ['POST /api/v1/dashboard', ['dashboards', 'dashboard']],
    ['PATCH /api/v1/dashboard/1', ['dashboards', 'dashboard']],
    ['DELETE /api/v1/dashboard/1', ['dashboards', 'dashboard']],
    ['PATCH /api/v1/dashboard/1/panel', ['dashboards', 'dashboard']],
    ['POST /api/v1/panel', ['dashboards', 'dashboard', 'panel']],
    ['PATCH /api/v1/panel/1', ['dashboards', 'dashboard', 'panel']],
    ['DELETE /api/v1/panel/1', ['dashboards', 'dashboard', 'panel']],
    ['POST /api/v1/device', ['dashboards', 'dashboard', 'panel', 'devices', 'device', 'temperatureMap']],
    ['PATCH /api/v1/device/1', ['dashboards', 'dashboard', 'panel', 'devices', 'device', 'temperatureMap']],
    ['DELETE /api/v1/device/1', ['dashboards', 'dashboard', 'panel', 'devices', 'device', 'temperatureMap']],
    ['POST /api/v1/alert', ['alerts', 'alert']],
    ['PATCH /api/v1/alert/1', ['alerts', 'alert']],
    ['DELETE /api/v1/alert/1', ['alerts', 'alert']],
    ['PATCH /api/user/1', ['users', 'user']],
    ['POST /api/v1/notification/1/read', ['notifications']],
    ['POST /api/v1/embed-token', ['embedTokens']],
    ['DELETE /api/v1/embed-token/1', ['embedTokens']],
    ['POST /cart/store', ['cart']],
    ['POST /api/v1/order', ['cart']],
    ['POST /api/email/verification-notification', []],
    ['POST /api/password/email', []],
  ])('%s makes %j stale', async (route, families) => {
    const { server, queryClient } = setup();
    const state = seed(queryClient);
    const [method, path] = route.split(' ') as ['POST', string];
    server.on(route, { status: 204 });
    const http = createHttpClient({
      platform: fakePlatform(server),
      readCookie: () => 't',
      onMutated: (_, p) => void invalidateAfterMutation(queryClient, p),
    });
    await http.request(method, path);
    expect(state().stale.sort()).toEqual([...families].sort());
  });

  it('an unknown mutation invalidates everything', async () => {
    const { queryClient } = setup();
    const state = seed(queryClient);
    await invalidateAfterMutation(queryClient, '/api/v1/something-new');
    expect(state().stale).toHaveLength(18);
  });

  it.each([
    '/api/login',
    '/api/logout',
    '/api/register',
    '/api/invite/tok',
    '/api/password/reset',
    '/api/v1/user/4/impersonate',
    '/api/v1/user/4/impersonate/revert',
  ])('%s changes who is logged in: every cached query is reset', async (path) => {
    const { queryClient } = setup();
    const state = seed(queryClient);
    await invalidateAfterMutation(queryClient, path);
    expect(state().cleared).toBe(21);
  });

  it('an observed query refetches after its mutation', async () => {
    const { server, queryClient, queries, api } = setup();
    server.on('GET /api/v1/dashboard?include=user,panels&sort=title', { body: { data: [] } });
    server.on('POST /api/v1/dashboard', { status: 201, body: { data: { id: 1 } } });
    const observer = new QueryObserver(queryClient, queries.dashboards());
    const seen: unknown[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    await vi.waitFor(() => expect(seen).toContainEqual([]));
    server.on('GET /api/v1/dashboard?include=user,panels&sort=title', { body: { data: [{ id: 1 }] } });
    await api.dashboards.create({ title: 'Ny' });
    await vi.waitFor(() => expect(seen.at(-1)).toEqual([{ id: 1 }]));
    unsubscribe();
  });
});
