import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * One way a caller proves who they are. The first kind that `claims` a request (by the credential it
 * carries) decides alone: a request is a session, or an embed token, or …, never a mix.
 */
export interface CallerKind {
  name: string;
  claims(request: FastifyRequest): boolean;
  /** Puts the caller on the request (`user`, `authSession`, `embedScope`), or throws 401/403/419. */
  authenticate(request: FastifyRequest): Promise<void>;
  /** Whether the caller the request authenticated as still holds (long-lived answers re-ask this). */
  stillValid(request: FastifyRequest): Promise<boolean>;
}

/**
 * The one `authenticate` step: before any route hook, the request's caller is decided by the first kind
 * that claims it. Adding a kind of caller (e.g. an integration secret) is adding one `CallerKind` before
 * the session, which claims everything that is left.
 */
export function registerAuthenticate(app: FastifyInstance, kinds: readonly CallerKind[]): void {
  app.decorateRequest('user', null);
  app.decorateRequest('impersonatorId', null);
  app.decorateRequest('authSession', null);
  app.decorateRequest('embedScope', null);
  app.decorateRequest('callerKind', null);
  app.addHook('onRequest', async (request) => {
    const kind = kinds.find((k) => k.claims(request));
    if (!kind) return;
    request.callerKind = kind;
    await kind.authenticate(request);
  });
}

/** Whether the request's caller still holds now: its session or token exists, unexpired and unrevoked. */
export async function callerStillValid(request: FastifyRequest): Promise<boolean> {
  return request.callerKind ? request.callerKind.stillValid(request) : false;
}
