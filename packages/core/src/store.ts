import type { Snapshot } from 'valtio/vanilla';
import { proxy, snapshot, subscribe } from 'valtio/vanilla';

/**
 * The external-store shape every stateful core object exposes: React bridges it with
 * `useSyncExternalStore(store.subscribe, store.getSnapshot)`, other frameworks subscribe directly.
 */
export interface ExternalStore<T> {
  /** Calls `listener` after the state changed (batched: once per microtask). Returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** An immutable snapshot; the same object until the state changes again. */
  getSnapshot(): T;
}

/** A valtio proxy plus the external-store methods over it. The proxy stays private to its module. */
export function createStore<T extends object>(
  initial: T,
): { state: T; subscribe: ExternalStore<Snapshot<T>>['subscribe']; getSnapshot: () => Snapshot<T> } {
  const state = proxy(initial);
  return {
    state,
    subscribe: (listener) => subscribe(state, () => listener()),
    getSnapshot: () => snapshot(state),
  };
}
