import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { webhookMessages as M } from './messages.js';
import { hostOf, type TargetRules } from './target.js';

/** What one attempt came to. `retry`: a later attempt may succeed (timeouts, 5xx, 429, lost connections). */
export interface Attempt {
  ok: boolean;
  status: number | null;
  error: string | null;
  retry: boolean;
  /** Milliseconds from sending to the answer (or the failure). */
  ms: number;
}

export interface SendOptions {
  rules: TargetRules;
  timeoutMs: number;
  /** Bytes of an answer read at most; the rest is dropped (the status is what counts). @default 65536 */
  maxAnswerBytes?: number;
}

/** Bodies we send at most: an alert's facts are far smaller. */
export const MAX_BODY_BYTES = 65_536;

const RETRY_STATUSES = new Set([408, 425, 429]);

function outcome(status: number, ms: number): Attempt {
  if (status >= 200 && status < 300) return { ok: true, status, error: null, retry: false, ms };
  const error = status >= 300 && status < 400 ? M.redirect(status) : M.status(status);
  // A receiver that is down or busy may come back; another answer says this request is wrong for it.
  return { ok: false, status, error, retry: status >= 500 || RETRY_STATUSES.has(status), ms };
}

/**
 * Posts `body` to `url` once: no redirects followed, the whole exchange within `timeoutMs`, at most
 * `maxAnswerBytes` of the answer read, and only to targets the rules allow (checked on the addresses the
 * connection really uses).
 */
export function postOnce(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<Attempt> {
  const started = Date.now();
  const http = url.protocol === 'http:';
  const host = hostOf(url);
  const refused = (error: string): Attempt => ({ ok: false, status: null, error, retry: false, ms: 0 });
  if (Buffer.byteLength(body) > MAX_BODY_BYTES) return Promise.resolve(refused(M.tooLarge));
  // Address literals never reach `lookup`.
  const literal = isIP(host) ? options.rules.addressProblem(host, http) : null;
  if (literal) return Promise.resolve(refused(literal));
  const limit = options.maxAnswerBytes ?? 65_536;
  return new Promise((resolve) => {
    let settled = false;
    const done = (attempt: Omit<Attempt, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...attempt, ms: Date.now() - started });
    };
    const request = (http ? httpRequest : httpsRequest)(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'Matnat-Webhook/1',
      },
      lookup: options.rules.lookup(http) as never,
      agent: false,
    });
    const timer = setTimeout(() => {
      done({ ok: false, status: null, error: M.timeout(options.timeoutMs), retry: true });
      request.destroy();
    }, options.timeoutMs);
    request.on('response', (answer: IncomingMessage) => {
      let read = 0;
      answer.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > limit) answer.destroy();
      });
      const finish = () => done(outcome(answer.statusCode ?? 0, Date.now() - started));
      answer.on('end', finish);
      answer.on('close', finish);
      answer.on('error', finish);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EMATNAT_TARGET')
        return done({ ok: false, status: null, error: error.message, retry: false });
      const unresolved = error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN';
      done({
        ok: false,
        status: null,
        error: unresolved ? M.unresolved(host) : M.network(error.code ?? error.message),
        retry: true,
      });
    });
    request.end(body);
  });
}
