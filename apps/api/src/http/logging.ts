import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** The header a proxy hands its request id in (nginx: `proxy_set_header X-Request-Id $request_id`). */
export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The proxy's request id when it sent a sane one, so its access log and ours name the same request. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

// Paths whose later segments are secrets: invite tokens, password-reset tokens, signed e-mail links.
const SECRET_PATH = /^(\/api\/invite\/|\/password\/reset\/|\/api\/email\/verify\/|\/verifiera-epost\/)[^?]*/;

/**
 * A request URL as it may be logged: the tokens in the paths above cut off, and every query value
 * dropped (`?token=…&email=…` carry secrets and addresses); the keys stay, for debugging.
 */
export function loggableUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path.replace(SECRET_PATH, (_all, prefix: string) => `${prefix}…`);
  if (query === undefined) return safePath;
  const keys = query
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`);
  return `${safePath}?${keys.join('&')}`;
}

/**
 * pino as Fastify runs it: JSON lines with the request id, requests logged without their secrets. Request
 * and response headers are never logged (cookies, Authorization), as in Fastify's own serializers.
 * @param file where the lines go (the API bench: /dev/null) @default standard output
 */
export function loggerOptions(level: string, file?: string): FastifyServerOptions['logger'] {
  return {
    level,
    ...(file && { file }),
    serializers: {
      req: (request: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) => ({
        method: request.method,
        url: loggableUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}

/** Every answer names its request id, so a client or proxy can find the request in the logs. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
