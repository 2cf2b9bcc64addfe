import { describe, expect, it } from 'vitest';
import { createMessages } from './messages';
import {
  ACCESS_MIDDLEWARE,
  allowsAnonymous,
  buildPath,
  getRoute,
  locationPath,
  matchRoute,
  pageTitle,
  ROUTES,
  type RouteName,
  routeTitle,
  UNKNOWN_PATH_REDIRECT,
} from './routes';

const specTable: [RouteName, string][] = [
  ['welcome', '/'],
  ['error.single.message', '/error'],
  ['login', '/login'],
  ['password.request', '/password/reset'],
  ['password.reset', '/password/reset/:token'],
  ['dashboard.index', '/dashboard'],
  ['dashboard.form', '/dashboard/create'],
  ['dashboard.show', '/dashboard/:dashboard_id'],
  ['dashboard.panelform.simple', '/dashboard/:dashboard_id/panel/simple'],
  ['dashboard.panelform.advanced', '/dashboard/:dashboard_id/panel/advanced'],
  ['user.settings', '/user/settings'],
  ['admin.devices', '/admin/devices'],
  ['admin.users', '/admin/users'],
  ['user.invite', '/invite'],
  ['about', '/about'],
  ['alert.index', '/alert'],
  ['alert.create', '/alert/create'],
  ['alert.edit', '/alert/:alert_id/edit'],
  ['device.index', '/device'],
  ['device.show', '/device/:device_id'],
  ['device.edit', '/device/:device_id/edit'],
  ['panel.edit', '/panel/:panel_id/edit'],
  ['tempMap', '/temperaturspjut'],
  ['order', '/bestall'],
  ['productlist', '/produkter'],
  ['product', '/produkt/:product_id'],
  ['map', '/map'],
  ['map.devices', '/map/devices'],
];

describe('route table', () => {
  it('spec §2: every named route with its path', () => {
    for (const [name, path] of specTable) expect(getRoute(name).path).toBe(path);
  });

  it('spec §2: register, e-mail verification (resend, verify), devices on map, 404 and the NZ temperature page', () => {
    expect(getRoute('register').path).toBe('/registrera');
    expect(getRoute('verification.notice').path).toBe('/verifiera-epost');
    expect(getRoute('verification.verify').path).toBe('/verifiera-epost/:id/:hash');
    expect(getRoute('map.devices').path).toBe('/map/devices');
    expect(getRoute('notFound').path).toBe('/404');
    expect(getRoute('tempMap.nz').path).toBe('/temperaturspjut/nz');
    expect(ROUTES).toHaveLength(specTable.length + 5);
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
  });

  it('spec §2 access column and §6 roles: dashboards and user settings need login, admin.* need admin, shop and tempMap are guest-accessible', () => {
    const access = (name: RouteName) => getRoute(name).access;
    for (const name of ['dashboard.index', 'dashboard.form', 'dashboard.show', 'user.settings'] as const) {
      expect(access(name)).toBe('auth');
    }
    expect(access('admin.users')).toBe('admin');
    expect(access('admin.devices')).toBe('admin');
    for (const name of ['tempMap', 'order', 'productlist', 'product'] as const) {
      expect(allowsAnonymous(getRoute(name))).toBe(true);
    }
    for (const name of ['login', 'password.request', 'password.reset', 'register'] as const) {
      expect(access(name)).toBe('guest');
    }
    expect(allowsAnonymous(getRoute('alert.index'))).toBe(false);
  });

  it('each access level maps to its middleware', () => {
    for (const route of ROUTES) expect(route.middleware).toEqual(ACCESS_MIDDLEWARE[route.access]);
    expect(getRoute('admin.users').middleware).toEqual(['auth', 'admin']);
    expect(getRoute('login').middleware).toEqual(['guest']);
    expect(getRoute('tempMap').middleware).toEqual([]);
  });

  it('spec §2 two layouts: basic for sign-in and error pages, default otherwise', () => {
    expect(getRoute('login').layout).toBe('basic');
    expect(getRoute('notFound').layout).toBe('basic');
    expect(getRoute('dashboard.show').layout).toBe('default');
  });

  it("spec §2 title template '%s · {app name}' with a Swedish title for every route", () => {
    for (const route of ROUTES) expect(routeTitle(route.name)).toMatch(/\S/);
    expect(pageTitle('alert.index')).toBe('Notiser · Mätnät');
    expect(pageTitle('tempMap')).toBe('Temperaturspjut · Mätnät');
    expect(pageTitle('about', createMessages({ routeTitles: { about: 'Om Mätnät' } }))).toBe(
      'Om Mätnät · Mätnät',
    );
  });

  it('throws for a route name that does not exist', () => {
    expect(() => getRoute('nope' as RouteName)).toThrow('unknown route "nope"');
  });
});

