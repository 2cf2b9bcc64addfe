// The build's table of which chunks each route of the app needs beyond what index.html already preloads
// (issue 22): the API server, which answers index.html for every app route, adds a
// `<link rel="modulepreload">` for each, so a first load of `/dashboard/12` fetches the layout's and the
// screen's chunks alongside the entry instead of after the entry has run and the router has matched.
import type { Plugin } from 'vite';

/** The file the build writes beside index.html and the API server reads (apps/api/src/http/routePreloads.ts). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** One row of the table: a route's path pattern (`:name` segments are parameters) and its chunks' URLs. */
export interface RoutePreload {
  path: string;
  chunks: string[];
}

/** What the table is made of: the core's routes, and which module each route name and layout loads. */
export interface RouteSources {
  routes: readonly { name: string; path: string; layout: string }[];
  /** Route name → the screen module's id (routes without one show `fallback`). */
  screens: Record<string, string>;
  fallback: string;
  /** Layout name → the layout module's id. */
  layouts: Record<string, string>;
}

/** A built chunk as Rollup describes it: the parts the table reads. */
export interface ChunkInfo {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: readonly string[];
  /** Chunks it imports statically (loaded before it runs); its dynamic imports load later, on demand. */
  imports: readonly string[];
}

/**
 * `name: () => import('spec')` pairs of a source file (the screens' table in routing/screens.ts and its
 * `comingSoon: ScreenLoader = () => import(…)`, the layouts in main.tsx): route name or layout → import
 * specifier.
 */
export function lazyImports(source: string): Record<string, string> {
  const found: Record<string, string> = {};
  const pairs = /(?:'([\w.]+)'|(\w+))(?::\s*\w+\s*=|:)\s*\(\)\s*=>\s*import\('([^']+)'\)/g;
  for (const match of source.matchAll(pairs)) {
    found[(match[1] ?? match[2]) as string] = match[3] as string;
  }
  return found;
}

/** A chunk and every chunk it imports statically, depth first, each once. */
function closure(start: ChunkInfo, byFile: Map<string, ChunkInfo>, into: string[] = []): string[] {
  if (into.includes(start.fileName)) return into;
  into.push(start.fileName);
  for (const file of start.imports) {
    const chunk = byFile.get(file);
    if (chunk) closure(chunk, byFile, into);
  }
  return into;
}

/**
 * Per route: the chunks of its layout and its screen with their static imports, less the entry's own (which
 * index.html preloads already), as URLs under `base`. Never a chunk loaded on demand (the chart library, the
 * map's): those start when the screen asks for them (the dashboard's title is painted before its panels
 * start the chart library: e2e/webDashboards.spec.ts).
 */
export function routePreloads(
  sources: RouteSources,
  chunks: readonly ChunkInfo[],
  base = '/',
): RoutePreload[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  const preloaded = new Set(entry ? closure(entry, byFile) : []);
  const chunkOf = (id: string) =>
    chunks.find((chunk) => chunk.facadeModuleId === id) ??
    chunks.find((chunk) => chunk.moduleIds.includes(id));
  return sources.routes.map((route) => {
    const files: string[] = [];
    for (const id of [sources.layouts[route.layout], sources.screens[route.name] ?? sources.fallback]) {
      const chunk = id === undefined ? undefined : chunkOf(id);
      if (chunk) closure(chunk, byFile, files);
    }
    return {
      path: route.path,
      chunks: files.filter((file) => !preloaded.has(file)).map((file) => base + file),
    };
  });
}

/**
 * Writes `route-preloads.json` into the build. `sources` resolves the route and layout modules (the plugin
 * context's resolver), after the bundle is known.
 */
export function routePreloadsPlugin(
  sources: (
    resolve: (spec: string, importer: string) => Promise<string | undefined>,
  ) => Promise<RouteSources>,
): Plugin {
  let base = '/';
  return {
    name: 'matnat:route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    async generateBundle(_options, bundle) {
      const resolve = async (spec: string, importer: string) => (await this.resolve(spec, importer))?.id;
      const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
      const table = routePreloads(await sources(resolve), chunks, base);
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(table)}\n` });
    },
  };
}
