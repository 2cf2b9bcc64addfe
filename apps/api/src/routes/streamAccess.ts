import type { FastifyRequest } from 'fastify';
import { callerStillValid } from '../auth/authenticate.js';
import { tooManyRequests } from '../http/errors.js';
import { readableSensors, type SensorRow } from './sensorAccess.js';

export interface StreamLimits {
  /** Open streams per session, or per embed token and client IP (one visitor of a partner page). */
  maxPerCaller: number;
  /** Open streams per embed token in all (every visitor of the partner pages that use it). */
  maxPerToken: number;
}

/** The counters a stream takes a slot in, each with its limit. */
function slotsOf(request: Pick<FastifyRequest, 'ip' | 'embedScope' | 'authSession'>, limits: StreamLimits) {
  const token = request.embedScope?.tokenId;
  if (token !== undefined)
    return [
      { key: `token:${token}|${request.ip}`, max: limits.maxPerCaller },
      { key: `token:${token}`, max: limits.maxPerToken },
    ];
  return [{ key: `session:${request.authSession?.id ?? request.ip}`, max: limits.maxPerCaller }];
}

/** Open streams per session and per token in this process; one more than a limit allows is 429. */
export class StreamSlots {
  readonly #open = new Map<string, number>();

  constructor(private readonly limits: () => StreamLimits) {}

  /** Takes a slot for the request's caller (429 when one is full); returns the function that frees it. */
  take(request: Pick<FastifyRequest, 'ip' | 'embedScope' | 'authSession'>): () => void {
    const slots = slotsOf(request, this.limits());
    if (slots.some(({ key, max }) => (this.#open.get(key) ?? 0) >= max)) throw tooManyRequests(5);
    for (const { key } of slots) this.#open.set(key, (this.#open.get(key) ?? 0) + 1);
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      for (const { key } of slots) {
        const left = (this.#open.get(key) ?? 1) - 1;
        if (left > 0) this.#open.set(key, left);
        else this.#open.delete(key);
      }
    };
  }
}

/**
 * Re-checks an open stream's right to its sensors: `null` when its session or token is gone (logged out,
 * expired, revoked, an impersonation reverted), else the sensors it may still read (access lost through a
 * team or a moved device drops them).
 */
export async function stillReadable(
  request: FastifyRequest,
  sensorIds: readonly number[],
): Promise<Map<number, SensorRow> | null> {
  if (!(await callerStillValid(request))) return null;
  return readableSensors(request, sensorIds);
}
