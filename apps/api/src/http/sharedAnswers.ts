import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';

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

/** A content coding a shared answer is also kept in, made once an answer and coding when first asked for. */
type Coding = 'br' | 'gzip';

interface Answer {
  body: Buffer;
  etag: string;
  /** The answer br- and gzip-coded (null: not worth it), once a request asked for that coding. */
  coded: { [C in Coding]?: { body: Buffer; etag: string } | null };
}

/**
 * Answers from this size up are sent compressed to a browser that takes it (as `registerCompression`
 * does for other answers, from the same size), but compressed once an answer and coding, not per request.
 * Brotli at quality 6 (a 7 kB answer in about 0.7 ms here, 14× smaller; 11 costs 70 ms for 10 % less).
 */
const COMPRESS_FROM = 1024;
const BROTLI_QUALITY = 6;

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
      const made: Answer = {
        body,
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
        coded: {},
      };
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

/**
 * Sends `answer` as the request takes it: br- or gzip-coded (made once and kept with the answer) when its
 * Accept-Encoding asks for it, plain otherwise; each form with an ETag of its own (the plain one's with
 * `-br`/`-gzip`). A request naming any form's ETag is 304: it holds this window's answer already.
 */
function write(request: FastifyRequest, reply: FastifyReply, answer: Answer, cacheControl: string) {
  const coding = answer.body.length >= COMPRESS_FROM ? codingOf(request.headers['accept-encoding']) : null;
  const coded = coding === null ? null : codedAs(answer, coding);
  const vary = reply.getHeader('vary');
  reply
    .header('etag', coded ? coded.etag : answer.etag)
    .header('cache-control', cacheControl)
    .header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && matches(ifNoneMatch, answer)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (!coded) return reply.send(answer.body);
  // Already coded: the compression plugin's onSend leaves an answer with a Content-Encoding alone.
  return reply.header('content-encoding', coding).send(coded.body);
}

function codedAs(answer: Answer, coding: Coding): { body: Buffer; etag: string } | null {
  let coded = answer.coded[coding];
  if (coded === undefined) {
    const body =
      coding === 'br'
        ? brotliCompressSync(answer.body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: answer.body.length,
            },
          })
        : gzipSync(answer.body);
    coded =
      body.length < answer.body.length ? { body, etag: `${answer.etag.slice(0, -1)}-${coding}"` } : null;
    answer.coded[coding] = coded;
  }
  return coded;
}

const codings = new Map<string, Coding | null>();
const CODINGS_KEPT = 100;

/**
 * The coding an Accept-Encoding header takes, br before gzip (`;q=0` refuses one, `*` names any), null for
 * none; browsers send a handful of distinct headers, so the answers are kept.
 */
export function codingOf(header: string | undefined): Coding | null {
  if (!header) return null;
  let coding = codings.get(header);
  if (coding !== undefined) return coding;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(name.trim(), Number.isNaN(value) ? 0 : value);
  }
  const takes = (c: Coding) => (q.get(c) ?? q.get('*') ?? 0) > 0;
  coding = takes('br') ? 'br' : takes('gzip') ? 'gzip' : null;
  if (codings.size >= CODINGS_KEPT) codings.clear();
  codings.set(header, coding);
  return coding;
}

/**
 * A route's `onRequest` hook, after its guard, that sends a warm hit before the request's body hooks,
 * validation and handler: the request's caller is authenticated by then (the app's onRequest), and
 * `keyOf` — the handler's own key, naming the caller and the raw URL — finds an answer only if a request
 * with the same caller and URL was validated, checked for access and answered in this window (an access
 * change empties the cache). `keyOf` returns null for requests whose answers are not shared.
 */
export function warmHits(
  keyOf: (request: FastifyRequest) => string | null,
  cacheControl: string,
): onRequestAsyncHookHandler {
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

/** Whether an If-None-Match header names one of the answer's ETags (weak or strong, or `*`). */
function matches(header: string, answer: Answer): boolean {
  const base = answer.etag.slice(0, -1);
  return header.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === '*' || t === answer.etag || t === `${base}-br"` || t === `${base}-gzip"`;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers for embed tokens and public callers, shared within a window (`src/http/sharedAnswers.ts`). */
    sharedAnswers: SharedAnswers;
  }
}
