import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePlatform, fakeServer } from '../test/fakeServer';
import { fixtures } from '../test/fixtures';
import { createMatnatClient, createPanelClient, createWidgetClient, type MatnatClientConfig } from './client';
import { ForbiddenError } from './errors';
import { sharedClient } from './registry';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const DEVICES = 'GET /api/v1/device/?include=sensors,defaultSensor,gateways,teams&sort=title';

function setup(config: MatnatClientConfig = {}) {
  const server = fakeServer(config.baseUrl);
  const platform = fakePlatform(server);
  const navigate = vi.fn();
  const onUnauthenticated = vi.fn();
  const client = createMatnatClient({
    platform,
    navigate,
    onUnauthenticated,
    readCookie: () => 'tok',
    ...config,
  });
  server.on('POST /api/logout', { status: 204 });
  return { server, platform, navigate, onUnauthenticated, client };
}

describe('createMatnatClient', () => {
  it('creates without touching browser globals (SSR) and uses the browser defaults lazily', () => {
    const client = createMatnatClient();
    expect(client.session.getSnapshot().user).toBeNull();
    expect(client.http.baseUrl).toBe('');
    expect(client.http.auth).toBe('session');
    client.dispose();
  });

  it('sends every call to the configured base URL', async () => {
    const { server, client } = setup({ baseUrl: 'https://api.matnat.se' });
    server.on('GET /api/v1/team', { body: { data: [] } });
    await client.load(client.queries.teams());
    expect(server.fetch).toHaveBeenCalledWith('https://api.matnat.se/api/v1/team', expect.anything());
  });

  it('embed-token mode: Authorization: Bearer and no cookies, also for the stream', async () => {
    const { server, client } = setup({ auth: { embedToken: 'emb' } });
    server.on('GET /api/v1/sensor/1/latest', { body: { data: null } });
    await client.queryClient.fetchQuery(client.queries.latest(1));
    expect(server.last()).toMatchObject({ credentials: 'omit', headers: { Authorization: 'Bearer emb' } });
    expect(client.api.stream().init.headers).toMatchObject({ Authorization: 'Bearer emb' });
  });

  it('the public temperature map goes without token or cookie (a bad token never breaks it), unwrapped', async () => {
    const { server, client } = setup({ auth: { embedToken: 'mtn_revoked' } });
    const map = { type: 'FeatureCollection', features: [] };
    server.on('GET /api/v1/public/temperature-map', { body: map });
    await expect(client.queryClient.fetchQuery(client.queries.temperatureMap())).resolves.toEqual(map);
    expect(server.last().credentials).toBe('omit');
    expect(server.last().headers.Authorization).toBeUndefined();
  });

  it('spec §8: status 401 while logged in logs out, goes to login and calls onUnauthenticated', async () => {
    const { server, client, navigate, onUnauthenticated } = setup();
    client.session.update(fixtures.me());
    server.on('GET /api/v1/team', { status: 401, body: { message: 'Unauthenticated.' } });
    await expect(client.load(client.queries.teams())).rejects.toMatchObject({ status: 401 });
    expect(client.session.getSnapshot().user).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('login');
    expect(onUnauthenticated).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests()).toContain('POST /api/logout');
  });

  it('a 401 while logged out neither navigates nor calls onUnauthenticated', async () => {
    const { server, client, navigate, onUnauthenticated } = setup();
    server.on('GET /api/v1/product', { status: 401 });
    await expect(client.queryClient.fetchQuery(client.queries.products())).rejects.toMatchObject({
      status: 401,
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('status 500 or above is only logged through the platform logger', async () => {
    const { server, client, platform } = setup();
    server.on('GET /api/v1/team', { status: 500 });
    const loading = client.load(client.queries.teams()).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await loading).toMatchObject({ status: 500 });
    expect(platform.logger.error).toHaveBeenCalled();
    expect(client.toasts.getSnapshot().toasts).toEqual([]);
  });

  it('spec §6: the unassigned filter follows the session: refused for users, sent for admins', async () => {
    const { server, client } = setup();
    server.on(`${DEVICES}&filter[unassigned]=1`, { body: { data: [] } });
    client.session.update(fixtures.me());
    await expect(client.load(client.queries.devices({ unassigned: true }))).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    expect(server.requests()).toEqual([]);
    client.session.update(fixtures.me({ is_admin: true }));
    await client.load(client.queries.devices({ unassigned: true }));
    expect(server.requests()).toEqual([`${DEVICES}&filter[unassigned]=1`]);
  });

  it('spec §9: devices are sorted by title, else external_device_id, in Swedish order', async () => {
    const { server, client } = setup();
    const { device } = fixtures;
    server.on(DEVICES, {
      body: { data: [device(1, 'Örebro'), device(2, 'Zeta'), device(3, null, 'Ängen'), device(4, 'Alfa')] },
    });
    const list = await client.load(client.queries.devices());
    expect(list.map((d) => d.id)).toEqual([4, 2, 3, 1]);
  });

  it("removing from the cart shows 'Artiklen togs bort'; messages can be reworded", async () => {
    const { server, client } = setup({ messages: { removed: { cartItem: 'Varan togs bort' } } });
    server.on('POST /cart/store', { status: 204 });
    await client.cart.add({ id: 1 });
    await client.cart.remove(1);
    expect(client.toasts.getSnapshot().toasts.map((t) => t.message)).toEqual(['Varan togs bort']);
    expect(client.messages.removed.dashboard).toBe('Dashboarden har tagits bort');
  });

  it('spec §4 Cart: a loaded cart is read again when the user signs in (the guest cart follows them)', async () => {
    const { server, client } = setup();
    server.once('GET /cart/retrieve', { body: { cart: [{ id: 1 }] } });
    server.on('GET /cart/retrieve', { body: { cart: [{ id: 1 }, { id: 2 }] } });
    await client.cart.ensureLoaded();
    client.session.update(fixtures.me());
    await vi.waitFor(() => expect(client.cart.getSnapshot().items.map((i) => i.id)).toEqual([1, 2]));
    // The same user refreshed is no change of owner: no further read.
    client.session.update(fixtures.me());
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls.filter((c) => c.url === '/cart/retrieve')).toHaveLength(2);
  });

  it('a cart never loaded stays unloaded when the user signs in (no request)', async () => {
    const { server, client } = setup();
    client.session.update(fixtures.me());
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls.filter((c) => c.url === '/cart/retrieve')).toHaveLength(0);
  });

  it('dispose stops the session refresh and the version check, and empties the cache', async () => {
    const { server, client } = setup();
    server.on('GET /index.html', { body: '<html>1</html>' });
    client.session.update(fixtures.me());
    client.versionCheck.start();
    client.queryClient.setQueryData(['teams'], []);
    client.toasts.show('Hej');
    client.dispose();
    expect(client.queryClient.getQueryData(['teams'])).toBeUndefined();
    expect(client.toasts.getSnapshot().toasts).toEqual([]);
    server.calls.length = 0;
    await vi.advanceTimersByTimeAsync(600_000);
    expect(server.calls).toEqual([]);
  });

  it('exposes the time filters and local settings over the injected storage', () => {
    const { client, platform } = setup();
    client.localSettings.set({ useSatellite: true });
    expect(platform.storage?.getItem('settings')).toContain('true');
    expect(client.timeFilters.get('/dashboard/1')).toMatchObject({
      range_slug: 'prev_5_days',
      interval_slug: '15_m',
    });
    client.timeFilters.set('/dashboard/1', { range_slug: 'prev_24_h' });
    expect(client.timeFilters.get('/dashboard/1').range_slug).toBe('prev_24_h');
  });
});

