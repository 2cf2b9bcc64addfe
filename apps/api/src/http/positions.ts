import { coarsenPosition, PUBLIC_GRID_M } from '@matnat/contract';
import type { FastifyRequest } from 'fastify';

/**
 * Issue 26: whether the caller sees exact positions — a signed-in user (who reads only their teams'
 * devices), or an embed token made with `exact_positions`. No session, the public map and every other
 * embed token see positions rounded to each device's grid (`coarsenPositions`).
 */
export function seesExactPositions(request: FastifyRequest): boolean {
  if (request.user) return true;
  return request.embedScope?.exactPositions === true;
}

type Json = unknown;

/**
 * A copy of an answer with every `{ lat, lng }` rounded to its grid: the object's own `public_grid_m` (a
 * device), else the default ~1 km (a gateway, which has no grid of its own). Everything else unchanged.
 */
export function coarsenPositions<T>(json: T): T {
  return walk(json) as T;
}

function walk(value: Json): Json {
  if (Array.isArray(value)) return value.map(walk);
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, Json>;
  const grid = typeof object.public_grid_m === 'number' ? object.public_grid_m : PUBLIC_GRID_M.default;
  const out: Record<string, Json> = {};
  for (const [key, item] of Object.entries(object)) out[key] = walk(item);
  if (typeof object.lat === 'number' && typeof object.lng === 'number') {
    Object.assign(out, coarsenPosition(object.lat, object.lng, grid));
  }
  return out;
}

/** The answer as this caller may see it: unchanged for a user or an exact token, else coarsened. */
export const positionsFor = <T>(request: FastifyRequest, json: T): T =>
  seesExactPositions(request) ? json : coarsenPositions(json);
