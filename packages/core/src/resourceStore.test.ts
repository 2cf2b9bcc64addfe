import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePlatform, fakeServer } from '../test/fakeServer';
import { fixtures } from '../test/fixtures';
import { DASHBOARD_INCLUDE } from './api/dashboards';
import { createApi } from './api/index';
import { PANEL_INCLUDE } from './api/panels';
import { NotFoundError } from './errors';
import { createHttpClient } from './http';
import { createQueries, createQueryClient } from './queries';
import { createResourceStore, createResourceStores } from './resourceStore';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const DASHBOARDS = 'GET /api/v1/dashboard?include=user,panels&sort=title';
const DEVICES = 'GET /api/v1/device/?include=sensors,defaultSensor,gateways,teams&sort=title';
const dashboardUrl = (id: number) => `GET /api/v1/dashboard/${id}/?include=${DASHBOARD_INCLUDE}`;
const deviceUrl = (id: number) => `GET /api/v1/device/${id}/?include=sensors,gateways,teams`;

const { panel, dashboard, device } = fixtures;
const lineChart = (dashboard_id: number) => ({
  type: 'line_chart' as const,
  dashboard_id,
  line_chart_items: [{ device_id: 1, sensor_id: 1 }],
});

function setup() {
  const server = fakeServer();
  const platform = fakePlatform(server);
  const http = createHttpClient({ platform, readCookie: () => 't' });
  const api = createApi(http, () => true);
  const queryClient = createQueryClient();
  const notify = vi.fn();
  const stores = createResourceStores({
    api,
    queries: createQueries(api),
    queryClient,
    timers: platform.timers,
    notify,
    sortDevices: (devices) =>
      [...devices].sort((a, b) =>
        (a.title ?? a.external_device_id).localeCompare(b.title ?? b.external_device_id),
      ),
  });
  return { server, stores, notify, queryClient };
}

describe('spec §4/§8: a failed load of dashboard, device, panel, sensors or teams clears the current item and rejects', () => {
  it('dashboard', async () => {
    const { server, stores } = setup();
    server.once(dashboardUrl(1), { body: { data: dashboard(1) } });
    await stores.dashboards.load(1);
    expect(stores.dashboards.getSnapshot().current?.id).toBe(1);
    server.on(dashboardUrl(2), { status: 404 });
    await expect(stores.dashboards.load(2)).rejects.toBeInstanceOf(NotFoundError);
    expect(stores.dashboards.getSnapshot().current).toBeNull();
  });

  it('device', async () => {
    const { server, stores } = setup();
    server.once(deviceUrl(4), { body: { data: device(4, 'Spjut') } });
    await expect(stores.devices.load(4)).resolves.toMatchObject({ id: 4 });
    server.on(deviceUrl(4), { status: 403 });
    await expect(stores.devices.load(4)).rejects.toMatchObject({ status: 403 });
    expect(stores.devices.getSnapshot().current).toBeNull();
  });

  it('panel', async () => {
    const { server, stores } = setup();
    const route = `GET /api/v1/panel/3/?include=${PANEL_INCLUDE}`;
    server.once(route, { body: { data: panel(3) } });
    await stores.panels.load(3);
    expect(stores.panels.getSnapshot().current?.id).toBe(3);
    server.on(route, { status: 404 });
    await expect(stores.panels.load(3)).rejects.toBeInstanceOf(NotFoundError);
    expect(stores.panels.getSnapshot().current).toBeNull();
  });

  it('sensors and teams (list-only resources) reset their list', async () => {
    const { server, stores } = setup();
    server.once('GET /api/v1/sensor', { body: { data: [{ id: 1 }] } });
    server.once('GET /api/v1/team', { body: { data: [{ id: 1, name: 'Norr' }] } });
    await stores.sensors.loadList();
    await stores.teams.loadList();
    expect(stores.sensors.getSnapshot().list).toHaveLength(1);
    expect(stores.teams.getSnapshot().list).toHaveLength(1);
    server.on('GET /api/v1/sensor', { status: 404 }).on('GET /api/v1/team', { status: 401 });
    await expect(stores.sensors.loadList()).rejects.toBeInstanceOf(NotFoundError);
    await expect(stores.teams.loadList()).rejects.toMatchObject({ status: 401 });
    expect(stores.sensors.getSnapshot().list).toEqual([]);
    expect(stores.teams.getSnapshot().list).toEqual([]);
  });
});

