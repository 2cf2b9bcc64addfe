import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { now } from './envelope.js';

// The script-tag builds too: a partner page's `<script integrity=… crossorigin>` is a CORS request.
const PUBLIC_READ = /^\/(api\/v1\/(public\/|product(\/|\?|$))|embed\/)/;
// Other processes may have created or revoked tokens: the origin list is reloaded at most this often.
const RELOAD_MS = 60_000;

/** The exact origins some live embed token names; `refresh()` after creating or revoking a token. */
export interface EmbedOrigins {
  has(origin: string): Promise<boolean>;
  /** Whether `origin` is one, from the list as loaded; undefined when the list is due for a reload. */
  hasNow(origin: string): boolean | undefined;
  refresh(): Promise<void>;
}

function embedOrigins(app: FastifyInstance): EmbedOrigins {
  let origins = new Set<string>();
  let loadedAt = 0;
  const refresh = async () => {
    const rows = await app.db
      .selectFrom('embed_tokens')
      .select('allowed_origins')
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now())
      .execute();
    origins = new Set(rows.flatMap((row) => JSON.parse(row.allowed_origins) as string[]));
    loadedAt = Date.now();
  };
  return {
    refresh,
    async has(origin) {
      if (Date.now() - loadedAt > RELOAD_MS) await refresh();
      return origins.has(origin);
    },
    hasNow: (origin) => (Date.now() - loadedAt > RELOAD_MS ? undefined : origins.has(origin)),
  };
}

const ALLOW_METHODS = 'GET, HEAD';
const ALLOW_HEADERS = 'Authorization, Accept, Content-Type, Last-Event-ID';
const PREFLIGHT_MAX_AGE_S = '600';

/**
 * CORS: guest-readable catalogue data (the public map, the shop's products) and the script-tag builds are
 * the same for everyone and never sent with credentials, so any page may read them; everything else
 * answers only the exact origins of live embed tokens, for reads without cookies. Every answer varies by
 * Origin. A preflight (OPTIONS with Origin and Access-Control-Request-Method) of an allowed request is 204
 * with the methods, headers and max-age; one without those two headers is 400; of a refused origin, 404.
 *
 * One hook of our own (it replaced @fastify/cors, which rebuilt its options object on every request for a
 * per-URL choice: 5 % of an embedded read's server time, issue 28).
 */
export async function registerCors(app: FastifyInstance): Promise<void> {
  const origins = embedOrigins(app);
  app.decorate('embedOrigins', origins);
  app.decorateRequest('corsPreflightEnabled', false);
  app.addHook('onRequest', (request, reply, done) => {
    const vary = reply.getHeader('vary');
    if (vary === undefined) reply.header('vary', 'Origin');
    else if (!/(^|,)\s*origin\s*(,|$)/i.test(String(vary))) reply.header('vary', `${vary}, Origin`);
    if (PUBLIC_READ.test(request.url)) return allow(request, reply, '*', done);
    const origin = request.headers.origin;
    if (!origin) return done();
    const known = origins.hasNow(origin);
    if (known !== undefined) return known ? allow(request, reply, origin, done) : done();
    origins.has(origin).then(
      (ok) => (ok ? allow(request, reply, origin, done) : done()),
      (error: Error) => done(error),
    );
  });
  // Lets a preflight reach the hook above, which answers it; any other OPTIONS is 404.
  app.options('*', { schema: { hide: true } }, (request, reply) => {
    if (request.corsPreflightEnabled) reply.send();
    else reply.callNotFound();
  });
}

function allow(request: FastifyRequest, reply: FastifyReply, origin: string, done: () => void): void {
  reply.header('access-control-allow-origin', origin);
  if (request.method !== 'OPTIONS') {
    done();
    return;
  }
  if (!request.headers.origin || !request.headers['access-control-request-method']) {
    reply.code(400).type('text/plain').send('Invalid Preflight Request');
    return;
  }
  request.corsPreflightEnabled = true;
  reply
    .header('access-control-allow-methods', ALLOW_METHODS)
    .header('access-control-allow-headers', ALLOW_HEADERS)
    .header('access-control-max-age', PREFLIGHT_MAX_AGE_S)
    .code(204)
    .header('content-length', '0')
    .send();
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the CORS hook for a preflight it answered. */
    corsPreflightEnabled: boolean;
  }
}