describe('matchRoute', () => {
  it('matches every route by its own built path', () => {
    for (const route of ROUTES) {
      const params = Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map(([, key]) => [key, 'x1']));
      expect(matchRoute(buildPath(route.name, params))?.name).toBe(route.name);
    }
  });

  it("gives the route its parameters, decoded (the contract's matchPath, tested there)", () => {
    const match = matchRoute('/dashboard/12/panel/advanced');
    expect(match?.name).toBe('dashboard.panelform.advanced');
    expect(match?.route).toBe(getRoute('dashboard.panelform.advanced'));
    expect(match?.params).toEqual({ dashboard_id: '12' });
  });

  it('spec §2 "the dashboard path uses the route to create": /dashboard/create is the form, not a dashboard id', () => {
    expect(matchRoute('/dashboard/create')?.name).toBe('dashboard.form');
    expect(matchRoute('/dashboard/create2')?.name).toBe('dashboard.show');
    expect(matchRoute('/alert/create')?.name).toBe('alert.create');
    expect(matchRoute('/temperaturspjut/nz')?.name).toBe('tempMap.nz');
  });

  it('ignores query, hash and a trailing slash but keeps them in fullPath', () => {
    const match = matchRoute('/device/5/?tab=sensors#top');
    expect(match).toMatchObject({
      name: 'device.show',
      path: '/device/5',
      fullPath: '/device/5/?tab=sensors#top',
    });
    expect(matchRoute('/')?.name).toBe('welcome');
    expect(matchRoute('')?.name).toBe('welcome');
  });

  it('spec §2 "Any unknown path redirects to welcome": unknown paths do not match', () => {
    expect(matchRoute('/nowhere')).toBeNull();
    expect(matchRoute('/dashboard/1/2')).toBeNull();
    expect(matchRoute('/device/%E0%A4%A')).toBeNull();
    expect(UNKNOWN_PATH_REDIRECT).toBe('welcome');
  });

  it('matches against a custom table', () => {
    const table = [{ ...getRoute('about'), path: '/om-oss' }];
    expect(matchRoute('/om-oss', table)?.name).toBe('about');
    expect(matchRoute('/about', table)).toBeNull();
  });
});

describe('buildPath', () => {
  it('fills and encodes parameters, appends a query', () => {
    expect(buildPath('dashboard.show', { dashboard_id: 12 })).toBe('/dashboard/12');
    expect(buildPath('password.reset', { token: 'a/b c' })).toBe('/password/reset/a%2Fb%20c');
    expect(buildPath('login', {}, { redirect: '/alert' })).toBe('/login?redirect=%2Falert');
    expect(buildPath('login', {}, {})).toBe('/login');
    expect(locationPath({ name: 'device.edit', params: { device_id: 3 } })).toBe('/device/3/edit');
  });

  it('throws when a parameter is missing', () => {
    expect(() => buildPath('device.show')).toThrow('needs the parameter "device_id"');
    expect(() => buildPath('device.show', { device_id: '' })).toThrow();
  });
});