describe('createWidgetClient and the page registry (one client per page)', () => {
  it('a widget client is the part a panel needs: http, api, queries on the same query cache, stream, filters, settings', async () => {
    const server = fakeServer('https://api.matnat.se');
    server.on('GET /api/v1/sensor/3/latest', { body: { data: null } });
    const client = createWidgetClient({
      baseUrl: 'https://api.matnat.se',
      auth: { embedToken: 'emb' },
      platform: fakePlatform(server),
    });
    expect('session' in client || 'mutations' in client).toBe(false);
    await expect(client.queryClient.fetchQuery(client.queries.latest(3))).resolves.toBeNull();
    expect(server.last()).toMatchObject({ headers: { Authorization: 'Bearer emb' } });
    expect(client.queryClient.getQueryState(['sensor', 3, 'latest'])?.status).toBe('success');
    expect(client.timeFilters.get('/x').range_slug).toBe('prev_5_days');
    expect(client.localSettings.getSnapshot().useSatellite).toBe(false);
    client.dispose();
  });

  it("a panel client (panel.js) carries the panels' queries, keyed as the full client's, and no other resource's calls", async () => {
    const server = fakeServer('https://api.matnat.se');
    server.on('GET /api/v1/sensor/3/latest', { body: { data: { value: 4.5 } } });
    const client = createPanelClient({
      baseUrl: 'https://api.matnat.se',
      auth: { embedToken: 'emb' },
      platform: fakePlatform(server),
    });
    expect(Object.keys(client.queries).sort()).toEqual(['alertPeriods', 'latest', 'measurements', 'panel']);
    expect('api' in client || 'localSettings' in client || 'session' in client).toBe(false);
    const full = createWidgetClient();
    for (const [name, query] of [
      ['panel', (c: typeof client) => c.queries.panel(7)],
      ['measurements', (c: typeof client) => c.queries.measurements(3, { range_slug: 'prev_24_h' })],
      ['alertPeriods', (c: typeof client) => c.queries.alertPeriods(3, { range_slug: 'prev_24_h' })],
    ] as const) {
      expect(query(client).queryKey, name).toEqual(query(full).queryKey);
    }
    await expect(client.queryClient.fetchQuery(client.queries.latest(3))).resolves.toEqual({ value: 4.5 });
    expect(server.last()).toMatchObject({ headers: { Authorization: 'Bearer emb' } });
    expect(client.timeFilters.get('/x').range_slug).toBe('prev_5_days');
    client.dispose();
    expect(client.queryClient.getQueryState(['sensor', 3, 'latest'])).toBeUndefined();
    full.dispose();
  });

  it('the full client carries the widget parts on its query cache: what a widget loads, the app reads', async () => {
    const { server, client } = setup();
    server.on('GET /api/v1/sensor/3/latest', { body: { data: { value: 4.5 } } });
    await client.queryClient.fetchQuery(client.queries.latest(3));
    expect(client.queryClient.getQueryData(['sensor', 3, 'latest'])).toEqual({ value: 4.5 });
    await client.load(client.queries.latest(3));
    expect(server.requests()).toEqual(['GET /api/v1/sensor/3/latest']);
  });

  it('sharedClient: the same API base and auth give the same client; another token or base another one', () => {
    const make = vi.fn((config: MatnatClientConfig) => createWidgetClient(config));
    const get = (config: MatnatClientConfig) => sharedClient(config, () => make(config));
    const a = get({ baseUrl: 'https://a.se', auth: { embedToken: 't1' } });
    expect(get({ baseUrl: 'https://a.se', auth: { embedToken: 't1' } })).toBe(a);
    expect(get({ baseUrl: 'https://a.se', auth: { embedToken: 't2' } })).not.toBe(a);
    expect(get({ baseUrl: 'https://b.se', auth: { embedToken: 't1' } })).not.toBe(a);
    expect(get({ baseUrl: 'https://a.se' })).toBe(get({ baseUrl: 'https://a.se', auth: 'session' }));
    expect(make).toHaveBeenCalledTimes(4);
  });
});
