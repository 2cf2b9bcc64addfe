import {
  type DefaultError,
  notifyManager,
  type QueryKey,
  QueryObserver,
  type QueryObserverOptions,
  type QueryObserverResult,
} from '@tanstack/query-core';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useMatnatClient } from './context';

export type UseQueryOptions<TData, TKey extends QueryKey = QueryKey> = QueryObserverOptions<
  TData,
  DefaultError,
  TData,
  TData,
  TKey
>;

/**
 * A query through the provider's query client (TanStack query-core's QueryObserver bridged with
 * useSyncExternalStore): cached, deduplicated and shared with the core's own resource stores.
 */
export function useQuery<TData, TKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TData, TKey>,
): QueryObserverResult<TData> {
  const { queryClient } = useMatnatClient();
  if (!queryClient)
    throw new Error('Mätnät: useQuery needs a client with a query client (createMatnatClient).');
  const defaulted = queryClient.defaultQueryOptions(options);
  const [observer] = useState(
    () => new QueryObserver<TData, DefaultError, TData, TData, TKey>(queryClient, defaulted),
  );

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
