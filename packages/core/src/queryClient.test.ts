import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepPreviousData, observedState, QueryClient, type QueryFunctionContext } from './queryClient';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A query function whose calls are counted and whose answers the test gives (or withholds). */
function server<T>() {
  const calls: QueryFunctionContext[] = [];
  const pending: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const queryFn = (context: QueryFunctionContext) => {
    calls.push(context);
    return new Promise<T>((resolve, reject) => pending.push({ resolve, reject }));
  };
  return {
    calls,
    queryFn,
    answer: (value: T, i = pending.length - 1) => pending[i]!.resolve(value),
    pending,
  };
}

describe('the core query cache: one request per key, fresh for a stale time', () => {
  it('readers of one key share one request; a fresh answer is given without asking', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { staleTime: 1000 } } });
    const s = server<number>();
    const a = qc.fetchQuery({ queryKey: ['n'], queryFn: s.queryFn });
    const b = qc.fetchQuery({ queryKey: ['n'], queryFn: s.queryFn });
    s.answer(1);
    expect(await Promise.all([a, b])).toEqual([1, 1]);
    await qc.fetchQuery({ queryKey: ['n'], queryFn: s.queryFn });
    expect(s.calls).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    const c = qc.fetchQuery({ queryKey: ['n'], queryFn: s.queryFn });
    s.answer(2);
    expect(await c).toBe(2);
    expect(s.calls).toHaveLength(2);
  });

  it('objects in keys are one key whatever their property order', () => {
    const qc = new QueryClient();
    qc.setQueryData(['devices', { unassigned: false, team: 1 }], 'x');
    expect(qc.getQueryData(['devices', { team: 1, unassigned: false }])).toBe('x');
  });
});

describe('retry policy', () => {
  it('retries as the policy says, with a growing delay, and keeps the last error when it gives up', async () => {
    const retry = vi.fn((failures: number) => failures < 2);
    const qc = new QueryClient({ defaultOptions: { queries: { retry } } });
    const queryFn = vi.fn().mockRejectedValue(new Error('nät'));
    const result = qc.fetchQuery({ queryKey: ['r'], queryFn });
    result.catch(() => {});
    await vi.advanceTimersByTimeAsync(999);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(queryFn).toHaveBeenCalledTimes(3);
    await expect(result).rejects.toThrow('nät');
    expect(retry.mock.calls.map(([failures]) => failures)).toEqual([0, 1, 2]);
    expect(qc.getQueryState(['r'])).toMatchObject({ status: 'error', fetchStatus: 'idle' });
  });
});

describe('invalidation by key', () => {
  it('marks every key under the prefix stale, and fetches again only the observed ones', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    const seen = server<string>();
    const unseen = server<string>();
    const watched = qc.build({ queryKey: ['devices', { unassigned: false }], queryFn: seen.queryFn });
    qc.setQueryData(['devices', { unassigned: false }], 'a');
    qc.setQueryData(['devices', 'all'], 'b');
    qc.build({ queryKey: ['devices', 'all'], queryFn: unseen.queryFn });
    qc.setQueryData(['device', 1], 'c');
    const stop = watched.observe();
    const done = qc.invalidateQueries({ queryKey: ['devices'] });
    expect(qc.getQueryState(['devices', 'all'])?.isInvalidated).toBe(true);
    expect(qc.getQueryState(['device', 1])?.isInvalidated).toBe(false);
    expect(seen.calls).toHaveLength(1);
    expect(unseen.calls).toHaveLength(0);
    seen.answer('a2');
    await done;
    expect(qc.getQueryState(['devices', { unassigned: false }])).toMatchObject({
      data: 'a2',
      isInvalidated: false,
    });
    stop();
  });

  it('a request under way when its data is invalidated is aborted and asked again; its waiters get the new answer', async () => {
    const qc = new QueryClient();
    const s = server<string>();
    const query = qc.build({ queryKey: ['alerts'], queryFn: s.queryFn });
    const stop = query.observe();
    const first = qc.fetchQuery({ queryKey: ['alerts'], queryFn: s.queryFn });
    void qc.invalidateQueries({ queryKey: ['alerts'] });
    expect(s.calls[0]!.signal.aborted).toBe(true);
    s.answer('före skrivningen', 0);
    s.answer('efter skrivningen', 1);
    expect(await first).toBe('efter skrivningen');
    expect(qc.getQueryData(['alerts'])).toBe('efter skrivningen');
    stop();
  });
});

describe('abort that really aborts', () => {
  it('the request is aborted when its last observer leaves before the answer, and the query is idle', async () => {
    const qc = new QueryClient();
    const s = server<string>();
    const query = qc.build({ queryKey: ['panel', 1], queryFn: s.queryFn });
    const stop = query.observe();
    const waiting = query.fetch();
    stop();
    expect(s.calls[0]!.signal.aborted).toBe(false);
    await Promise.resolve();
    expect(s.calls[0]!.signal.aborted).toBe(true);
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    s.answer('för sent');
    await Promise.resolve();
    expect(query.state).toMatchObject({ status: 'pending', fetchStatus: 'idle', data: undefined });
  });

  it('an observer coming back in the same tick (StrictMode) keeps the request', async () => {
    const qc = new QueryClient();
    const s = server<string>();
    const query = qc.build({ queryKey: ['panel', 2], queryFn: s.queryFn });
    query.observe()();
    const stop = query.observe();
    const waiting = query.fetch();
    await Promise.resolve();
    expect(s.calls[0]!.signal.aborted).toBe(false);
    s.answer('svar');
    expect(await waiting).toBe('svar');
    stop();
  });

  it('removing a query aborts its request; retries stop', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: 5 } } });
    const queryFn = vi.fn().mockRejectedValue(new Error('503'));
    const waiting = qc.fetchQuery({ queryKey: ['x'], queryFn });
    waiting.catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    qc.removeQueries({ queryKey: ['x'] });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(qc.getQueryState(['x'])).toBeUndefined();
  });
});

