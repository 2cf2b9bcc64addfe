import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';

/**
 * How long one answer is shared: the bucket window. A reading stored in the window shows once the next
 * window starts, within this (the "refresh interval" of embedded panels and the public map).
 */
export const SHARED_ANSWER_MS = 5_000;
/** Most answers kept (the oldest goes first): a few hundred bytes to tens of kilobytes each. */
const SHARED_ANSWER_LIMIT = 2_000;

/**
 * Embed-token answers: the viewer's browser may keep one for the window and show it while it asks again
 * for up to 30 s; `private`, because a CDN keying on the URL alone would hand one token's answer to
 * another token's request of the same URL.
 */
export const EMBED_CACHE_CONTROL = `private, max-age=${SHARED_ANSWER_MS / 1000}, stale-while-revalidate=30`;

interface Answer {
  body: Buffer;
  etag: string;
}

interface Entry {
  window: number;
  answer: Promise<Answer>;
  /** The answer once loaded: a warm hit sends it without waiting for anything. */
  ready: Answer | null;
}

/** The window `now` falls in, and the instant it ends (the "now" every answer of the window is made at). */
export function answerWindow(now = Date.now()): { window: number; end: number } {
  const window = Math.floor(now / SHARED_ANSWER_MS);
  return { window, end: (window + 1) * SHARED_ANSWER_MS };
}

/**
 * Serialised answers shared by every caller of the same key within one window: 1,000 viewers of one panel
 * cost one query per window. The key must name everything the answer depends on — the embed token (or
 * `public`), the route and its parameters — so it never crosses tokens or teams. Everything is dropped
 * on an access change (`app.accessChanges`: a revoked token, a moved device, a changed panel or device,
 * a user's changed teams; not a session's end).
 */
export class SharedAnswers {
  readonly #answers = new Map<string, Entry>();

  constructor(app: FastifyInstance) {
    // A session's end concerns no token's or public answer (a login rotates one: no reason to reload).
    app.accessChanges.subscribe((change) => {
      if (change.kind !== 'session') this.#answers.clear();
    });
  }

  /**
   * Sends the answer of `key` for this window, loaded by `load` (one load per key and window, whoever
   * asks) with its ETag and `cacheControl`, or 304 when the request's If-None-Match names it.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    cacheControl: string,
    load: (windowEnd: number) => Promise<string>,
  ): Promise<FastifyReply> {
    return write(request, reply, await this.#get(key, load), cacheControl);
  }

  /**
   * Sends this window's answer of `key` when it is loaded already (a warm hit), as `send` would; false
   * when it is not (the caller goes on to `send`). Nothing is re-run: no query, no JSON, no hash.
   */
  sendReady(request: FastifyRequest, reply: FastifyReply, key: string, cacheControl: string): boolean {
    const cached = this.#answers.get(key);
    if (!cached?.ready || cached.window !== answerWindow().window) return false;
    write(request, reply, cached.ready, cacheControl);
    return true;
  }

  #get(key: string, load: (windowEnd: number) => Promise<string>): Promise<Answer> {
    const { window, end } = answerWindow();
    const cached = this.#answers.get(key);
    if (cached?.window === window) return cached.answer;
    const answer = load(end).then((text) => {
      const body = Buffer.from(text);
      const made = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
      entry.ready = made;
      return made;
    });
    const entry: Entry = { window, answer, ready: null };
    // A failed load is not kept: the next caller tries again.
    answer.catch(() => {
      if (this.#answers.get(key) === entry) this.#answers.delete(key);
    });
    this.#answers.delete(key);
    if (this.#answers.size >= SHARED_ANSWER_LIMIT)
      this.#answers.delete(this.#answers.keys().next().value as string);
    this.#answers.set(key, entry);
    return answer;
  }
}

function write(request: FastifyRequest, reply: FastifyReply, answer: Answer, cacheControl: string) {
  reply.header('etag', answer.etag).header('cache-control', cacheControl);
  if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

/**
 * A route's `preValidation` hook that sends a warm hit before the request is validated and its handler
 * runs: the request's caller is authenticated by then (onRequest), and `keyOf` — the handler's own key,
 * naming the caller and the raw URL — finds an answer only if a request with the same caller and URL was
 * validated, checked for access and answered in this window (an access change empties the cache).
 * `keyOf` returns null for requests whose answers are not shared.
 */
export function warmHits(
  keyOf: (request: FastifyRequest) => string | null,
  cacheControl: string,
): preValidationAsyncHookHandler {
  return async function warmHit(request, reply) {
    const key = keyOf(request);
    if (key !== null && request.server.sharedAnswers.sendReady(request, reply, key, cacheControl))
      return reply;
  };
}

/** The query string of a request URL (part of a shared answer's key), empty without one. */
export function queryOf(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at + 1);
}

/** Whether an If-None-Match header names `etag` (weak or strong, or `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers for embed tokens and public callers, shared within a window (`src/http/sharedAnswers.ts`). */
    sharedAnswers: SharedAnswers;
  }
}
