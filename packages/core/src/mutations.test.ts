import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePlatform, fakeServer } from '../test/fakeServer';
import { fixtures } from '../test/fixtures';
import { DASHBOARD_INCLUDE } from './api/dashboards';
import { createMatnatClient } from './client';
import { NotFoundError } from './errors';
import type { QueryKey } from './queryClient';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  const server = fakeServer();
  const client = createMatnatClient({ platform: fakePlatform(server), readCookie: () => 't' });
  server.on('POST /api/logout', { status: 204 });
  return { server, client, qc: client.queryClient, m: client.mutations };
}

/** One cached query per family, so a test sees which a write made stale. */
const SEEDED: QueryKey[] = [
  ['alerts'],
  ['alert', 1],
  ['dashboards'],
  ['dashboard', 1],
  ['panel', 1],
  ['devices', { unassigned: false }],
  ['devices', { unassigned: true }],
  ['device', 1],
  ['sensors'],
  ['teams'],
  ['users'],
  ['user', 1],
  ['notifications'],
  ['products'],
  ['temperatureMap'],
  ['embedTokens'],
  ['webhooks'],
];

function seed(client: ReturnType<typeof setup>['client']) {
  for (const key of SEEDED) client.queryClient.setQueryData(key, []);
  return () =>
    SEEDED.filter((key) => client.queryClient.getQueryState(key)?.isInvalidated).map((key) =>
      JSON.stringify(key),
    );
}

describe('each write says which queries it changed (no other invalidation)', () => {
  it.each<[string, string, unknown, (m: ReturnType<typeof setup>['m']) => Promise<unknown>, string[]]>([
    [
      'panel create',
      'POST /api/v1/panel',
      fixtures.panel(5, 1),
      (m) => m.panels.create({ dashboard_id: 1, type: 'line_chart' } as never),
      ['["dashboards"]', '["dashboard",1]'],
    ],
    [
      'device create',
      'POST /api/v1/device',
      fixtures.device(1, 'a'),
      (m) => m.devices.create({} as never),
      ['["devices",{"unassigned":false}]', '["devices",{"unassigned":true}]', '["temperatureMap"]'],
    ],
    [
      'device update',
      'PATCH /api/v1/device/1',
      fixtures.device(1, 'a'),
      (m) => m.devices.update(1, {}),
      [
        '["dashboard",1]',
        '["panel",1]',
        '["devices",{"unassigned":false}]',
        '["devices",{"unassigned":true}]',
        '["device",1]',
        '["temperatureMap"]',
      ],
    ],
    ['alert create', 'POST /api/v1/alert', { id: 2 }, (m) => m.alerts.create({} as never), ['["alerts"]']],
    [
      'alert update',
      'PATCH /api/v1/alert/1',
      { id: 1 },
      (m) => m.alerts.update(1, {} as never),
      ['["alerts"]', '["alert",1]'],
    ],
    [
      'alert acknowledge',
      'POST /api/v1/alert/1/acknowledge',
      {},
      (m) => m.alerts.acknowledge(1),
      ['["alerts"]', '["alert",1]', '["notifications"]'],
    ],
    [
      'alert mute',
      'POST /api/v1/alert/1/mute',
      { id: 1 },
      (m) => m.alerts.mute(1, 60),
      ['["alerts"]', '["alert",1]'],
    ],
    [
      'user update',
      'PATCH /api/v1/user/1',
      { id: 1 },
      (m) => m.users.update(1, { is_admin: true }),
      ['["users"]', '["user",1]'],
    ],
    [
      'embed token create',
      'POST /api/v1/embed-token',
      { id: 1 },
      (m) => m.embedTokens.create({} as never),
      ['["embedTokens"]'],
    ],
    [
      'webhook channel create (issue 24)',
      'POST /api/v1/webhook',
      { id: 3 },
      (m) => m.webhooks.create({} as never),
      ['["webhooks"]'],
    ],
    [
      'webhook channel update',
      'PATCH /api/v1/webhook/3',
      { id: 3 },
      (m) => m.webhooks.update(3, {}),
      ['["webhooks"]'],
    ],
    [
      'webhook channel remove: it leaves the alerts that posted to it',
      'DELETE /api/v1/webhook/3',
      null,
      (m) => m.webhooks.remove(3),
      ['["alerts"]', '["alert",1]', '["webhooks"]'],
    ],
    [
      'webhook test ("Skicka test")',
      'POST /api/v1/webhook/3/test',
      { id: 9 },
      (m) => m.webhooks.test(3),
      ['["webhooks"]'],
    ],
    [
      'webhook new secret',
      'POST /api/v1/webhook/3/secret',
      { id: 3 },
      (m) => m.webhooks.newSecret(3),
      ['["webhooks"]'],
    ],
    [
      'notification read',
      'POST /api/v1/notification/1/read',
      {},
      (m) => m.notifications.markRead(1),
      ['["notifications"]'],
    ],
  ])('%s (%s) makes exactly these stale: %j', async (_, route, answer, write, expected) => {
    const { server, client, m } = setup();
    const stale = seed(client);
    server.on(route, { body: { data: answer } });
    await write(m);
    expect(stale().sort()).toEqual([...expected].sort());
  });

  it('a failed write changes no query', async () => {
    const { server, client, m } = setup();
    const stale = seed(client);
    server.on('PATCH /api/v1/alert/1', { status: 422, body: { message: 'Fel', errors: { name: ['Fel'] } } });
    await expect(m.alerts.update(1, {} as never)).rejects.toMatchObject({ status: 422 });
    expect(stale()).toEqual([]);
  });

  it('acknowledge and mute send the alert routes of issue 11', async () => {
    const { server, m } = setup();
    server.on('POST /api/v1/alert/3/acknowledge', { body: { data: {} } });
    server.on('POST /api/v1/alert/3/mute', { body: { data: { id: 3 } } });
    await m.alerts.acknowledge(3);
    await m.alerts.mute(3, 0);
    expect(server.calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['GET', '/sanctum/csrf-cookie', undefined],
      ['POST', '/api/v1/alert/3/acknowledge', {}],
      ['POST', '/api/v1/alert/3/mute', { minutes: 0 }],
    ]);
  });

  it('every write runs through the client’s mutation cache', async () => {
    const { server, qc, m } = setup();
    server.on('POST /api/v1/alert/1/mute', { body: { data: { id: 1 } } });
    const muting = m.alerts.mute(1, 60);
    expect(qc.isMutating()).toBe(1);
    await muting;
    expect(qc.isMutating()).toBe(0);
  });
});