describe('subscriptions, collection and writes', () => {
  it('subscribers hear every change of state; a query nobody observes is dropped after gcTime', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { gcTime: 1000 } } });
    const query = qc.build<number>({ queryKey: ['k'], queryFn: async () => 7 });
    const states: string[] = [];
    query.subscribe(() => states.push(`${query.state.status}/${query.state.fetchStatus}`));
    await query.fetch();
    expect(states).toEqual(['pending/fetching', 'success/idle']);
    const stop = query.observe();
    vi.advanceTimersByTime(5000);
    expect(qc.getQueryData(['k'])).toBe(7);
    stop();
    vi.advanceTimersByTime(1000);
    expect(qc.getQueryData(['k'])).toBeUndefined();
  });

  it('setQueriesData changes the cached queries under a prefix; an updater answering undefined changes nothing', () => {
    const qc = new QueryClient();
    qc.setQueryData(['dashboard', 1], { n: 1 });
    qc.setQueryData(['dashboard', 2], { n: 2 });
    qc.setQueriesData<{ n: number }>({ queryKey: ['dashboard'] }, (d) =>
      d && d.n === 2 ? { n: 3 } : undefined,
    );
    expect([qc.getQueryData(['dashboard', 1]), qc.getQueryData(['dashboard', 2])]).toEqual([
      { n: 1 },
      { n: 3 },
    ]);
  });

  it('isMutating counts the writes under way', async () => {
    const qc = new QueryClient();
    let finish = () => {};
    const write = qc.mutate(() => new Promise<void>((resolve) => (finish = resolve)));
    expect(qc.isMutating()).toBe(1);
    finish();
    await write;
    expect(qc.isMutating()).toBe(0);
  });
});

describe('the core query cache and React: no update of one component while another renders', () => {
  it('a fetch started in a render tells its subscribers a microtask later, with the state already set', async () => {
    const qc = new QueryClient();
    const s = server<number>();
    const query = qc.build({ queryKey: ['x'], queryFn: s.queryFn });
    const heard: string[] = [];
    query.subscribe(() => heard.push(query.state.fetchStatus));
    void query.fetch();
    expect(query.state.fetchStatus).toBe('fetching');
    expect(heard).toEqual([]);
    await Promise.resolve();
    expect(heard).toEqual(['fetching']);
    s.answer(1);
    await vi.runAllTimersAsync();
    expect(heard).toEqual(['fetching', 'idle']);
  });
});

describe('placeholder data (keepPreviousData): a reader keeps showing the previous key while a new key loads', () => {
  /** A range answered [1, 2, 3], then a zoom asked for and not answered yet. */
  async function rangeThenZoom() {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const s = server<number[]>();
    const range = qc.build({ queryKey: ['series', 'range'], queryFn: s.queryFn });
    void range.fetch();
    s.answer([1, 2, 3]);
    await vi.runAllTimersAsync();
    const zoom = qc.build({ queryKey: ['series', 'zoom'], queryFn: s.queryFn });
    zoom.fetch().catch(() => {});
    return { qc, s, range, zoom };
  }

  it('the previous answer is the placeholder while the new key is pending, marked as such; the answer replaces it', async () => {
    const { qc, s, range, zoom } = await rangeThenZoom();
    const shown = observedState(zoom, keepPreviousData, range);
    expect(shown).toMatchObject({ data: [1, 2, 3], status: 'success', isPlaceholderData: true });
    expect(shown.fetchStatus).toBe('fetching');
    // The cache itself holds nothing for the new key: the placeholder is the reader's, never stored.
    expect(zoom.state).toMatchObject({ data: undefined, status: 'pending' });
    expect(qc.getQueryData(['series', 'zoom'])).toBeUndefined();
    s.answer([2, 2.5]);
    await vi.runAllTimersAsync();
    expect(observedState(zoom, keepPreviousData, range)).toMatchObject({
      data: [2, 2.5],
      status: 'success',
      isPlaceholderData: false,
    });
  });

  it('a failure of the new key drops the placeholder: the error shows, not the old data as if current', async () => {
    const { s, range, zoom } = await rangeThenZoom();
    expect(observedState(zoom, keepPreviousData, range).isPlaceholderData).toBe(true);
    s.pending.at(-1)!.reject(new Error('503'));
    await vi.runAllTimersAsync();
    const shown = observedState(zoom, keepPreviousData, range);
    expect(shown).toMatchObject({ data: undefined, status: 'error', isPlaceholderData: false });
    expect(shown.error?.message).toBe('503');
  });

  it('without placeholderData, or with nothing shown before, a pending query shows no data; a value is a placeholder too', () => {
    const qc = new QueryClient();
    const s = server<number>();
    const query = qc.build({ queryKey: ['n'], queryFn: s.queryFn });
    void query.fetch();
    expect(observedState(query)).toMatchObject({
      data: undefined,
      status: 'pending',
      isPlaceholderData: false,
    });
    expect(observedState(query, keepPreviousData, undefined).isPlaceholderData).toBe(false);
    expect(observedState(query, 7)).toMatchObject({ data: 7, status: 'success', isPlaceholderData: true });
  });
});
