import {
  type DefaultError,
  type FetchQueryOptions,
  notifyManager,
  type QueryClient,
  type QueryKey,
  QueryObserver,
  type QueryObserverOptions,
  type QueryObserverResult,
} from '@tanstack/query-core';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useMatnatClient } from './context';
import { required } from './required';

export type UseQueryOptions<TData, TKey extends QueryKey = QueryKey> = QueryObserverOptions<
  TData,
  DefaultError,
  TData,
  TData,
  TKey
>;

/**
 * Starts a query that has nothing cached yet in the first render (in a browser), instead of when the
 * observer subscribes: that is a passive effect, which runs only after the first paint (a panel asked for
 * its year of readings ~45 ms after mounting, issue 13). The cache shares the request with the observer.
 */
function askEarly<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: UseQueryOptions<TData, TKey>,
): void {
  if (typeof document === 'undefined' || (options.enabled ?? true) !== true || !options.queryFn) return;
  if (queryClient.getQueryState(options.queryKey)) return;
  void queryClient.prefetchQuery(options as FetchQueryOptions<TData, DefaultError, TData, TKey>);
}

/** The client's query engine: a client made without one (a script tag's) cannot run queries. */
export function queryClientOf(client: { queryClient?: QueryClient }): QueryClient {
  return required(client.queryClient, 'query client');
}

/**
 * A query through the provider's query client (TanStack query-core's QueryObserver bridged with
 * useSyncExternalStore): cached, deduplicated and shared with the core's own resource stores.
 */
export function useQuery<TData, TKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TData, TKey>,
): QueryObserverResult<TData> {
  const queryClient = queryClientOf(useMatnatClient());
  const defaulted = queryClient.defaultQueryOptions(options);
  const [observer] = useState(() => {
    askEarly(queryClient, defaulted);
    return new QueryObserver<TData, DefaultError, TData, TData, TKey>(queryClient, defaulted);
  });

  useEffect(() => {
    observer.setOptions(defaulted);
  });

  const subscribe = useCallback(
    (onChange: () => void) => observer.subscribe(notifyManager.batchCalls(onChange)),
    [observer],
  );
  const getSnapshot = useCallback(() => observer.getCurrentResult(), [observer]);
  useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  // The optimistic result already reflects a key change made in this render.
  return observer.getOptimisticResult(defaulted);
}
