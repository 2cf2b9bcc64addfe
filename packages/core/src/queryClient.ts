// The core's query cache: the one client store of server data (docs/core.md), for the app, the React
// widgets, the web components and the script tags alike. It follows TanStack Query's model and method names
// and keeps only what Mätnät reads and writes through (so that a script tag can carry it): one request per
// key at a time, shared by every reader; answers fresh for a stale time; retries by a policy with backoff;
// invalidation and updates by key prefix; requests that really abort when nobody waits for them any more;
// and subscriptions for `useSyncExternalStore`.

export type QueryKey = readonly unknown[];

export interface QueryFunctionContext {
  queryKey: QueryKey;
  /** Aborted when the request is no longer wanted (its query removed, reset, refetched or unobserved). */
  signal: AbortSignal;
}

export type QueryFunction<T> = (context: QueryFunctionContext) => T | Promise<T>;

/** Whether to retry after `failureCount` earlier failures (0 after the first): a count, or a policy. */
export type Retry = boolean | number | ((failureCount: number, error: unknown) => boolean);

export interface QueryDefaults {
  /** @default 3 */
  retry?: Retry;
  /** Ms before a retry. @default 1 s, doubling to at most 30 s */
  retryDelay?: number | ((failureCount: number, error: unknown) => number);
  /** How long an answer counts as fresh (ms). @default 0 */
  staleTime?: number;
  /** How long a query nobody observes stays cached (ms). @default 5 min */
  gcTime?: number;
}

export interface QueryOptions<T> extends QueryDefaults {
  queryKey: QueryKey;
  queryFn?: QueryFunction<T>;
}

export interface QueryClientConfig {
  defaultOptions?: { queries?: QueryDefaults };
}

export interface QueryState<T = unknown> {
  data: T | undefined;
  /** The last failure (`null` after a success; typed `Error` as TanStack Query does); the data stays beside it. */
  error: Error | null;
  status: 'pending' | 'error' | 'success';
  fetchStatus: 'idle' | 'fetching';
  /** When the data was last set (ms since the epoch), 0 if never. */
  dataUpdatedAt: number;
  /** Marked stale by a write: the next reader fetches it again. */
  isInvalidated: boolean;
}

/** Which cached queries a call concerns: keys starting with `queryKey` (only it when `exact`), or `predicate`. */
export interface QueryFilters {
  queryKey?: QueryKey;
  exact?: boolean;
  predicate?: (query: CachedQuery) => boolean;
}

const noop = () => {};

/**
 * What a reader shows while its query has no answer yet (TanStack Query's `placeholderData`): a value, or
 * one made from the data of the query the reader showed last (`keepPreviousData`).
 */
export type PlaceholderData<T> =
  | T
  | ((previousData: T | undefined, previousQuery: CachedQuery<T> | undefined) => T | undefined);

/** As `placeholderData`: the data the reader showed before stays while its new key loads (TanStack Query's). */
export const keepPreviousData = <T>(previousData: T | undefined): T | undefined => previousData;

/** A query's state as one reader shows it: its own, or a placeholder while it has no answer yet. */
export interface ObservedState<T = unknown> extends QueryState<T> {
  /** `data` is the placeholder, not this query's answer: to be shown as not current (dimmed, busy). */
  isPlaceholderData: boolean;
}

