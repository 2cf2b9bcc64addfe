import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { type GuardSession, type GuardUser, ROUTES } from '@matnat/core';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes, guardLoader } from './routes';
import { comingSoon, SCREENS, screenFor } from './screens';

const Root = () => null;
const Basic = () => null;
const Default = () => null;
const layoutModule = (Component: () => null) => async () => ({ default: Component });

function session(user: GuardUser | null): GuardSession {
  return {
    getUser: () => user,
    fetchUser: async () => {
      if (!user) throw new Error('401');
      return user;
    },
  };
}

function routes(user: GuardUser | null = null) {
  return appRoutes({
    session: session(user),
    loadScreen: (load) => load(),
    root: Root,
    layouts: { basic: layoutModule(Basic), default: layoutModule(Default) },
    errorBoundary: Root,
  });
}

async function load(loader: RouteObject['loader'], path: string) {
  const request = new Request(`http://localhost${path}`);
  const result = await (loader as (args: LoaderFunctionArgs) => unknown)({
    request,
    params: {},
    context: {},
  } as unknown as LoaderFunctionArgs);
  return result instanceof Response ? result.headers.get('location') : result;
}

const user = (over: Partial<GuardUser> = {}): GuardUser => ({
  is_admin: false,
  has_set_password: true,
  ...over,
});

describe('route data in the loader (issue 25: every route with data starts its queries beside its screen chunk)', () => {
  const asked: unknown[] = [];
  const data = {
    'dashboard.show': (params: Record<string, string>, url: URL) => void asked.push(params, url.search),
  };

  it("starts a route's queries with its params and URL once the guards let the visitor in", async () => {
    asked.length = 0;
    expect(await load(guardLoader(session(user()), data), '/dashboard/7?x=1')).toBeNull();
    expect(asked).toEqual([{ dashboard_id: '7' }, '?x=1']);
  });

  it('does not start them for a visitor the guards send elsewhere', async () => {
    asked.length = 0;
    expect(await load(guardLoader(session(null), data), '/dashboard/7')).toBe('/login');
    expect(asked).toEqual([]);
  });

  describe('alongside the guards (issue 22: the first load asks /api/me and the screen data together)', () => {
    const pending = (): GuardSession & { answer(u: GuardUser | null): void } => {
      let answer: (u: GuardUser | null) => void = () => undefined;
      const fetched = new Promise<GuardUser | null>((resolve) => {
        answer = resolve;
      });
      return {
        getUser: () => null,
        fetchUser: () => fetched.then((u) => u ?? Promise.reject(new Error('401'))),
        answer: (u) => answer(u),
      };
    };
    const asking = {
      'dashboard.show': () => void asked.push('dashboard'),
      tempMap: () => void asked.push('tempMap'),
      'admin.users': () => void asked.push('admin'),
    };

    it("starts a signed-in route's queries before /api/me answers while the browser looks signed in", async () => {
      asked.length = 0;
      const me = pending();
      const loaded = load(
        guardLoader(me, asking, () => true),
        '/dashboard/7',
      );
      await Promise.resolve();
      expect(asked).toEqual(['dashboard']);
      me.answer(user());
      expect(await loaded).toBeNull();
      expect(asked).toEqual(['dashboard']);
    });

    it('waits for the guards while the browser does not look signed in, and for an admin route always', async () => {
      asked.length = 0;
      const me = pending();
      const dashboard = load(
        guardLoader(me, asking, () => false),
        '/dashboard/7',
      );
      const admin = load(
        guardLoader(me, asking, () => true),
        '/admin/users',
      );
      await Promise.resolve();
      expect(asked).toEqual([]);
      me.answer(null);
      expect([await dashboard, await admin]).toEqual(['/login', '/login']);
      expect(asked).toEqual([]);
    });

    it("starts a public route's queries at once, signed in or not", async () => {
      asked.length = 0;
      const me = pending();
      const loaded = load(guardLoader(me, asking), '/temperaturspjut');
      await Promise.resolve();
      expect(asked).toEqual(['tempMap']);
      me.answer(null);
      expect(await loaded).toBeNull();
    });
  });

  it('every route whose screen reads a query (its module or what it imports from the app) has route data', async () => {
    const { ROUTE_DATA } = await import('./loaders');
    const source = readFileSync(join(SRC, 'routing/screens.ts'), 'utf8');
    const withData = Object.keys(SCREENS).filter((name) => {
      const file = new RegExp(`'?${name.replaceAll('.', '\\.')}'?: \\(\\) => import\\('([^']+)'\\)`).exec(
        source,
      )?.[1];
      if (!file) throw new Error(`no import for ${name}`);
      return readsQueries(join(SRC, 'routing', file));
    });
    expect(withData.length).toBeGreaterThan(15);
    expect(withData.filter((name) => !(name in ROUTE_DATA))).toEqual([]);
  });
});

