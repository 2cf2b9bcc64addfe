import type { FastifyInstance } from 'fastify';

const POLL_MS = 25;

/**
 * Lets `app.close()` finish as soon as the requests in flight are answered. Node's `server.close()` stops
 * accepting and closes idle keep-alive connections, but waits for every other open connection, and a
 * connection on which no request has arrived yet (browsers and fetch open spare ones) would hold it until
 * the headers timeout, a minute past any SHUTDOWN_TIMEOUT. Once closing and nothing is in flight, every
 * connection left carries no request: closing them loses nothing.
 */
export function registerDrain(app: FastifyInstance): void {
  let inFlight = 0;
  app.addHook('onRequest', (_request, reply, done) => {
    inFlight++;
    // 'close' comes once per response: answered, hijacked stream ended, or connection lost.
    reply.raw.once('close', () => inFlight--);
    done();
  });
  let timer: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    timer = setInterval(() => {
      if (inFlight === 0) app.server.closeAllConnections();
    }, POLL_MS);
    timer.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}
