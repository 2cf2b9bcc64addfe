import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { type EmbedScript, EmbedScripts } from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EmbedBuild } from '../config.js';
import { data } from './envelope.js';
import type { ZodTypeProvider } from './zod.js';

/** A version's files never change: a year, and no revalidation. */
export const EXACT_CACHE = 'public, max-age=31536000, immutable';
/** The major alias moves with each release: five minutes, so a fix reaches partner pages the same hour. */
export const MAJOR_CACHE = 'public, max-age=300';
/** Where the script tags were served before they had versions: redirected to the major alias. */
const OLD_PREFIX = '/packages/react/dist/embed/';

const isScript = (file: string) => file.endsWith('.js');

/** `/embed/v0/` and `/embed/0.1.0/` for version 0.1.0. */
export function embedPrefixes(version: string): { exact: string; major: string } {
  return { exact: `/embed/${version}/`, major: `/embed/v${version.split('.')[0]}/` };
}

/** The builds' URLs and their sha384 subresource-integrity hashes, read once at start. */
export function embedScripts(build: EmbedBuild): EmbedScript[] {
  const { exact, major } = embedPrefixes(build.version);
  return readdirSync(build.dir)
    .filter(isScript)
    .sort()
    .map((file) => ({
      name: file.slice(0, -'.js'.length),
      url: `${exact}${file}`,
      major_url: `${major}${file}`,
      integrity: `sha384-${createHash('sha384')
        .update(readFileSync(join(build.dir, file)))
        .digest('base64')}`,
    }));
}

async function serveBuild(app: FastifyInstance, dir: string, prefix: string, cache: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: dir,
    prefix,
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (res) => res.setHeader('cache-control', cache),
    preCompressed: true,
    // Only the scripts themselves (their .br/.gz siblings are picked by Accept-Encoding), no metafiles.
    allowedPath: (pathName) => isScript(pathName),
  });
}

/**
 * Issue 23 point 8: the script-tag builds at `/embed/{exact version}/` (immutable) and `/embed/v{major}/`
 * (short max-age), the old unversioned paths redirected to the major alias, and
 * `GET /api/v1/embed-script` naming each build's URLs and integrity hash for the token page's snippets.
 */
export async function registerEmbeds(app: FastifyInstance): Promise<void> {
  const build = app.config.embeds;
  const scripts = build ? embedScripts(build) : [];
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/embed-script',
    {
      schema: {
        tags: ['embed tokens'],
        summary: 'The script-tag builds this server serves: versioned URLs and subresource-integrity hashes',
        response: { 200: z.object({ data: EmbedScripts }) },
      },
    },
    async () => data({ version: build?.version ?? null, scripts }),
  );
  if (!build) return;
  const { exact, major } = embedPrefixes(build.version);
  await serveBuild(app, build.dir, exact, EXACT_CACHE);
  await serveBuild(app, build.dir, major, MAJOR_CACHE);
  app.get(`${OLD_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const file = request.url.slice(OLD_PREFIX.length);
    return reply.header('cache-control', MAJOR_CACHE).redirect(`${major}${file}`, 301);
  });
}