// The app's sources on disk (the test runs from the repository root or from apps/web).
const SRC = [resolve('apps/web/src'), resolve('src')].find((dir) => existsSync(join(dir, 'main.tsx'))) ?? '';

describe('issue 25: screens read through queries and write through mutations', () => {
  it('no module of the app calls the HTTP client or the API itself', () => {
    const offenders = appModules(SRC).filter((path) =>
      // `const http = matnat.http` then `http.get(…)` counts too (webhooks.ts did that once).
      /\.http\.|\bmatnat\.(http|api)\b/.test(readFileSync(path, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});

/** Every source module of the app, tests aside. */
function appModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return appModules(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Whether a module of the app, or one it imports from the app, reads a query of the core. */
function readsQueries(base: string, seen = new Set<string>()): boolean {
  const path = ['.tsx', '.ts'].map((ext) => `${base}${ext}`).find((p) => existsSync(p));
  if (!path || seen.has(path)) return false;
  seen.add(path);
  const text = readFileSync(path, 'utf8');
  if (/matnat\.queries\./.test(text)) return true;
  const imports = [...text.matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((m) => m[1] as string);
  return imports.some((spec) => readsQueries(join(dirname(path), spec), seen));
}

describe('the route table on the router', () => {
  it('issue 8: every route of the core table is a router route with its own path, under its lazy layout', async () => {
    const [root] = routes();
    const [basic, defaults] = root!.children!;
    const mapped = async (layout: RouteObject | undefined, component: unknown) => {
      const lazy = layout?.lazy as () => Promise<{ Component: unknown }>;
      expect((await lazy()).Component).toBe(component);
      return (layout?.children ?? []).map((route) => [route.id, route.path]);
    };
    expect(await mapped(basic, Basic)).toEqual(
      ROUTES.filter((r) => r.layout === 'basic').map((r) => [r.name, r.path]),
    );
    expect(await mapped(defaults, Default)).toEqual(
      ROUTES.filter((r) => r.layout === 'default').map((r) => [r.name, r.path]),
    );
  });

  it('spec §2: an unknown path redirects to welcome', async () => {
    const catchAll = routes()[0]!.children!.at(-1)!;
    expect(catchAll.path).toBe('*');
    expect(await load(catchAll.loader, '/finns/inte')).toBe('/');
  });

  it('issue 8: a screen not built yet is the "kommer snart" page, never a 404', () => {
    const partial = { login: SCREENS.login };
    expect(screenFor('alert.index', partial)).toBe(comingSoon);
    expect(screenFor('login', partial)).toBe(SCREENS.login);
  });

  it("issues 8 and 9: every route of the core's table has its own screen", () => {
    const missing = ROUTES.filter((route) => !SCREENS[route.name]).map((route) => route.name);
    expect(missing).toEqual([]);
  });
});

describe('guards in loaders', () => {
  it('spec §2 guards: a guest opening /dashboard goes to /login, a public route lets them in', async () => {
    const loader = guardLoader(session(null));
    expect(await load(loader, '/dashboard')).toBe('/login');
    expect(await load(loader, '/temperaturspjut')).toBeNull();
    expect(await load(loader, '/login')).toBeNull();
  });

  it('spec §2 guards: admin-only sends a user to the dashboard index; a signed-in user skips login', async () => {
    const loader = guardLoader(session(user()));
    expect(await load(loader, '/admin/users')).toBe('/dashboard');
    expect(await load(loader, '/login')).toBe('/dashboard');
    expect(await load(guardLoader(session(user({ is_admin: true }))), '/admin/users')).toBeNull();
  });

  it('spec §2 password guard: a user without a password is kept on user settings', async () => {
    const loader = guardLoader(session(user({ has_set_password: false })));
    expect(await load(loader, '/dashboard')).toBe('/user/settings');
    expect(await load(loader, '/user/settings')).toBeNull();
  });
});
