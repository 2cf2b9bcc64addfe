import { proxy, type Snapshot, snapshot, subscribe } from 'valtio/vanilla';

/** A deeply read-only copy of a state: what `getSnapshot()` returns. */
export type { Snapshot };

/**
 * The external-store shape every stateful core object exposes: React bridges it with
 * `useSyncExternalStore(store.subscribe, store.getSnapshot)`, other frameworks subscribe directly.
 */
export interface ExternalStore<T extends object> {
  /** Calls `listener` after the state changed (batched: once per microtask). Returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** An immutable snapshot; the same object until the state changes again. */
  getSnapshot(): Snapshot<T>;
}

/** A valtio proxy plus the external-store methods over it. The proxy stays private to its module. */
export function createStore<T extends object>(initial: T): ExternalStore<T> & { state: T } {
  const state = proxy(initial);
  return {
    state,
    subscribe: (listener) => subscribe(state, () => listener()),
    getSnapshot: () => snapshot(state),
  };
}
