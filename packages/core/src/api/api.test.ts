import { describe, expect, it } from 'vitest';
import { fakePlatform, fakeServer } from '../../test/fakeServer';
import { ForbiddenError } from '../errors';
import { createHttpClient } from '../http';
import { createApi, type MatnatApi } from './index';

function setup(isAdmin = false) {
  const server = fakeServer();
  const http = createHttpClient({ platform: fakePlatform(server), readCookie: () => 'x' });
  const api = createApi(http, () => isAdmin);
  return { server, api };
}

const singleValue = { type: 'single_value' as const, dashboard_id: 7, device_id: 1, sensor_id: 2 };
const register = {
  name: 'Ny',
  email: 'ny@matnat.se',
  password: 'hemligt-1',
  password_confirmation: 'hemligt-1',
};
const accept = { name: 'Ny', password: 'hemligt-1', password_confirmation: 'hemligt-1' };
const reset = {
  token: 't',
  email: 'ny@matnat.se',
  password: 'hemligt-1',
  password_confirmation: 'hemligt-1',
};
const alert = { name: 'Frost', conditions: [{ sensor_id: 2, operator: '<' as const, threshold: 0 }] };
const order = {
  name: 'Anna',
  email: 'anna@matnat.se',
  address: 'Storgatan 1',
  postal_code: '123 45',
  city: 'Umeå',
  items: [{ product_id: 1, quantity: 2 }],
};
const token = {
  name: 'Partner',
  scopes: ['panel:1'],
  allowed_origins: ['https://partner.se'],
  expires_at: '2030-01-01T00:00:00Z',
};

type Case = [route: string, call: (api: MatnatApi) => Promise<unknown>, body?: unknown];

const spec7: Case[] = [
  ['GET /api/me', (a) => a.auth.me()],
  ['POST /api/logout', (a) => a.auth.logout()],
  ['GET /api/v1/alert?include=conditionsCount&sort=name', (a) => a.alerts.list()],
  ['GET /cart/retrieve', (a) => a.cart.retrieve()],
  ['POST /cart/store', (a) => a.cart.store([{ id: 1 }]), { cart: [{ id: 1 }] }],
  ['GET /api/v1/dashboard?include=user,panels&sort=title', (a) => a.dashboards.list()],
  [
    'GET /api/v1/dashboard/7/?include=panels.lineChartItems.sensor,panels.lineChartItems.device.sensors,panels.singleValueItem.sensor,panels.singleValueItem.device.sensors',
    (a) => a.dashboards.show(7),
  ],
  ['POST /api/v1/dashboard', (a) => a.dashboards.create({ title: 'Hem' }), { title: 'Hem' }],
  ['PATCH /api/v1/dashboard/7', (a) => a.dashboards.update(7, { title: 'Ny' }), { title: 'Ny' }],
  ['DELETE /api/v1/dashboard/7', (a) => a.dashboards.remove(7)],
  [
    'PATCH /api/v1/dashboard/7/panel',
    (a) => a.dashboards.orderPanels(7, { panels: [2, 1] }),
    { panels: [2, 1] },
  ],
  ['POST /api/v1/panel', (a) => a.panels.create(singleValue), singleValue],
  [
    'GET /api/v1/panel/3/?include=lineChartItems.device.sensors,lineChartItems.sensor,singleValueItem,device,sensor',
    (a) => a.panels.show(3),
  ],
  ['DELETE /api/v1/panel/3', (a) => a.panels.remove(3)],
  ['GET /api/v1/device', (a) => a.devices.all()],
  ['GET /api/v1/device/?include=sensors,defaultSensor,gateways,teams&sort=title', (a) => a.devices.list()],
  ['GET /api/v1/device/4/?include=sensors,gateways,teams', (a) => a.devices.show(4)],
  [
    'POST /api/v1/device',
    (a) => a.devices.create({ external_device_id: 'spjut-1' }),
    { external_device_id: 'spjut-1' },
  ],
  ['PATCH /api/v1/device/4', (a) => a.devices.update(4, { lat: 59.3 }), { lat: 59.3 }],
  ['DELETE /api/v1/device/4', (a) => a.devices.remove(4)],
  ['GET /api/v1/sensor', (a) => a.sensors.list()],
  ['GET /api/v1/team', (a) => a.teams.list()],
  ['GET /api/v1/user?include=teams&sort=name', (a) => a.users.list()],
  ['GET /api/v1/user/9', (a) => a.users.show(9)],
  [
    'PATCH /api/user/9',
    (a) => a.users.updateAttribute(9, { attribute: 'name', value: 'Anna' }),
    { attribute: 'name', value: 'Anna' },
  ],
  ['POST /api/v1/user/1/impersonate/revert', (a) => a.users.revertImpersonation(1)],
];

