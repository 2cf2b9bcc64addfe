import { vi } from 'vitest';
import type { Platform, StorageLike } from '../src/platform';

/** One request as the fake server saw it. */
export interface RecordedCall {
  method: string;
  /** Path and query, base URL stripped. */
  url: string;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
}

type Responder = FakeReply | ((call: RecordedCall) => FakeReply | Promise<FakeReply>);

/**
 * An in-memory stand-in for the API: replies are registered per `METHOD path?query`; a registered
 * reply answers every matching call until replaced, `once` replies are used up first. Unmatched
 * calls answer 404 so that a missing stub fails loudly. `/sanctum/csrf-cookie` answers 204 by default.
 */
export function fakeServer(baseUrl = '') {
  const calls: RecordedCall[] = [];
  const persistent = new Map<string, Responder>();
  const queued = new Map<string, Responder[]>();
  persistent.set('GET /sanctum/csrf-cookie', { status: 204 });

  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input).slice(baseUrl.length);
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      url,
      headers: { ...(init.headers as Record<string, string>) },
      credentials: init.credentials,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const key = `${call.method} ${url}`;
    const responder = queued.get(key)?.shift() ??
      persistent.get(key) ?? { status: 404, body: { message: 'Not Found' } };
    const reply = typeof responder === 'function' ? await responder(call) : responder;
    const status = reply.status ?? 200;
    const text =
      reply.body === undefined
        ? ''
        : typeof reply.body === 'string'
          ? reply.body
          : JSON.stringify(reply.body);
    return new Response([204, 205, 304].includes(status) ? null : text, { status });
  });

  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    calls,
    /** Answer every call of `route` ('METHOD /path?query') with this reply. */
    on(route: string, reply: Responder) {
      persistent.set(route, reply);
      return this;
    },
    /** Answer the next call of `route` with this reply (queued before the persistent one). */
    once(route: string, reply: Responder) {
      queued.set(route, [...(queued.get(route) ?? []), reply]);
      return this;
    },
    /** `METHOD url` of every call except the anti-forgery cookie fetches. */
    requests() {
      return calls.filter((c) => c.url !== '/sanctum/csrf-cookie').map((c) => `${c.method} ${c.url}`);
    },
    last() {
      return calls.at(-1)!;
    },
  };
}

export type FakeServer = ReturnType<typeof fakeServer>;

export function memoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/**
 * A platform whose fetch is the fake server and whose timers delegate to the global ones at call time,
 * so `vi.useFakeTimers()` controls them.
 */
export function fakePlatform(server: FakeServer, overrides: Partial<Platform> = {}): Platform {
  return {
    fetch: server.fetch,
    storage: memoryStorage(),
    timers: {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
    },
    now: () => Date.now(),
    location: { reload: vi.fn(), assign: vi.fn() },
    logger: { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    ...overrides,
  };
}
