// The one suite of the route rule. The core's `matchRoute` (the app's router) and the API's route preloads
// both call `matchPath`; their own tests check the route table and the preloads, not the rule again.
import { describe, expect, it } from 'vitest';
import { matchPath } from './routeMatch';

const TABLE = [
  { path: '/' },
  { path: '/dashboard/create' },
  { path: '/dashboard/:dashboard_id' },
  { path: '/dashboard/:dashboard_id/panel/advanced' },
  { path: '/password/reset/:token' },
  { path: '/verifiera-epost/:id/:hash' },
  { path: '/device/:device_id' },
  { path: '/:any/edit' },
  { path: '/alert/:alert_id' },
] as const;

const routeOf = (path: string) => matchPath(path, TABLE)?.route.path;

describe('matchPath: the route rule of the app and the server', () => {
  it('a pattern matches only a path of as many segments', () => {
    expect(routeOf('/dashboard/12')).toBe('/dashboard/:dashboard_id');
    expect(routeOf('/dashboard/12/panel/advanced')).toBe('/dashboard/:dashboard_id/panel/advanced');
    expect(routeOf('/dashboard/12/panel')).toBeUndefined();
    expect(routeOf('/dashboard')).toBeUndefined();
  });

  it('a fixed segment beats a parameter: of several matches the smallest score (first parameter latest) wins, whatever the order of the table', () => {
    expect(routeOf('/dashboard/create')).toBe('/dashboard/create');
    expect(matchPath('/dashboard/create', [...TABLE].reverse())?.route.path).toBe('/dashboard/create');
    expect(routeOf('/dashboard/create2')).toBe('/dashboard/:dashboard_id');
    expect(routeOf('/alert/edit')).toBe('/alert/:alert_id');
    expect(routeOf('/device/edit')).toBe('/device/:device_id');
    expect(routeOf('/x/edit')).toBe('/:any/edit');
  });

  it('extracts and decodes parameters; a parameter that does not decode matches nothing', () => {
    expect(matchPath('/dashboard/12/panel/advanced', TABLE)?.params).toEqual({ dashboard_id: '12' });
    expect(matchPath('/password/reset/a%2Fb%20c', TABLE)?.params).toEqual({ token: 'a/b c' });
    expect(matchPath('/verifiera-epost/7/abc', TABLE)?.params).toEqual({ id: '7', hash: 'abc' });
    expect(matchPath('/device/%E0%A4%A', TABLE)).toBeNull();
  });

  it('ignores query, hash and a trailing slash, and gives the path without them', () => {
    expect(matchPath('/device/5/?tab=sensors#top', TABLE)).toEqual({
      route: { path: '/device/:device_id' },
      params: { device_id: '5' },
      path: '/device/5',
    });
    expect(matchPath('/', TABLE)?.path).toBe('/');
    expect(matchPath('', TABLE)?.path).toBe('/');
    expect(matchPath('/?next=%2F', TABLE)?.path).toBe('/');
  });

  it('an unknown path matches nothing', () => {
    expect(matchPath('/nowhere', TABLE)).toBeNull();
    expect(matchPath('/dashboard/1/2', TABLE)).toBeNull();
    expect(matchPath('/dashboard/12', [])).toBeNull();
  });
});
