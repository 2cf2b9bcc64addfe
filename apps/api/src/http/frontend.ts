import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorMessages } from '../messages.js';

// Paths that belong to the API: never answered with the SPA's index.html.
const API_PATH = /^\/(api|sanctum|cart)(\/|$)/;

function cacheHeaders(res: { setHeader(name: string, value: string): unknown }, path: string) {
  // index.html is revalidated on every load: the app's new-version check compares it (spec §4, §9).
  res.setHeader('cache-control', path.endsWith('.html') ? 'no-cache' : 'public, max-age=3600');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A directory without its own index.html (the examples) gets a page linking to its pages; an example with
 * a build (Vite's `dist/index.html`) is linked to its build, since its own index.html is the source.
 */
function listingPage(root: string): string {
  const pages = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      if (existsSync(join(root, entry.name, 'dist', 'index.html'))) return [[entry.name, 'dist/']];
      return existsSync(join(root, entry.name, 'index.html')) ? [[entry.name, '']] : [];
    })
    .sort(([a], [b]) => (a ?? '').localeCompare(b ?? ''));
  const items = pages
    .map(([name = '', sub]) => `<li><a href="/${encodeURI(name)}/${sub}">${escapeHtml(name)}</a></li>`)
    .join('');
  return `<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>Mätnät</title></head><body><main><h1>Mätnät</h1><p>API: <a href="/api/docs">/api/docs</a></p><ul>${items}</ul></main></body></html>`;
}

/**
 * Serves the built front end (FRONTEND_DIR) from the API's origin: files as they are, `index.html`
 * revalidated on every load, and unknown non-API GET paths answered with index.html so the SPA's router
 * handles them. Everything else unknown is a JSON 404.
 */
export async function registerFrontend(app: FastifyInstance): Promise<void> {
  const root = app.config.frontendDir;
  const hasIndex = root !== null && existsSync(join(root, 'index.html'));

  if (root !== null) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      setHeaders: cacheHeaders,
    });
    if (!hasIndex) {
      app.get('/', { schema: { hide: true } }, async (_request, reply) =>
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(listingPage(root)),
      );
    }
  }
  for (const [prefix, dir] of Object.entries(app.config.staticMounts)) {
    await app.register(fastifyStatic, {
      root: dir,
      prefix,
      decorateReply: false,
      cacheControl: false,
      setHeaders: cacheHeaders,
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const lastSegment = path.split('/').at(-1) ?? '';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!hasIndex || !isPage || API_PATH.test(path) || lastSegment.includes('.')) {
      return reply.code(404).send({ message: errorMessages.notFound });
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
