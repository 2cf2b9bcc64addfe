import { httpErrorFor, type UnauthenticatedError } from './errors';
import type { Platform } from './platform';

/**
 * How requests authenticate: `'session'` for the hosted app (cookies + anti-forgery token, Laravel
 * Sanctum SPA style), or a read-only embed token for partner pages on other origins.
 */
export type AuthMode = 'session' | { embedToken: string };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export interface HttpClientOptions {
  platform: Platform;
  /** Prefix of every path, e.g. `https://app.matnat.se`. @default '' (same origin) */
  baseUrl?: string;
  /** @default 'session' */
  auth?: AuthMode;
  /**
   * Returns the raw (still URL-encoded) value of a cookie, or undefined.
   * @default reads `document.cookie` at call time
   */
  readCookie?: (name: string) => string | undefined;
  /** Called with every 401 answer before the request rejects. */
  onUnauthenticated?: (error: UnauthenticatedError) => void;
}

export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Appended to the path; null/undefined values are left out. */
  query?: Query;
  signal?: AbortSignal;
  /** Public data: sent without cookies or token, so that a bad token never breaks it. */
  anonymous?: boolean;
}

export interface HttpClient {
  readonly baseUrl: string;
  readonly auth: AuthMode;
  /** Resolves with the parsed JSON body (undefined when empty); rejects with an `HttpError` subclass. */
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /** The absolute URL of a path (for EventSource, links). */
  url(path: string, query?: Query): string;
  /** How many of this client's requests are under way (the live stream's connection is not one of them). */
  readonly requests: RequestsUnderWay;
}

/** A client's requests under way, in the external-store shape (`useSyncExternalStore` reads it). */
export interface RequestsUnderWay {
  /** Calls `listener` as each request starts and as it ends, at once (not batched). Returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** The count; the same object until it changes. */
  getSnapshot(): { readonly pending: number };
}

/** The anti-forgery cookie Sanctum sets and the header that must echo it. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const CSRF_COOKIE_PATH = '/sanctum/csrf-cookie';

/** A cookie of the page (`document.cookie`), undefined when absent or outside a browser. */
export function documentCookie(name: string): string | undefined {
  const cookies = (globalThis as { document?: { cookie?: string } }).document?.cookie ?? '';
  return `; ${cookies}`.split(`; ${name}=`)[1]?.split(';')[0];
}

/** `path?key=value&…`, keeping `,` `[` `]` readable as the API's include/filter syntax writes them. */
export function withQuery(path: string, query?: Query): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value != null) {
      parts.push(`${key}=${encodeURIComponent(String(value)).replace(/%2C/gi, ',')}`);
    }
  }
  return parts.length ? `${path}${path.includes('?') ? '&' : '?'}${parts.join('&')}` : path;
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A small JSON client for the Mätnät API: success is 200–299, no timeout, errors as `HttpError`
 * subclasses; 5xx answers are logged through the platform logger (and still rejected).
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { platform, baseUrl = '', auth = 'session', readCookie = documentCookie } = options;
  const embedToken = typeof auth === 'object' ? auth.embedToken : undefined;
  let csrf: Promise<unknown> | undefined;

  const url = (path: string, query?: Query) => baseUrl + withQuery(path, query);

  const refreshCsrf = () => {
    csrf = platform
      .fetch(url(CSRF_COOKIE_PATH), { credentials: 'include', headers: { Accept: 'application/json' } })
      .catch((error: unknown) => {
        csrf = undefined;
        throw error;
      });
    return csrf;
  };

  async function request<T>(
    method: HttpMethod,
    path: string,
    { body, query, signal, anonymous }: RequestOptions = {},
    retried = false,
  ): Promise<T> {
    const mutating = method !== 'GET';
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (anonymous) {
      // Neither cookie nor token.
    } else if (embedToken !== undefined) {
      headers.Authorization = `Bearer ${embedToken}`;
    } else if (mutating) {
      await (csrf ?? refreshCsrf());
      const token = readCookie(XSRF_COOKIE);
      if (token) headers[XSRF_HEADER] = decodeURIComponent(token);
    }
    const init: RequestInit = {
      method,
      headers,
      credentials: embedToken === undefined && !anonymous ? 'include' : 'omit',
    };
    if (body !== undefined) init.body = JSON.stringify(body);
    if (signal) init.signal = signal;
    const target = url(path, query);
    const response = await platform.fetch(target, init);
    const parsed = await parseBody(response);
    if (response.status >= 200 && response.status < 300) {
      return parsed as T;
    }
    if (response.status === 419 && embedToken === undefined && !retried) {
      await refreshCsrf();
      return request(method, path, { body, query, signal, anonymous }, true);
    }
    const error = httpErrorFor(response.status, parsed, method, target);
    if (response.status === 401) options.onUnauthenticated?.(error as UnauthenticatedError);
    if (response.status >= 500) platform.logger.error(error);
    throw error;
  }

  // Not a valtio store: the script-tag map carries no store otherwise.
  let snapshot = { pending: 0 };
  const listeners = new Set<() => void>();
  const count = (step: number) => {
    snapshot = { pending: snapshot.pending + step };
    for (const listener of listeners) listener();
  };
  // Counted once however often it is asked again (a 419's retry).
  const counted = <T>(method: HttpMethod, path: string, opts?: RequestOptions): Promise<T> => {
    count(1);
    return request<T>(method, path, opts).finally(() => count(-1));
  };
  const requests: RequestsUnderWay = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
  };

  return {
    baseUrl,
    auth,
    request: counted,
    url,
    get: (path, opts) => counted('GET', path, opts),
    post: (path, body, opts) => counted('POST', path, { ...opts, body }),
    patch: (path, body, opts) => counted('PATCH', path, { ...opts, body }),
    delete: (path, opts) => counted('DELETE', path, opts),
    requests,
  };
}
