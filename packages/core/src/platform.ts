/** The key/value store the core persists to (window.localStorage in a browser). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

export interface Logger {
  debug(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

/** Page navigation the core may trigger: a full reload (new version, failed lazy chunk) or a hard redirect. */
export interface PageLocation {
  reload(): void;
  assign(url: string): void;
}

/**
 * Everything the core needs from its host. Injected so that the core imports cleanly in Node (SSR) and
 * tests need no global patching; `browserPlatform()` gives the browser defaults.
 */
export interface Platform {
  fetch: typeof fetch;
  /** `null` where there is no storage (SSR, privacy modes): state then lives in memory only. */
  storage: StorageLike | null;
  timers: Timers;
  /** Current time in epoch milliseconds. */
  now(): number;
  location: PageLocation;
  logger: Logger;
}

function safeLocalStorage(): StorageLike | null {
  try {
    return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage;
  } catch {
    // Accessing localStorage throws in sandboxed iframes with storage blocked.
    return null;
  }
}

/**
 * The browser defaults, resolved when called (never at import time) so that importing the core in Node
 * touches no `window`. Any part can be overridden.
 */
export function browserPlatform(overrides: Partial<Platform> = {}): Platform {
  return {
    fetch: (input, init) => globalThis.fetch(input, init),
    storage: safeLocalStorage(),
    timers: {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
      setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
      clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>),
    },
    now: () => Date.now(),
    location: {
      reload: () => globalThis.location?.reload(),
      assign: (url) => globalThis.location?.assign(url),
    },
    logger: globalThis.console,
    ...overrides,
  };
}