const sorted = (_: string, value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
    : value;

/** The key as text, objects' properties in sorted order (`{a, b}` and `{b, a}` are one key). */
export const hashKey = (key: QueryKey): string => JSON.stringify(key, sorted);

/** Whether `key` starts with `prefix`, element by element. */
const startsWith = (key: QueryKey, prefix: QueryKey) =>
  prefix.every((part, i) => i < key.length && hashKey([part]) === hashKey([key[i]]));

function shouldRetry(retry: Retry = 3, failures: number, error: unknown): boolean {
  if (typeof retry === 'function') return retry(failures, error);
  return typeof retry === 'number' ? failures < retry : retry;
}

/** The wait after `failures` failed attempts: 1 s, doubling to at most 30 s (a query's retries, the stream's). */
export const backoff = (failures: number): number => Math.min(1000 * 2 ** failures, 30_000);

function retryDelay(options: QueryDefaults, failures: number, error: unknown): number {
  const delay = options.retryDelay;
  if (typeof delay === 'function') return delay(failures, error);
  return delay ?? backoff(failures);
}

/** Waits `ms`, rejecting at once when `signal` aborts. */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

interface Run<T> {
  promise: Promise<T>;
  resolve: (data: T) => void;
  reject: (error: unknown) => void;
  controller: AbortController;
}

function newRun<T>(): Run<T> {
  const run = { controller: new AbortController() } as Run<T>;
  run.promise = new Promise<T>((resolve, reject) => {
    run.resolve = resolve;
    run.reject = reject;
  });
  // A request nobody awaits (an observer's, a refetch's) must not report an unhandled rejection.
  run.promise.catch(noop);
  return run;
}

const initialState = (): QueryState<never> => ({
  data: undefined,
  error: null,
  status: 'pending',
  fetchStatus: 'idle',
  dataUpdatedAt: 0,
  isInvalidated: false,
});

/** One key's entry: its state, its request under way, its subscribers and observers. */
export class CachedQuery<T = unknown> {
  state: QueryState<T> = initialState();
  private run: Run<T> | undefined;
  private listeners = new Set<() => void>();
  private observers = 0;
  private gcTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly cache: Map<string, CachedQuery>,
    readonly queryHash: string,
    public options: QueryOptions<T>,
  ) {
    this.scheduleGc();
  }

  get queryKey(): QueryKey {
    return this.options.queryKey;
  }

  /** Calls `listener` after every change of `state`; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * An observer (a mounted screen or widget): it keeps the query cached, and invalidations and resets fetch
   * it again. When the last one leaves while a request is under way, the request is aborted.
   */
  observe(): () => void {
    this.observers++;
    clearTimeout(this.gcTimer);
    return () => {
      if (--this.observers > 0) return;
      this.scheduleGc();
      // A microtask later: a remount in the same commit (React's StrictMode) keeps the request.
      queueMicrotask(() => this.observers === 0 && this.cancel());
    };
  }

  get isActive(): boolean {
    return this.observers > 0;
  }

  isStale(staleTime = 0): boolean {
    const { status, isInvalidated, dataUpdatedAt } = this.state;
    return status !== 'success' || isInvalidated || Date.now() - dataUpdatedAt >= staleTime;
  }

  setState(patch: Partial<QueryState<T>>): void {
    this.state = { ...this.state, ...patch };
    this.notify();
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /**
   * The query's answer: the request under way if there is one, else a new one. `restart` aborts the one
   * under way and asks again (after a write): whoever waited for it gets the new answer. Subscribers hear
   * of the start a microtask later: a fetch may start while a component renders (a widget asks in its first
   * render), and other components told at once would be updated during it, which React forbids.
   */
  fetch(options?: QueryOptions<T>, restart = false): Promise<T> {
    if (options?.queryFn) this.options = options;
    if (this.run && !restart) return this.run.promise;
    this.run?.controller.abort();
    const run = this.run ?? newRun<T>();
    const controller = new AbortController();
    run.controller = controller;
    this.run = run;
    if (this.state.fetchStatus !== 'fetching') {
      this.state = { ...this.state, fetchStatus: 'fetching' };
      queueMicrotask(() => this.notify());
    }
    this.attempt(controller.signal).then(
      (data) =>
        this.settle(
          controller,
          { data, error: null, status: 'success', dataUpdatedAt: Date.now(), isInvalidated: false },
          () => run.resolve(data),
        ),
      (error: Error) => this.settle(controller, { error, status: 'error' }, () => run.reject(error)),
    );
    return run.promise;
  }

  private async attempt(signal: AbortSignal): Promise<T> {
    const { queryFn } = this.options;
    if (!queryFn) throw new Error(`No queryFn for the query ${this.queryHash}`);
    for (let failures = 0; ; failures++) {
      try {
        const data = await queryFn({ queryKey: this.queryKey, signal });
        if (signal.aborted) throw signal.reason;
        return data;
      } catch (error) {
        if (signal.aborted || !shouldRetry(this.options.retry, failures, error)) throw error;
        await sleep(retryDelay(this.options, failures, error), signal);
      }
    }
  }

  /** Ends the run `controller` belongs to, unless it was aborted or replaced meanwhile. */
  private settle(controller: AbortController, patch: Partial<QueryState<T>>, finish: () => void): void {
    if (this.run?.controller !== controller) return;
    this.run = undefined;
    this.setState({ ...patch, fetchStatus: 'idle' });
    this.scheduleGc();
    finish();
  }

  /** Aborts the request under way; whoever waited for it gets the abort's reason. */
  cancel(): void {
    const run = this.run;
    if (!run) return;
    this.run = undefined;
    run.controller.abort();
    run.reject(run.controller.signal.reason);
    this.setState({ fetchStatus: 'idle' });
  }

  /** Back to never fetched (the request under way aborted). */
  reset(): void {
    this.cancel();
    this.setState(initialState());
  }

  private scheduleGc(): void {
    clearTimeout(this.gcTimer);
    const gcTime = this.options.gcTime ?? 300_000;
    if (this.observers > 0 || !Number.isFinite(gcTime)) return;
    this.gcTimer = setTimeout(() => {
      if (this.observers === 0 && !this.run && this.cache.get(this.queryHash) === this) {
        this.cache.delete(this.queryHash);
      }
    }, gcTime);
  }

  /** Out of the cache: its request aborted, its collection timer stopped. */
  destroy(): void {
    clearTimeout(this.gcTimer);
    this.cancel();
  }
}

/**
 * What a reader of `query` shows (TanStack Query's observer result): the query's state, or while the query
 * is pending (no answer and no failure yet) and `placeholderData` gives data, that data as a success marked
 * `isPlaceholderData`. A function gets the data of `previous`, the query the reader last showed data of
 * (another key's: the range before a zoom). The placeholder goes when the answer or a failure comes.
 */
export function observedState<T>(
  query: CachedQuery<T>,
  placeholderData?: NoInfer<PlaceholderData<T>>,
  previous?: CachedQuery<T>,
): ObservedState<T> {
  const { state } = query;
  const fill: PlaceholderData<T> | undefined = state.status === 'pending' ? placeholderData : undefined;
  const data =
    typeof fill === 'function'
      ? (fill as (d: T | undefined, q: CachedQuery<T> | undefined) => T | undefined)(
          previous?.state.data,
          previous,
        )
      : (fill as T | undefined);
  return data === undefined
    ? { ...state, isPlaceholderData: false }
    : { ...state, data, status: 'success', isPlaceholderData: true };
}

/** The cache of every query of one client, and the count of its writes under way. */
export class QueryClient {
  private readonly queries = new Map<string, CachedQuery>();
  private defaults: { queries?: QueryDefaults };
  private mutating = 0;
  private mounts = 0;
  private readonly refresh = () => {
    if (document.visibilityState !== 'hidden') {
      for (const query of this.findAll())
        if (query.isActive && query.isStale(query.options.staleTime)) query.fetch().catch(noop);
    }
  };

  constructor(config: QueryClientConfig = {}) {
    this.defaults = config.defaultOptions ?? {};
  }

  getDefaultOptions(): { queries?: QueryDefaults } {
    return this.defaults;
  }

  setDefaultOptions(options: { queries?: QueryDefaults }): void {
    this.defaults = options;
  }

  /** `options` over the client's defaults. */
  defaultQueryOptions<T, O extends QueryOptions<T>>(options: O): O {
    return { ...this.defaults.queries, ...options };
  }

  /** The key's entry, made if it is new; options with a `queryFn` become its options (for refetches). */
  build<T>(options: QueryOptions<T>): CachedQuery<T> {
    const hash = hashKey(options.queryKey);
    let query = this.queries.get(hash) as CachedQuery<T> | undefined;
    if (!query) {
      query = new CachedQuery<T>(this.queries, hash, this.defaultQueryOptions(options));
      this.queries.set(hash, query as CachedQuery);
    } else if (options.queryFn) {
      query.options = this.defaultQueryOptions(options);
    }
    return query;
  }

  find<T>(queryKey: QueryKey): CachedQuery<T> | undefined {
    return this.queries.get(hashKey(queryKey)) as CachedQuery<T> | undefined;
  }

  findAll({ queryKey, exact, predicate }: QueryFilters = {}): CachedQuery[] {
    return [...this.queries.values()].filter(
      (query) =>
        (!queryKey ||
          (exact ? query.queryHash === hashKey(queryKey) : startsWith(query.queryKey, queryKey))) &&
        (!predicate || predicate(query)),
    );
  }

  getQueryData<T>(queryKey: QueryKey): T | undefined {
    return this.find<T>(queryKey)?.state.data;
  }

  getQueryState<T>(queryKey: QueryKey): QueryState<T> | undefined {
    return this.find<T>(queryKey)?.state;
  }

  /** Sets the key's data (an updater gets the cached data); `undefined` from it changes nothing. */
  setQueryData<T>(queryKey: QueryKey, updater: T | undefined | ((old: T | undefined) => T | undefined)) {
    const query = this.build<T>({ queryKey });
    const data =
      typeof updater === 'function'
        ? (updater as (old: T | undefined) => T | undefined)(query.state.data)
        : updater;
    if (data === undefined) return undefined;
    query.setState({ data, error: null, status: 'success', dataUpdatedAt: Date.now(), isInvalidated: false });
    return data;
  }

  /** `setQueryData` on every cached query the filters match. */
  setQueriesData<T>(filters: QueryFilters, updater: (old: T | undefined) => T | undefined): void {
    for (const query of this.findAll(filters)) this.setQueryData<T>(query.queryKey, updater);
  }

  /** The cached answer while fresh (`staleTime`, default the client's), else the server's, shared. */
  fetchQuery<T>(options: QueryOptions<T>): Promise<T> {
    const defaulted = this.defaultQueryOptions(options);
    const query = this.build(defaulted);
    return query.isStale(defaulted.staleTime)
      ? query.fetch(defaulted)
      : Promise.resolve(query.state.data as T);
  }

  /** The cached data whatever its age, else `fetchQuery`. */
  ensureQueryData<T>(options: QueryOptions<T>): Promise<T> {
    const data = this.getQueryData<T>(options.queryKey);
    return data === undefined ? this.fetchQuery(options) : Promise.resolve(data);
  }

  /** `fetchQuery` for its effect on the cache: never rejects. */
  prefetchQuery<T>(options: QueryOptions<T>): Promise<void> {
    return this.fetchQuery(options).then(noop, noop);
  }

  /** Marks the matching queries stale and fetches those observed again (a request under way restarts). */
  async invalidateQueries(filters: QueryFilters = {}): Promise<void> {
    const queries = this.findAll(filters);
    for (const query of queries) query.setState({ isInvalidated: true });
    await this.refetchActive(queries, true);
  }

  /** Back to never fetched; those observed are fetched again. */
  async resetQueries(filters: QueryFilters = {}): Promise<void> {
    const queries = this.findAll(filters);
    for (const query of queries) query.reset();
    await this.refetchActive(queries, false);
  }

  private async refetchActive(queries: CachedQuery[], restart: boolean): Promise<void> {
    await Promise.all(
      queries.filter((query) => query.isActive).map((query) => query.fetch(undefined, restart).catch(noop)),
    );
  }

  /** Drops the matching queries (their requests aborted). */
  removeQueries(filters: QueryFilters = {}): void {
    for (const query of this.findAll(filters)) {
      this.queries.delete(query.queryHash);
      query.destroy();
    }
  }

  /** Drops everything. */
  clear(): void {
    this.removeQueries();
  }

  /**
   * While mounted (by `MatnatProvider`, counted), the stale queries on screen are fetched again when the page
   * becomes visible or the browser comes back online, as TanStack Query's focus and online managers do.
   */
  mount(): void {
    if (this.mounts++ > 0 || typeof window === 'undefined') return;
    window.addEventListener('visibilitychange', this.refresh);
    window.addEventListener('online', this.refresh);
  }

  unmount(): void {
    if (--this.mounts > 0 || typeof window === 'undefined') return;
    window.removeEventListener('visibilitychange', this.refresh);
    window.removeEventListener('online', this.refresh);
  }

  /** Writes under way (`mutate` calls not yet settled). */
  isMutating(): number {
    return this.mutating;
  }

  /** Runs a write, counted by `isMutating` while under way. */
  async mutate<R>(write: () => Promise<R>): Promise<R> {
    this.mutating++;
    try {
      return await write();
    } finally {
      this.mutating--;
    }
  }
}
