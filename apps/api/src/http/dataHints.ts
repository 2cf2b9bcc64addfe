import { dashboardPath, ME_PATH, type PathMatch, SIGNED_IN_COOKIE } from '@matnat/contract';
import type { FastifyRequest } from 'fastify';

/** An id as the app's loaders take it (`idParam` in apps/web/src/routing/loaders.ts): a positive integer. */
const isId = (raw: string | undefined): raw is string => raw !== undefined && /^[1-9]\d{0,14}$/.test(raw);

/**
 * Per route pattern, the requests its loader starts before the screen's code has loaded, as the core's
 * client sends them (the contract's paths). Only those whose URL the server knows from the path alone: a
 * dashboard's measurements depend on the visitor's time filter (local storage) and viewport, which it
 * does not see.
 */
const ROUTE_REQUESTS: Record<string, (params: Record<string, string>) => string[]> = {
  '/dashboard/:dashboard_id': ({ dashboard_id }) => (isId(dashboard_id) ? [dashboardPath(dashboard_id)] : []),
};

/**
 * The API requests a page's script will make first, for the server to start them in the browser before any
 * script runs (issue 22): the signed-in user (the app's start asks for it on every path) and the route's
 * data. Only for a signed-in session that the app also takes for signed in (the contract's signed-in cookie,
 * without which it asks nothing): never for a guest, and never a hint the page would leave unused.
 */
export function dataRequestsFor(
  request: FastifyRequest,
  match: PathMatch<{ path: string }> | null,
): string[] {
  if (!request.user || request.cookies[SIGNED_IN_COOKIE] !== '1') return [];
  return [ME_PATH, ...(match ? (ROUTE_REQUESTS[match.route.path]?.(match.params) ?? []) : [])];
}
