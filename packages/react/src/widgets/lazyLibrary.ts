/**
 * A library loaded on first use. Chart and map libraries are imported lazily so that importing
 * @matnat/react in Node (SSR) never evaluates them (Leaflet reads `window` at import time), and so that
 * CommonJS consumers work although lightweight-charts ships ESM only.
 */
export interface LazyLibrary<T> {
  /** The module once loaded, so that widgets after the first are created synchronously. */
  current(): T | undefined;
  load(): Promise<T>;
}

export function lazyLibrary<T>(importer: () => Promise<T>): LazyLibrary<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    current: () => loaded,
    load() {
      pending ??= importer().then(
        (mod) => {
          loaded = mod;
          return mod;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
}
