import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { matchPath } from '@matnat/contract';

/**
 * The app's build writes which chunks each route needs beyond the entry's (apps/web/build/routePreloads.ts):
 * `[{ path: '/dashboard/:dashboard_id', chunks: ['/assets/DashboardShow-….js', …] }, …]`.
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

export interface RoutePreload {
  path: string;
  chunks: string[];
}

/** The index.html of an app path, with its ETag. */
export interface RoutePage {
  html: string;
  etag: string;
}

/** The chunks of the route a path opens, as the app's router matches it (the contract's `matchPath`). */
export function preloadsFor(table: readonly RoutePreload[], path: string): string[] {
  return matchPath(path, table)?.route.chunks ?? [];
}

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * index.html with a `<link rel="modulepreload">` per chunk before `</head>`, beside the ones Vite wrote for
 * the entry's own chunks (crossorigin as theirs, so the module loader takes the preloaded response).
 */
export function withModulePreloads(html: string, chunks: readonly string[]): string {
  if (!chunks.length) return html;
  const links = chunks
    .map((href) => `    <link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">\n`)
    .join('');
  const at = html.indexOf('</head>');
  return at < 0 ? html : `${html.slice(0, at)}${links}${html.slice(at)}`;
}

/**
 * The app's index.html per route, with that route's chunks preloaded (issue 22: the first load of
 * `/dashboard/12` fetches the layout's and the screen's chunks alongside the entry instead of after it has
 * run). One page per route pattern, made once; a new build (index.html's modification time) starts over.
 * Null when the build has no table (an older build, a directory of examples): index.html is sent as it is.
 */
export function createRoutePages(dir: string): { page(path: string): RoutePage | null } {
  const indexFile = join(dir, 'index.html');
  let built = -1;
  let html = '';
  let table: RoutePreload[] | null = null;
  const pages = new Map<string, RoutePage>();

  const refresh = () => {
    const mtime = statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs ?? -1;
    if (mtime === built) return;
    built = mtime;
    pages.clear();
    try {
      html = readFileSync(indexFile, 'utf8');
      table = JSON.parse(readFileSync(join(dir, ROUTE_PRELOADS_FILE), 'utf8')) as RoutePreload[];
    } catch {
      table = null;
    }
  };

  return {
    page(path) {
      refresh();
      if (!table) return null;
      const chunks = preloadsFor(table, path);
      const key = chunks.join(' ');
      let page = pages.get(key);
      if (!page) {
        const body = withModulePreloads(html, chunks);
        page = {
          html: body,
          etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
        };
        pages.set(key, page);
      }
      return page;
    },
  };
}
