// Widgets read through this module: the client's query cache (the core's `QueryClient`), the same in the
// React package, the web components and the script tags.
import type { CachedQuery, MatnatQueryOptions, PlaceholderData } from '@matnat/core';
import type { MatnatClientLike } from '../provider/types';
import { queryClientOf, useQuery } from '../provider/useQuery';

export interface ResourceOptions<T> extends MatnatQueryOptions<T> {
  /** Fetch again this often (ms); `false` never. @default false */
  refetchInterval?: number | false;
  /** @default true */
  enabled?: boolean;
  /** Data shown while the key has no answer yet: `keepPreviousData` keeps the previous key's (see `useQuery`). */
  placeholderData?: PlaceholderData<T>;
}

export interface ResourceResult<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  /** `data` is the previous key's (or another placeholder), shown until this key's answer comes. */
  isPlaceholderData: boolean;
}

/** One resource through the client's cache: requests for the same key are shared by every widget. */
export function useResource<T>(options: ResourceOptions<T>): ResourceResult<T> {
  return useQuery<T>(options);
}

/**
 * The resource's data, fetched once for every caller asking at the same time, and taken from the cache while
 * younger than `staleMs`: what a widget reads several resources with (a chart's sensors).
 */
export function fetchResource<T>(client: MatnatClientLike, options: MatnatQueryOptions<T>, staleMs = 0) {
  return queryClientOf(client).fetchQuery({ ...options, staleTime: staleMs });
}

/**
 * `keepPreviousData` for a key of sensors (`['sensor', what, ids, …]`, or a sensor's own `['sensor', id, …]`
 * with `at` 1): while a new range or zoom of the same sensors loads, their data of the range before stays;
 * another set of sensors shows none of it.
 */
export const keepPreviousOfSensors =
  (ids: readonly string[] | number | string, at = 2) =>
  <T>(previous: T | undefined, query?: CachedQuery<T>): T | undefined =>
    `${query?.queryKey[at]}` === `${ids}` ? previous : undefined;