describe('lists', () => {
  it('loads dashboards in the server order and caches them under their query key', async () => {
    const { server, stores, queryClient } = setup();
    server.on(DASHBOARDS, { body: { data: [dashboard(2, 'A'), dashboard(1, 'B')] } });
    await expect(stores.dashboards.loadList()).resolves.toHaveLength(2);
    expect(stores.dashboards.getSnapshot().list.map((d) => d.id)).toEqual([2, 1]);
    expect(queryClient.getQueryData(['dashboards'])).toHaveLength(2);
  });

  it('spec §9: devices are sorted by title, or by external_device_id if title is missing', async () => {
    const { server, stores } = setup();
    server.on(DEVICES, { body: { data: [device(1, 'Öst'), device(2, null, 'b-2'), device(3, 'Alfa')] } });
    await stores.devices.loadList();
    expect(stores.devices.getSnapshot().list.map((d) => d.id)).toEqual([3, 2, 1]);
  });

  it('spec §6: the unassigned filter is passed through for admins', async () => {
    const { server, stores } = setup();
    server.on(`${DEVICES}&filter[unassigned]=1`, { body: { data: [] } });
    await stores.devices.loadList({ unassigned: true });
    expect(server.requests()).toEqual([`${DEVICES}&filter[unassigned]=1`]);
  });
});

describe('spec §4: creating adds to the list', () => {
  it('dashboards', async () => {
    const { server, stores } = setup();
    server.on(DASHBOARDS, { body: { data: [dashboard(1)] } });
    server.on('POST /api/v1/dashboard', { status: 201, body: { data: dashboard(2, 'Ny') } });
    await stores.dashboards.loadList();
    await expect(stores.dashboards.create({ title: 'Ny' })).resolves.toMatchObject({ id: 2 });
    expect(stores.dashboards.getSnapshot().list.map((d) => d.id)).toEqual([1, 2]);
  });

  it('devices, in sorted place', async () => {
    const { server, stores } = setup();
    server.on(DEVICES, { body: { data: [device(1, 'B')] } });
    server.on('POST /api/v1/device', { status: 201, body: { data: device(2, 'A') } });
    await stores.devices.loadList();
    await stores.devices.create({ title: 'A', external_device_id: 'a-1' });
    expect(stores.devices.getSnapshot().list.map((d) => d.id)).toEqual([2, 1]);
  });

  it('update replaces the item in the list and as the open item (PATCH answer is the dashboard)', async () => {
    const { server, stores } = setup();
    server.on(DASHBOARDS, { body: { data: [dashboard(1), dashboard(2)] } });
    server.on(dashboardUrl(1), { body: { data: dashboard(1) } });
    server.on('PATCH /api/v1/dashboard/1', { body: { data: dashboard(1, 'Omdöpt') } });
    server.on('PATCH /api/v1/dashboard/2', { body: { data: dashboard(2, 'Två') } });
    await stores.dashboards.loadList();
    await stores.dashboards.load(1);
    await stores.dashboards.update(1, { title: 'Omdöpt' });
    await stores.dashboards.update(2, { title: 'Två' });
    const snap = stores.dashboards.getSnapshot();
    expect(snap.list.map((d) => d.title)).toEqual(['Omdöpt', 'Två']);
    expect(snap.current?.title).toBe('Omdöpt');
  });

  it('the open dashboard keeps its loaded panels through an update whose answer has them without items', async () => {
    const { server, stores } = setup();
    const loaded = dashboard(1, 'D', [panel(10), panel(11)]);
    const shallow = { ...dashboard(1, 'Omdöpt', [{ ...panel(10), lineChartItems: undefined }]) };
    server.on(dashboardUrl(1), { body: { data: loaded } });
    server.on('PATCH /api/v1/dashboard/1', { body: { data: shallow } });
    await stores.dashboards.load(1);
    await stores.dashboards.update(1, { title: 'Omdöpt' });
    const current = stores.dashboards.getSnapshot().current;
    expect(current?.title).toBe('Omdöpt');
    expect(current?.panels).toEqual(loaded.panels);
  });
});

