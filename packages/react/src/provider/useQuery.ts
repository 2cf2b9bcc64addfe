import {
  type CachedQuery,
  type ObservedState,
  observedState,
  type PlaceholderData,
  type QueryClient,
  type QueryOptions,
  type QueryState,
} from '@matnat/core';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useMatnatClient } from './context';
import { required } from './required';

export interface UseQueryOptions<TData> extends QueryOptions<TData> {
  /** @default true */
  enabled?: boolean;
  /** Fetch again this often (ms) while mounted; a function of the query decides anew after each change. */
  refetchInterval?: number | false | ((query: CachedQuery<TData>) => number | false);
  /**
   * Shown while the key has no answer yet (TanStack Query's): `keepPreviousData` (from `@matnat/core`) keeps
   * the data of the key this hook showed before, e.g. a chart's range while its zoom loads. The result then
   * says `isPlaceholderData`: show it as not current (dimmed, busy). Never written to the cache.
   */
  placeholderData?: PlaceholderData<TData>;
}

interface ResultBase {
  error: Error | null;
  /** `'fetching'` while a request is under way. */
  fetchStatus: QueryState['fetchStatus'];
  dataUpdatedAt: number;
  /** `data` is the placeholder (`placeholderData`) while the key's own answer is on its way. */
  isPlaceholderData: boolean;
}

/** The query's state, told apart by `status` (or the `is…` flags), as TanStack Query's hooks give it. */
export type UseQueryResult<TData> = ResultBase &
  (
    | { status: 'success'; data: TData; isSuccess: true; isError: false; isPending: false }
    | { status: 'error'; data: TData | undefined; isSuccess: false; isError: true; isPending: false }
    | { status: 'pending'; data: undefined; isSuccess: false; isError: false; isPending: true }
  );

const noop = () => {};

/** The client's query cache: a client made without one cannot run queries. */
export function queryClientOf(client: { queryClient?: QueryClient }): QueryClient {
  return required(client.queryClient, 'query client');
}

function resultOf<TData>(state: ObservedState<TData>): UseQueryResult<TData> {
  return {
    ...state,
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    isPending: state.status === 'pending',
  } as UseQueryResult<TData>;
}

/**
 * A query through the provider's client (the core's query cache, bridged with useSyncExternalStore):
 * cached, shared with every other reader of the key, fetched when stale, again after a write invalidates
 * it, and its request aborted when the last reader unmounts before the answer.
 */
export function useQuery<TData>(options: UseQueryOptions<TData>): UseQueryResult<TData> {
  const queryClient = queryClientOf(useMatnatClient());
  const { enabled = true, refetchInterval, placeholderData, ...rest } = options;
  const defaulted = queryClient.defaultQueryOptions(rest);
  const query = queryClient.build(defaulted);
  // Asked in the first render (in a browser), not when the subscription's passive effect runs after the
  // first paint: a panel asked for its year of readings ~45 ms after mounting (issue 13).
  if (enabled && typeof document !== 'undefined' && query.state.status === 'pending') {
    query.fetch(defaulted).catch(noop);
  }

  const subscribe = useCallback(
    (onChange: () => void) => {
      const unsubscribe = query.subscribe(onChange);
      if (!enabled) return unsubscribe;
      const unobserve = query.observe();
      if (query.isStale(query.options.staleTime)) query.fetch().catch(noop);
      return () => {
        unsubscribe();
        unobserve();
      };
    },
    [query, enabled],
  );
  const state = useSyncExternalStore(
    subscribe,
    () => query.state,
    () => query.state,
  );

  const interval = typeof refetchInterval === 'function' ? refetchInterval(query) : refetchInterval;
  useEffect(() => {
    if (!enabled || !interval) return;
    // A hidden page does not poll (issue 22): back in view, an answer older than the interval is fetched again
    // at once. The live stream goes on meanwhile.
    const poll = () => document.visibilityState !== 'hidden' && query.fetch().catch(noop);
    const shown = () => query.isStale(interval) && poll();
    const timer = setInterval(poll, interval);
    document.addEventListener('visibilitychange', shown);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [query, enabled, interval]);

  // The last query this reader showed an answer of: what `keepPreviousData` keeps while a new key loads.
  const shown = useRef<CachedQuery<TData>>(undefined);
  const observed = observedState(query, placeholderData, shown.current);
  if (state.data !== undefined) shown.current = query;
  return resultOf(observed);
}
