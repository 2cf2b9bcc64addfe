import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorMessages } from '../messages.js';

// Paths that belong to the API: never answered with the SPA's index.html.
const API_PATH = /^\/(api|sanctum|cart)(\/|$)/;

function notFoundJson(reply: FastifyReply) {
  return reply.code(404).send({ message: errorMessages.notFound });
}

/**
 * Serves the built front end (FRONTEND_DIR) from the API's origin: files as they are, `index.html`
 * revalidated on every load (the app's new-version check compares it), and unknown non-API GET paths
 * answered with index.html so the SPA's router handles them. Everything else unknown is a JSON 404.
 */
export async function registerFrontend(app: FastifyInstance): Promise<void> {
  const root = app.config.frontendDir;
  const hasIndex = root !== null && existsSync(join(root, 'index.html'));

  if (root !== null) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      setHeaders(res, path) {
        res.setHeader('cache-control', path.endsWith('.html') ? 'no-cache' : 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const lastSegment = path.split('/').at(-1) ?? '';
    const wantsPage =
      hasIndex &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PATH.test(path) &&
      !lastSegment.includes('.');
    if (!wantsPage) return notFoundJson(reply);
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
