import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers a browser may take compressed (JSON, HTML, scripts, styles) are sent br or gzip, as its
 * Accept-Encoding asks, from 1 KB up. They are compressed per request, so brotli runs at quality 4 (its
 * default, 11, costs tens of milliseconds for a bundle); static files come precompressed at 11 from the build
 * (scripts/precompress.mjs) and are sent as they are. Server-sent events hijack their reply and stay plain.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
