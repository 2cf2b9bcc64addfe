import { readFileSync } from 'node:fs';
import { ROUTES } from '@matnat/core';
import { describe, expect, it } from 'vitest';
import { SCREENS } from '../src/routing/screens';
import { type ChunkInfo, lazyImports, routePreloads } from './routePreloads';

const source = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

const chunk = (
  fileName: string,
  facade: string | null,
  imports: string[] = [],
  isEntry = false,
): ChunkInfo => ({
  fileName,
  isEntry,
  facadeModuleId: facade,
  moduleIds: facade ? [facade] : [],
  imports,
});

describe('the route → chunks table of the build (issue 22)', () => {
  it('reads every screen of routing/screens.ts, the coming-soon page and both layouts of main.tsx', () => {
    const { comingSoon, ...screens } = lazyImports(source('../src/routing/screens.ts'));
    expect(Object.keys(screens).sort()).toEqual(Object.keys(SCREENS).sort());
    expect(screens['dashboard.show']).toBe('../screens/DashboardShow');
    expect(comingSoon).toBe('../screens/ComingSoon');
    expect(lazyImports(source('../src/main.tsx'))).toEqual({
      basic: './layouts/BasicLayout',
      default: './layouts/DefaultLayout',
    });
  });

  it("gives a route its layout's and its screen's chunks with their static imports, less the entry's", () => {
    const chunks = [
      chunk('assets/index-a.js', '/src/main.tsx', ['assets/compat-b.js'], true),
      chunk('assets/compat-b.js', null),
      chunk('assets/DefaultLayout-c.js', '/src/layouts/DefaultLayout.tsx', [
        'assets/compat-b.js',
        'assets/Button-d.js',
      ]),
      chunk('assets/Button-d.js', null, ['assets/compat-b.js']),
      chunk('assets/DashboardShow-e.js', '/src/screens/DashboardShow.tsx', [
        'assets/Button-d.js',
        'assets/grid-f.js',
      ]),
      chunk('assets/grid-f.js', null),
      // Loaded on demand by the screen (a dynamic import): never preloaded.
      chunk('assets/lightweight-charts-g.js', '/node_modules/lightweight-charts.js'),
      chunk('assets/ComingSoon-h.js', '/src/screens/ComingSoon.tsx'),
      chunk('assets/BasicLayout-i.js', '/src/layouts/BasicLayout.tsx', ['assets/compat-b.js']),
    ];
    const table = routePreloads(
      {
        routes: [
          { name: 'dashboard.show', path: '/dashboard/:dashboard_id', layout: 'default' },
          { name: 'order', path: '/bestall', layout: 'basic' },
        ],
        screens: { 'dashboard.show': '/src/screens/DashboardShow.tsx' },
        fallback: '/src/screens/ComingSoon.tsx',
        layouts: { default: '/src/layouts/DefaultLayout.tsx', basic: '/src/layouts/BasicLayout.tsx' },
      },
      chunks,
    );
    expect(table).toEqual([
      {
        path: '/dashboard/:dashboard_id',
        chunks: [
          '/assets/DefaultLayout-c.js',
          '/assets/Button-d.js',
          '/assets/DashboardShow-e.js',
          '/assets/grid-f.js',
        ],
      },
      { path: '/bestall', chunks: ['/assets/BasicLayout-i.js', '/assets/ComingSoon-h.js'] },
    ]);
  });

  it('has a row for every route of the core, in its order', () => {
    const table = routePreloads({ routes: ROUTES, screens: {}, fallback: '', layouts: {} }, []);
    expect(table.map((row) => row.path)).toEqual(ROUTES.map((route) => route.path));
  });
});
