// The script-tag builds' stand-in for `resource.ts` (swapped in by tsup.config.ts): their clients come from
// `createWidgetClient`, without a query engine, so that panel.js and temperature-map.js stay within their size
// budgets. It keeps what the widgets need of a cache: one request per key at a time, shared by every widget
// on the page, the last answer, and refetching on an interval. Requests still go through the core's client.
import type { MatnatQueryOptions } from '@matnat/core';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useMatnatClient } from '../provider/context';
import type { MatnatClientLike } from '../provider/types';
import type { ResourceOptions, ResourceResult } from './resource';

export type { ResourceOptions, ResourceResult } from './resource';

interface Entry {
  result: ResourceResult<unknown>;
  at: number;
  inflight?: Promise<unknown>;
  listeners: Set<() => void>;
}

const caches = new WeakMap<object, Map<string, Entry>>();

function entryOf(client: MatnatClientLike, key: readonly unknown[]): Entry {
  let cache = caches.get(client);
  if (!cache) {
    cache = new Map();
    caches.set(client, cache);
  }
  const hash = JSON.stringify(key);
  let entry = cache.get(hash);
  if (!entry) {
    entry = { result: { data: undefined, error: null, isPending: true }, at: 0, listeners: new Set() };
    cache.set(hash, entry);
  }
  return entry;
}

export function fetchResource<T>(
  client: MatnatClientLike,
  options: MatnatQueryOptions<T>,
  staleMs = 0,
): Promise<T> {
  const entry = entryOf(client, options.queryKey);
  if (entry.inflight) return entry.inflight as Promise<T>;
  if (entry.at && Date.now() - entry.at < staleMs) return Promise.resolve(entry.result.data as T);
  const settle = (result: ResourceResult<unknown>) => {
    entry.result = result;
    entry.inflight = undefined;
    for (const listener of entry.listeners) listener();
  };
  const signal = new AbortController().signal;
  const request = (options.queryFn as (context: { signal: AbortSignal }) => Promise<T>)({ signal });
  entry.inflight = request.then(
    (data) => {
      entry.at = Date.now();
      settle({ data, error: null, isPending: false });
      return data;
    },
    (error: unknown) => {
      settle({ data: entry.result.data, error, isPending: false });
      throw error;
    },
  );
  return entry.inflight as Promise<T>;
}

export function useResource<T>(options: ResourceOptions<T>): ResourceResult<T> {
  const client = useMatnatClient();
  const { refetchInterval = false, enabled = true } = options;
  const entry = entryOf(client, options.queryKey);
  const subscribe = useCallback(
    (listener: () => void) => {
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [entry],
  );
  const result = useSyncExternalStore(
    subscribe,
    () => entry.result,
    () => entry.result,
  );
  const latest = options;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the entry names the key; options are read fresh
  useEffect(() => {
    if (!enabled) return;
    const load = () => fetchResource(client, latest, refetchInterval || 0).catch(() => {});
    void load();
    if (!refetchInterval) return;
    // A hidden page does not poll (as query-core's observers do not): back in view, an answer older than the
    // interval is fetched again at once. The live stream goes on meanwhile.
    const poll = () => document.visibilityState !== 'hidden' && load();
    const timer = setInterval(poll, refetchInterval);
    document.addEventListener('visibilitychange', poll);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', poll);
    };
  }, [client, entry, enabled, refetchInterval]);
  return result as ResourceResult<T>;
}
