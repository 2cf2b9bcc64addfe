import type { AuthMode } from './http';

const clients: Record<string, unknown> = {};

/**
 * One client per API base and auth on a page. Web components and script-tag elements that name the same
 * API share it, and with it one cache, one live stream and one cart.
 */
export function sharedClient<C>(config: { baseUrl?: string; auth?: AuthMode }, create: () => C): C {
  const key = `${config.baseUrl ?? ''} ${JSON.stringify(config.auth ?? 'session')}`;
  clients[key] ??= create();
  return clients[key] as C;
}
