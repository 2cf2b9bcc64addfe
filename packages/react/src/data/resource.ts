// Widgets read through this module: the client's query cache (the core's `QueryClient`), the same in the
// React package, the web components and the script tags.
import type { MatnatQueryOptions } from '@matnat/core';
import type { MatnatClientLike } from '../provider/types';
import { queryClientOf, useQuery } from '../provider/useQuery';

export interface ResourceOptions<T> extends MatnatQueryOptions<T> {
  /** Fetch again this often (ms); `false` never. @default false */
  refetchInterval?: number | false;
  /** @default true */
  enabled?: boolean;
}

export interface ResourceResult<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
}

/** One resource through the client's cache: requests for the same key are shared by every widget. */
export function useResource<T>(options: ResourceOptions<T>): ResourceResult<T> {
  const { refetchInterval = false, enabled = true, ...query } = options;
  const result = useQuery<T>({ ...query, refetchInterval, enabled });
  return { data: result.data, error: result.error, isPending: result.isPending };
}

/**
 * The resource's data, fetched once for every caller asking at the same time, and taken from the cache while
 * younger than `staleMs`: what a widget reads several resources with (a chart's sensors).
 */
export function fetchResource<T>(client: MatnatClientLike, options: MatnatQueryOptions<T>, staleMs = 0) {
  return queryClientOf(client).fetchQuery({ ...options, staleTime: staleMs });
}