describe('writes that update the cache from their answer', () => {
  it('spec §4: creating a dashboard adds it to the cached list, in Swedish title order', async () => {
    const { server, qc, m } = setup();
    qc.setQueryData(['dashboards'], [fixtures.dashboard(1, 'Öland'), fixtures.dashboard(2, 'Alfa')]);
    server.on('POST /api/v1/dashboard', { status: 201, body: { data: fixtures.dashboard(3, 'Bro') } });
    await m.dashboards.create({ title: 'Bro' });
    expect(qc.getQueryData<{ title: string }[]>(['dashboards'])?.map((d) => d.title)).toEqual([
      'Alfa',
      'Bro',
      'Öland',
    ]);
  });

  it('a dashboard update replaces it in the list and when open, keeping the deeply loaded panels', async () => {
    const { server, qc, m } = setup();
    const panels = [fixtures.panel(7, 1)];
    qc.setQueryData(['dashboard', 1], fixtures.dashboard(1, 'Gammal', panels));
    qc.setQueryData(
      ['dashboards'],
      [fixtures.dashboard(1, 'Gammal', panels), fixtures.dashboard(2, 'Mitten')],
    );
    server.on('PATCH /api/v1/dashboard/1', { body: { data: fixtures.dashboard(1, 'Ny') } });
    await m.dashboards.update(1, { title: 'Ny' });
    expect(qc.getQueryData(['dashboard', 1])).toMatchObject({ title: 'Ny', panels });
    expect(qc.getQueryData(['dashboards'])).toMatchObject([{ id: 2 }, { id: 1, title: 'Ny', panels }]);
    expect(qc.getQueryState(['dashboards'])?.isInvalidated).toBe(false);
  });

  it('spec §4: removing a panel removes it from the open dashboard; editing replaces it; ordering reorders', async () => {
    const { server, qc, m } = setup();
    const panels = [fixtures.panel(1, 1), fixtures.panel(2, 1), fixtures.panel(3, 1)];
    qc.setQueryData(['dashboard', 1], fixtures.dashboard(1, 'D', panels));
    const ids = () =>
      qc.getQueryData<{ panels: { id: number; title: string | null }[] }>(['dashboard', 1])?.panels;
    server.on('DELETE /api/v1/panel/2', { status: 204 });
    await m.panels.remove(2);
    expect(ids()?.map((p) => p.id)).toEqual([1, 3]);
    server.on('PATCH /api/v1/panel/3', { body: { data: fixtures.panel(3, 1, { title: 'Ny' }) } });
    await m.panels.update(3, { title: 'Ny' } as never);
    expect(ids()?.[1]).toMatchObject({ id: 3, title: 'Ny' });
    expect(qc.getQueryData(['panel', 3])).toMatchObject({ title: 'Ny' });
    server.on('PATCH /api/v1/dashboard/1/panel', { status: 204 });
    await m.dashboards.orderPanels(1, { panels: [3, 1] });
    expect(ids()?.map((p) => p.id)).toEqual([3, 1]);
  });

  it.each([
    ['dashboard', 'DELETE /api/v1/dashboard/4', ['dashboards'], 'Dashboarden har tagits bort'],
    ['device', 'DELETE /api/v1/device/4', ['devices', { unassigned: false }], 'Mätenheten har tagits bort'],
  ] as const)(
    'spec §4: a deleted %s leaves the list 500 ms after the reply, the open copy is cleared, then the toast',
    async (family, route, list, toast) => {
      const { server, client, qc, m } = setup();
      qc.setQueryData(list, [{ id: 4 }, { id: 5 }]);
      qc.setQueryData([family, 4], { id: 4 });
      server.on(route, { status: 204 });
      let done = false;
      const removal = (family === 'dashboard' ? m.dashboards.remove(4) : m.devices.remove(4)).then(() => {
        done = true;
      });
      await vi.advanceTimersByTimeAsync(499);
      expect(qc.getQueryData(list)).toHaveLength(2);
      expect(client.toasts.getSnapshot().toasts).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await removal;
      expect(done).toBe(true);
      expect(qc.getQueryData(list)).toEqual([{ id: 5 }]);
      expect(qc.getQueryData([family, 4])).toBeUndefined();
      expect(client.toasts.getSnapshot().toasts).toMatchObject([{ message: toast, success: true }]);
    },
  );

  it('a failed DELETE changes nothing and shows no toast', async () => {
    const { server, client, qc, m } = setup();
    qc.setQueryData(['dashboards'], [{ id: 4 }]);
    server.on('DELETE /api/v1/dashboard/4', { status: 403, body: { message: 'Nej' } });
    await expect(m.dashboards.remove(4)).rejects.toMatchObject({ status: 403 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(qc.getQueryData(['dashboards'])).toEqual([{ id: 4 }]);
    expect(client.toasts.getSnapshot().toasts).toEqual([]);
  });
});

describe('load: what route loaders call', () => {
  it('spec §8: a failed load of an open item clears what was cached for it and rejects', async () => {
    const { server, client, qc } = setup();
    const route = `GET /api/v1/dashboard/9/?include=${DASHBOARD_INCLUDE}`;
    server.on(route, { body: { data: fixtures.dashboard(9) } });
    await client.load(client.queries.dashboard(9));
    await qc.invalidateQueries({ queryKey: ['dashboard', 9] });
    server.on(route, { status: 404, body: { message: 'Hittades inte.' } });
    await expect(client.load(client.queries.dashboard(9))).rejects.toBeInstanceOf(NotFoundError);
    expect(qc.getQueryState(['dashboard', 9])).toBeUndefined();
  });

  it('a fresh cached answer is used without a request; a second load while one is under way shares it', async () => {
    const { server, client } = setup();
    server.on('GET /api/v1/team', { body: { data: [{ id: 1, name: 'A' }] } });
    const [a, b] = await Promise.all([
      client.load(client.queries.teams()),
      client.load(client.queries.teams()),
    ]);
    expect(a).toBe(b);
    await client.load(client.queries.teams());
    expect(server.requests()).toEqual(['GET /api/v1/team']);
  });
});

describe('who is logged in owns the cache', () => {
  it('a change of user (logout, a 401, impersonation) resets every cached query at once', async () => {
    const { server, client, qc } = setup();
    client.session.update(fixtures.me({ id: 2 }));
    qc.setQueryData(['dashboards'], [fixtures.dashboard(1)]);
    server.on('POST /api/v1/user/5/impersonate', { status: 204 });
    server.on('GET /api/me', { body: { data: fixtures.me({ id: 5, name: 'Erik' }) } });
    await client.session.impersonate(5);
    expect(qc.getQueryData(['dashboards'])).toBeUndefined();
    qc.setQueryData(['dashboards'], [fixtures.dashboard(2)]);
    await client.session.logout();
    expect(qc.getQueryData(['dashboards'])).toBeUndefined();
  });

  it('signing in keeps what a guest had cached (public data) and the same user refreshed keeps everything', async () => {
    const { qc, client } = setup();
    qc.setQueryData(['products'], [{ id: 1 }]);
    client.session.update(fixtures.me({ id: 2 }));
    client.session.update(fixtures.me({ id: 2, name: 'Anna B' }));
    expect(qc.getQueryData(['products'])).toEqual([{ id: 1 }]);
  });
});
