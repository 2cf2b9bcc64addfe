import { QueryClient } from '@matnat/core';
import type { Subscribable } from '../provider/hooks';
import type {
  CartItem,
  CartStore,
  MatnatClientLike,
  SessionState,
  SessionStore,
  SessionUser,
  ToastInput,
  ToastItem,
  ToastsStore,
  VersionCheckStore,
} from '../provider/types';

/** A minimal external store for tests: immutable state replaced by `set`. */
export function testStore<T>(initial: T): Subscribable<T> & { set(next: T): void } {
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

/** A full user (the contract's `Me`) with the given fields; the rest are plain defaults. */
export function testUser(fields: Partial<SessionUser> & Pick<SessionUser, 'id' | 'name'>): SessionUser {
  return {
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    email: `${fields.name.split(' ')[0]?.toLowerCase()}@matnat.se`,
    photo_url: null,
    initials: fields.name.slice(0, 1),
    is_admin: false,
    has_set_password: true,
    email_verified_at: null,
    impersonator: null,
    ...fields,
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
    add: async (item) => store.set({ items: [...store.getSnapshot().items, item] }),
    async remove(id) {
      const list = [...store.getSnapshot().items];
      const index = list.findIndex((item) => item.id === id);
      if (index >= 0) list.splice(index, 1);
      store.set({ items: list });
      notify?.('Artiklen togs bort');
    },
    async removeAll(id) {
      store.set({ items: store.getSnapshot().items.filter((item) => item.id !== id) });
      notify?.('Artiklen togs bort');
    },
    empty: async () => store.set({ items: [] }),
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
      const input = typeof toast === 'string' ? { message: toast } : toast;
      const id = next++;
      const item: ToastItem = {
        id,
        message: input.message,
        success: input.success ?? true,
        level: input.level ?? 'default',
        timeout: input.timeout ?? 3000,
      };
      store.set({ toasts: [...store.getSnapshot().toasts, item] });
      return id;
    },
    close: (id: number) => store.set({ toasts: store.getSnapshot().toasts.filter((t) => t.id !== id) }),
  };
  return toasts;
}

export function testVersionCheck(hasNewVersion = false) {
  const store = testStore({ hasNewVersion, running: false });
  const reloads = { count: 0 };
  const check: VersionCheckStore & {
    set(next: { hasNewVersion: boolean; running: boolean }): void;
    reloads: typeof reloads;
  } = {
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