const design2: Case[] = [
  [
    'POST /api/login',
    (a) => a.auth.login({ email: 'anna@matnat.se', password: 'pw', remember: true }),
    { email: 'anna@matnat.se', password: 'pw', remember: true },
  ],
  ['POST /api/register', (a) => a.auth.register(register), register],
  ['POST /api/email/verification-notification', (a) => a.auth.resendVerification()],
  [
    'GET /api/email/verify/5/ab%2Fc?expires=1700000000&signature=f00',
    (a) => a.auth.verifyEmail(5, 'ab/c', { expires: 1700000000, signature: 'f00' }),
  ],
  ['POST /api/password/email', (a) => a.auth.requestPasswordReset('a@b.se'), { email: 'a@b.se' }],
  ['POST /api/password/reset', (a) => a.auth.resetPassword(reset), reset],
  ['GET /api/invite/tok', (a) => a.auth.invitation('tok')],
  ['POST /api/invite/tok', (a) => a.auth.acceptInvitation('tok', accept), accept],
  ['POST /api/v1/user/9/impersonate', (a) => a.users.impersonate(9)],
  [
    'PATCH /api/v1/user/9',
    (a) => a.users.update(9, { is_admin: true, team_ids: [1] }),
    { is_admin: true, team_ids: [1] },
  ],
  ['POST /api/v1/invite', (a) => a.users.invite({ email: 'ny@matnat.se' }), { email: 'ny@matnat.se' }],
  [
    'GET /api/v1/sensor/2/measurements?range_slug=prev_5_days&interval_slug=15_m&max_points=500',
    (a) => a.sensors.measurements(2, { range_slug: 'prev_5_days', interval_slug: '15_m', max_points: 500 }),
  ],
  [
    'GET /api/v1/sensor/2/measurements?interval_slug=1_h&from=2024-03-01%2000%3A00%3A00&to=2024-03-02%2000%3A00%3A00',
    (a) =>
      a.sensors.measurements(2, {
        interval_slug: '1_h',
        from: '2024-03-01 00:00:00',
        to: '2024-03-02 00:00:00',
      }),
  ],
  ['GET /api/v1/sensor/2/latest', (a) => a.sensors.latest(2)],
  [
    'GET /api/v1/sensor/2/alert-periods?from=2026-11-01T00%3A00%3A00Z&to=2026-11-02T00%3A00%3A00Z',
    (a) => a.sensors.alertPeriods(2, { from: '2026-11-01T00:00:00Z', to: '2026-11-02T00:00:00Z' }),
  ],
  ['PATCH /api/v1/panel/3', (a) => a.panels.update(3, { title: 'Ute' }), { title: 'Ute' }],
  ['GET /api/v1/alert/6?include=conditions', (a) => a.alerts.show(6)],
  ['POST /api/v1/alert', (a) => a.alerts.create(alert), alert],
  ['PATCH /api/v1/alert/6', (a) => a.alerts.update(6, { name: 'Is' }), { name: 'Is' }],
  ['DELETE /api/v1/alert/6', (a) => a.alerts.remove(6)],
  ['GET /api/v1/notification', (a) => a.notifications.list()],
  ['POST /api/v1/notification/8/read', (a) => a.notifications.markRead(8)],
  ['GET /api/v1/product', (a) => a.shop.products()],
  ['GET /api/v1/product/3', (a) => a.shop.product(3)],
  ['POST /api/v1/order', (a) => a.shop.order(order), order],
  ['GET /api/v1/public/temperature-map', (a) => a.publicMap.temperatureMap()],
  ['GET /api/v1/embed-token', (a) => a.embedTokens.list()],
  ['POST /api/v1/embed-token', (a) => a.embedTokens.create(token), token],
  ['DELETE /api/v1/embed-token/4', (a) => a.embedTokens.revoke(4)],
  ['GET /api/v1/embed-script', (a) => a.embedTokens.scripts()],
];

