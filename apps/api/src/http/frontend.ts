import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorMessages } from '../messages.js';
import { createRoutePages } from './routePreloads.js';

// Paths that belong to the API: never answered with the SPA's index.html.
const API_PATH = /^\/(api|sanctum|cart)(\/|$)/;

// Vite's build names what it emits under assets/ after its content (`Login-DIPC1byt.js`): such a file never
// changes, so it may be kept for a year; a new build has new names (and a new index.html pointing at them).
// The path may be the precompressed sibling's (`….js.br`).
const HASHED_ASSET = /\/assets\/[^/]+-[\w-]{8}\.(js|css|woff2?|svg|png|webp)(\.(br|gz))?$/;

function cacheControl(path: string): string {
  // index.html is revalidated on every load: the app's new-version check compares it (spec §4, §9). The
  // path is the precompressed sibling's when one is sent (`index.html.br`).
  if (/\.html(\.(br|gz))?$/.test(path)) return 'no-cache';
  return HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}

function cacheHeaders(res: { setHeader(name: string, value: string): unknown }, path: string) {
  res.setHeader('cache-control', cacheControl(path));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A directory without its own index.html (the examples) gets a page linking to its pages; an example with
 * a build (Vite's `dist/index.html`) is linked to its build, since its own index.html is the source.
 */
function listingPage(root: string, prefix = '/'): string {
  const pages = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      if (existsSync(join(root, entry.name, 'dist', 'index.html'))) return [[entry.name, 'dist/']];
      const plain = !existsSync(join(root, entry.name, 'package.json'));
      return plain && existsSync(join(root, entry.name, 'index.html')) ? [[entry.name, '']] : [];
    })
    .sort(([a], [b]) => (a ?? '').localeCompare(b ?? ''));
  const items = pages
    .map(
      ([name = '', sub]) => `<li><a href="${prefix}${encodeURI(name)}/${sub}">${escapeHtml(name)}</a></li>`,
    )
    .join('');
  return `<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>Mätnät</title></head><body><main><h1>Mätnät</h1><p>API: <a href="/api/docs">/api/docs</a></p><ul>${items}</ul></main></body></html>`;
}

/**
 * Whether a path under a directory of examples is a built file: an example with a build serves only its
 * `dist/`, an example with a package.json but no build serves nothing (it is source), and a plain example
 * (a page with a script tag) serves its files. Never `node_modules` (symlinks into the SDK's sources) nor
 * dot-files.
 */
export function isBuiltExampleFile(root: string, pathName: string): boolean {
  const segments = decodeURIComponent(pathName).split('/').filter(Boolean);
  if (segments.some((s) => s === 'node_modules' || s.startsWith('.'))) return false;
  const [example, ...rest] = segments;
  if (example === undefined) return true;
  if (existsSync(join(root, example, 'dist', 'index.html'))) return rest[0] === 'dist';
  return !existsSync(join(root, example, 'package.json'));
}

/**
 * Source maps carry the full sources (`sourcesContent`): they stay in the build for error tracking, but the
 * server does not hand them out.
 */
const isSourceMap = (pathName: string) => /\.map(\.(br|gz))?$/i.test(pathName);

/**
 * Serves the built front end (FRONTEND_DIR) from the API's origin: files as they are (or their precompressed
 * .br/.gz siblings), `index.html` revalidated on every load, and unknown non-API GET paths answered with
 * index.html so the SPA's router handles them. Everything else unknown is a JSON 404.
 */
export async function registerFrontend(app: FastifyInstance): Promise<void> {
  const root = app.config.frontendDir;
  const hasIndex = root !== null && existsSync(join(root, 'index.html'));
  const routePages = hasIndex ? createRoutePages(root) : null;

  if (root !== null) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      setHeaders: cacheHeaders,
      // The build writes .br and .gz beside each file (scripts/precompress.mjs): sent as Accept-Encoding asks.
      preCompressed: true,
      // A built app's directory holds only built files; a directory of examples holds sources too.
      allowedPath: (pathName) => !isSourceMap(pathName) && (hasIndex || isBuiltExampleFile(root, pathName)),
    });
    if (!hasIndex) {
      app.get('/', { schema: { hide: true } }, async (_request, reply) =>
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(listingPage(root)),
      );
    }
  }
  for (const [prefix, dir] of Object.entries(app.config.staticMounts)) {
    // The examples beside the app (config: '/examples/') are a directory of examples like the one above.
    const examples = prefix === '/examples/';
    await app.register(fastifyStatic, {
      root: dir,
      prefix,
      decorateReply: false,
      cacheControl: false,
      setHeaders: cacheHeaders,
      preCompressed: true,
      allowedPath: (pathName) => !isSourceMap(pathName) && (!examples || isBuiltExampleFile(dir, pathName)),
    });
    if (examples) {
      app.get(prefix, { schema: { hide: true } }, async (_request, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(listingPage(dir, prefix)),
      );
    }
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const lastSegment = path.split('/').at(-1) ?? '';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!hasIndex || !isPage || API_PATH.test(path) || lastSegment.includes('.')) {
      return reply.code(404).send({ message: errorMessages.notFound });
    }
    reply.header('cache-control', 'no-cache');
    // The app's path: index.html with the route's chunks preloaded (routePreloads.ts), compressed as any
    // answer; without the build's table, the file as it is.
    const page = routePages?.page(path);
    if (!page) return reply.sendFile('index.html');
    reply.header('etag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(page.html);
  });
}