describe('spec §4: deleting a dashboard or device', () => {
  it("removes the dashboard from the list 500 ms after the server replies, clears it if open, then shows 'Dashboarden har tagits bort'", async () => {
    const { server, stores, notify } = setup();
    server.on(DASHBOARDS, { body: { data: [dashboard(1), dashboard(2)] } });
    server.on(dashboardUrl(1), { body: { data: dashboard(1) } });
    server.on('DELETE /api/v1/dashboard/1', { status: 204 });
    await stores.dashboards.loadList();
    await stores.dashboards.load(1);
    let done = false;
    const removal = stores.dashboards.remove(1).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests()).toContain('DELETE /api/v1/dashboard/1');
    await vi.advanceTimersByTimeAsync(499);
    expect(stores.dashboards.getSnapshot().list).toHaveLength(2);
    expect(stores.dashboards.getSnapshot().current?.id).toBe(1);
    expect(notify).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await removal;
    expect(done).toBe(true);
    expect(stores.dashboards.getSnapshot().list.map((d) => d.id)).toEqual([2]);
    expect(stores.dashboards.getSnapshot().current).toBeNull();
    expect(notify).toHaveBeenCalledExactlyOnceWith('Dashboarden har tagits bort');
  });

  it('keeps the open item when another one is deleted', async () => {
    const { server, stores } = setup();
    server.on(DASHBOARDS, { body: { data: [dashboard(1), dashboard(2)] } });
    server.on(dashboardUrl(1), { body: { data: dashboard(1) } });
    server.on('DELETE /api/v1/dashboard/2', { status: 204 });
    await stores.dashboards.loadList();
    await stores.dashboards.load(1);
    const removal = stores.dashboards.remove(2);
    await vi.advanceTimersByTimeAsync(500);
    await removal;
    expect(stores.dashboards.getSnapshot().current?.id).toBe(1);
  });

  it("removes the device 500 ms later and shows 'Mätenheten har tagits bort'", async () => {
    const { server, stores, notify } = setup();
    server.on(DEVICES, { body: { data: [device(1, 'A'), device(2, 'B')] } });
    server.on(deviceUrl(2), { body: { data: device(2, 'B') } });
    server.on('DELETE /api/v1/device/2', { status: 204 });
    await stores.devices.loadList();
    await stores.devices.load(2);
    const removal = stores.devices.remove(2);
    await vi.advanceTimersByTimeAsync(499);
    expect(stores.devices.getSnapshot().list).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await removal;
    expect(stores.devices.getSnapshot().list.map((d) => d.id)).toEqual([1]);
    expect(stores.devices.getSnapshot().current).toBeNull();
    expect(notify).toHaveBeenCalledExactlyOnceWith('Mätenheten har tagits bort');
  });

  it('a failed delete rejects and leaves list, open item and notifications alone', async () => {
    const { server, stores, notify } = setup();
    server.on(DASHBOARDS, { body: { data: [dashboard(1)] } });
    server.on('DELETE /api/v1/dashboard/1', { status: 403 });
    await stores.dashboards.loadList();
    await expect(stores.dashboards.remove(1)).rejects.toMatchObject({ status: 403 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(stores.dashboards.getSnapshot().list).toHaveLength(1);
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('spec §4: removing a panel removes it from the open dashboard', () => {
  async function openDashboard() {
    const ctx = setup();
    ctx.server.on(dashboardUrl(1), { body: { data: dashboard(1, 'D', [panel(10), panel(11), panel(12)]) } });
    await ctx.stores.dashboards.load(1);
    return ctx;
  }
  const panelIds = (ctx: Awaited<ReturnType<typeof openDashboard>>) =>
    ctx.stores.dashboards.getSnapshot().current?.panels?.map((p) => p.id);

  it('removes it right after DELETE /api/v1/panel/{id}, and closes it if it was the open panel', async () => {
    const ctx = await openDashboard();
    ctx.server.on(`GET /api/v1/panel/11/?include=${PANEL_INCLUDE}`, { body: { data: panel(11) } });
    ctx.server.on('DELETE /api/v1/panel/11', { status: 204 });
    await ctx.stores.panels.load(11);
    await ctx.stores.panels.remove(11);
    expect(panelIds(ctx)).toEqual([10, 12]);
    expect(ctx.stores.panels.getSnapshot().current).toBeNull();
  });

  it('keeps an unrelated open panel and survives no dashboard being open', async () => {
    const ctx = setup();
    ctx.server.on(`GET /api/v1/panel/5/?include=${PANEL_INCLUDE}`, { body: { data: panel(5) } });
    ctx.server.on('DELETE /api/v1/panel/6', { status: 204 });
    await ctx.stores.panels.load(5);
    await ctx.stores.panels.remove(6);
    expect(ctx.stores.panels.getSnapshot().current?.id).toBe(5);
  });

  it('a created panel joins the open dashboard (creating adds to the list); one of another dashboard does not', async () => {
    const ctx = await openDashboard();
    ctx.server.once('POST /api/v1/panel', { status: 201, body: { data: panel(13) } });
    ctx.server.once('POST /api/v1/panel', { status: 201, body: { data: panel(20, 2) } });
    await ctx.stores.panels.create(lineChart(1));
    await ctx.stores.panels.create(lineChart(2));
    expect(panelIds(ctx)).toEqual([10, 11, 12, 13]);
  });

  it('a created panel starts the panel list of a dashboard loaded without panels', async () => {
    const ctx = setup();
    ctx.server.on(dashboardUrl(1), { body: { data: dashboard(1, 'D') } });
    ctx.server.on('POST /api/v1/panel', { status: 201, body: { data: panel(1) } });
    await ctx.stores.dashboards.load(1);
    await ctx.stores.panels.create(lineChart(1));
    expect(ctx.stores.dashboards.getSnapshot().current?.panels?.map((p) => p.id)).toEqual([1]);
  });

  it('an edited panel replaces its old version in the open dashboard and as the open panel', async () => {
    const ctx = await openDashboard();
    const edited = panel(11, 1, { title: 'Ny' });
    ctx.server.on(`GET /api/v1/panel/11/?include=${PANEL_INCLUDE}`, { body: { data: panel(11) } });
    ctx.server.on('PATCH /api/v1/panel/11', { body: { data: edited } });
    ctx.server.on('PATCH /api/v1/panel/99', { body: { data: panel(99, 3) } });
    await ctx.stores.panels.load(11);
    await ctx.stores.panels.update(11, { title: 'Ny' });
    await ctx.stores.panels.update(99, {});
    expect(ctx.stores.dashboards.getSnapshot().current?.panels?.[1]).toEqual(edited);
    expect(ctx.stores.panels.getSnapshot().current).toEqual(edited);
  });

  it('PATCH /api/v1/dashboard/{id}/panel reorders the open dashboard', async () => {
    const ctx = await openDashboard();
    ctx.server.on('PATCH /api/v1/dashboard/1/panel', { status: 204 });
    ctx.server.on('PATCH /api/v1/dashboard/2/panel', { status: 204 });
    await ctx.stores.panels.order(1, [12, 10]);
    expect(ctx.server.last().body).toEqual({ panels: [12, 10] });
    expect(panelIds(ctx)).toEqual([12, 10, 11]);
    await ctx.stores.panels.order(2, [1]);
    expect(panelIds(ctx)).toEqual([12, 10, 11]);
  });
});

describe('createResourceStore', () => {
  it('a delete without a message shows no notification; clearCurrent closes the open item', async () => {
    const notify = vi.fn();
    const { queryClient } = setup();
    const store = createResourceStore<{ id: number }>({
      queryClient,
      timers: fakePlatform(fakeServer()).timers,
      show: (id) => ({ queryKey: ['x', id], queryFn: async () => ({ id }) }),
      remove: async () => undefined,
      notify,
    });
    await store.load(1);
    store.clearCurrent();
    expect(store.getSnapshot().current).toBeNull();
    const removal = store.remove(1);
    await vi.advanceTimersByTimeAsync(500);
    await removal;
    expect(notify).not.toHaveBeenCalled();
  });
});
