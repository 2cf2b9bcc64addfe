import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
  readonly #answers = new Map<string, { window: number; answer: Promise<Answer> }>();

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
    const answer = await this.#get(key, load);
    reply.header('etag', answer.etag).header('cache-control', cacheControl);
    if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(answer.body);
  }

  #get(key: string, load: (windowEnd: number) => Promise<string>): Promise<Answer> {
    const { window, end } = answerWindow();
    const cached = this.#answers.get(key);
    if (cached?.window === window) return cached.answer;
    const answer = load(end).then((text) => {
      const body = Buffer.from(text);
      return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    });
    const entry = { window, answer };
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
