import { QueryClient } from '@tanstack/query-core';
import type {
  CartItem,
  CartStore,
  ExternalStore,
  MatnatClientLike,
  SessionState,
  SessionStore,
  ToastInput,
  ToastItem,
  ToastsStore,
  VersionCheckStore,
} from '../provider/types';

/** A minimal external store for tests: immutable state replaced by `set`. */
export function testStore<T>(initial: T): ExternalStore<T> & { set(next: T): void } {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    set(next) {
      state = next;
      for (const listener of listeners) listener();
    },
  };
}

export function testSession(state: SessionState = { user: null }) {
  const store = testStore(state);
  const calls = { logout: 0, revert: 0 };
  const session: SessionStore & { set(next: SessionState): void; calls: typeof calls } = {
    ...store,
    calls,
    async logout() {
      calls.logout++;
      store.set({ user: null });
    },
    async revertImpersonation() {
      calls.revert++;
    },
  };
  return session;
}

/** Cart semantics as the core has them: remove drops the first match only; removals notify. */
export function testCart(items: CartItem[] = [], notify?: (message: string) => void) {
  const store = testStore<{ items: readonly CartItem[] }>({ items });
  const cart: CartStore = {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    add: (item) => store.set({ items: [...store.getSnapshot().items, item] }),
    remove(id) {
      const list = [...store.getSnapshot().items];
      const index = list.findIndex((item) => item.id === id);
      if (index >= 0) list.splice(index, 1);
      store.set({ items: list });
      notify?.('Artiklen togs bort');
    },
    removeAll(id) {
      store.set({ items: store.getSnapshot().items.filter((item) => item.id !== id) });
      notify?.('Artiklen togs bort');
    },
    empty: () => store.set({ items: [] }),
  };
  return cart;
}

export function testToasts() {
  const store = testStore<{ toasts: readonly ToastItem[] }>({ toasts: [] });
  let next = 1;
  const toasts: ToastsStore = {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    show(toast: ToastInput | string) {
      const { timeout: _timeout, ...item } = typeof toast === 'string' ? { message: toast } : toast;
      const id = next++;
      store.set({ toasts: [...store.getSnapshot().toasts, { id, ...item }] });
      return id;
    },
    close: (id: number) => store.set({ toasts: store.getSnapshot().toasts.filter((t) => t.id !== id) }),
  };
  return toasts;
}

export function testVersionCheck(hasNewVersion = false) {
  const store = testStore({ hasNewVersion });
  const reloads = { count: 0 };
  const check: VersionCheckStore & { set(next: { hasNewVersion: boolean }): void; reloads: typeof reloads } =
    {
      ...store,
      reloads,
      reload: () => {
        reloads.count++;
      },
    };
  return check;
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } } });
}

export function testClient(parts: Partial<MatnatClientLike> = {}): MatnatClientLike {
  return { queryClient: testQueryClient(), ...parts };
}