describe.each([
  ['spec §7', spec7],
  ['DESIGN §2', design2],
])('%s: every call with exactly its method, path and query string', (_, cases) => {
  it.each(cases)('%s', async (route, call, body) => {
    const { server, api } = setup();
    server.on(route, { body: { data: { id: 1 } } });
    await call(api);
    expect(server.requests()).toEqual([route]);
    expect(server.last().body).toEqual(body);
  });
});

describe('envelopes', () => {
  it('returns the payload under data', async () => {
    const { server, api } = setup();
    server.on('GET /api/v1/team', { body: { data: [{ id: 1, name: 'Norr' }] } });
    await expect(api.teams.list()).resolves.toEqual([{ id: 1, name: 'Norr' }]);
  });

  it('spec §7: /cart/retrieve answers {cart}, and an empty array when the cart is missing', async () => {
    const { server, api } = setup();
    server.once('GET /cart/retrieve', { body: { cart: [{ id: 2 }] } });
    server.once('GET /cart/retrieve', { body: {} });
    server.once('GET /cart/retrieve', { body: { cart: null } });
    server.once('GET /cart/retrieve', { status: 204 });
    await expect(api.cart.retrieve()).resolves.toEqual([{ id: 2 }]);
    await expect(api.cart.retrieve()).resolves.toEqual([]);
    await expect(api.cart.retrieve()).resolves.toEqual([]);
    await expect(api.cart.retrieve()).resolves.toEqual([]);
  });
});

describe('spec §6: only admins may request the unassigned-devices filter on the device list', () => {
  it('admins get filter[unassigned]=1', async () => {
    const { server, api } = setup(true);
    const route =
      'GET /api/v1/device/?include=sensors,defaultSensor,gateways,teams&sort=title&filter[unassigned]=1';
    server.on(route, { body: { data: [] } });
    await api.devices.list({ unassigned: true });
    expect(server.requests()).toEqual([route]);
  });

  it('non-admins are refused client-side, without a request', async () => {
    const { server, api } = setup(false);
    await expect(api.devices.list({ unassigned: true })).rejects.toBeInstanceOf(ForbiddenError);
    expect(server.calls).toEqual([]);
  });
});

describe('DESIGN §2: GET /api/v1/stream', () => {
  it('gives the stream URL with the session credentials', () => {
    const { api } = setup();
    expect(api.stream({ sensor_ids: '1,2' })).toEqual({
      url: '/api/v1/stream?sensor_ids=1,2',
      init: { headers: { Accept: 'text/event-stream' }, credentials: 'include' },
    });
  });

  it('carries the embed token in a header in embed-token mode', () => {
    const http = createHttpClient({
      platform: fakePlatform(fakeServer()),
      baseUrl: 'https://m.se',
      auth: { embedToken: 'e1' },
    });
    expect(createApi(http).stream()).toEqual({
      url: 'https://m.se/api/v1/stream',
      init: { headers: { Accept: 'text/event-stream', Authorization: 'Bearer e1' }, credentials: 'omit' },
    });
  });
});
