import type { Snapshot } from '@matnat/core';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useMatnatClient, useOptionalMatnatClient } from './context';
import { required } from './required';
import type {
  CartState,
  CartStore,
  NavigationProgressState,
  SessionState,
  SessionStore,
  TimeFilter,
  TimeFilterStoreLike,
  ToastsState,
  ToastsStore,
  VersionCheckState,
  VersionCheckStore,
} from './types';

/** Anything with the core's store shape (`subscribe` + `getSnapshot`), whatever its snapshot type. */
export interface Subscribable<S> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): S;
}

const noSubscription = () => () => {};

/** Bridges a core store; `undefined` while there is no store (no provider, or a client without it). */
export function useExternalStore<S>(store: Subscribable<S> | undefined | null): S | undefined {
  const subscribe = useCallback(
    (listener: () => void) => (store ? store.subscribe(listener) : noSubscription()),
    [store],
  );
  const getSnapshot = useCallback(() => store?.getSnapshot(), [store]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

export interface UseSession extends Snapshot<SessionState> {
  isLoggedIn: boolean;
  isAdmin: boolean;
  logout: SessionStore['logout'];
  revertImpersonation: SessionStore['revertImpersonation'];
}

/** The session (spec §4): the current user, logged in whenever one is present. */
export function useSession(): UseSession {
  const session = required(useMatnatClient().session, 'session');
  const state = useExternalStore(session)!;
  return {
    ...state,
    isLoggedIn: state.user != null,
    isAdmin: state.user?.is_admin === true,
    logout: () => session.logout(),
    revertImpersonation: () => session.revertImpersonation(),
  };
}

export interface UseCart extends Snapshot<CartState> {
  add: CartStore['add'];
  remove: CartStore['remove'];
  removeAll: CartStore['removeAll'];
  empty: CartStore['empty'];
}

/** The cart (spec §4); every change is saved to the server by the core. */
export function useCart(): UseCart {
  const cart = required(useMatnatClient().cart, 'cart');
  const state = useExternalStore(cart)!;
  return {
    ...state,
    add: (item) => cart.add(item),
    remove: (id) => cart.remove(id),
    removeAll: (id) => cart.removeAll(id),
    empty: () => cart.empty(),
  };
}

export interface UseToasts extends Snapshot<ToastsState> {
  show: ToastsStore['show'];
  close: ToastsStore['close'];
}

/** The visible toasts; the core closes each after its timeout (3000 ms by default). */
export function useToasts(): UseToasts {
  const toasts = required(useMatnatClient().toasts, 'toasts');
  const state = useExternalStore(toasts)!;
  return { ...state, show: (toast) => toasts.show(toast), close: (id) => toasts.close(id) };
}

/** The optional form for components that also work without a provider. */
export function useOptionalToasts(): ToastsStore | undefined {
  return useOptionalMatnatClient()?.toasts;
}

const idle: NavigationProgressState = { status: 'idle', percent: 0, visible: false };

/** The navigation progress; idle when the client has none. */
export function useNavigationProgress(): NavigationProgressState {
  return useExternalStore(useOptionalMatnatClient()?.navigationProgress) ?? idle;
}

export interface UseVersionCheck extends Snapshot<VersionCheckState> {
  reload: VersionCheckStore['reload'];
}

const noVersionCheck: UseVersionCheck = { hasNewVersion: false, running: false, reload: () => {} };

/** Whether a new version of the application is out, and the reload to it. */
export function useVersionCheck(): UseVersionCheck {
  const versionCheck = useOptionalMatnatClient()?.versionCheck;
  const state = useExternalStore(versionCheck);
  if (!versionCheck || !state) return noVersionCheck;
  return { ...state, reload: () => versionCheck.reload() };
}

/** The time filter of one full route path (spec §3), and its setter. */
export function useTimeFilter(
  routePath: string,
): [TimeFilter, (patch: Partial<Omit<TimeFilter, 'route'>>) => void] {
  const store: TimeFilterStoreLike = required(useMatnatClient().timeFilters, 'time filters');
  // `get` builds a new object per call; the store's snapshot is the stable thing to subscribe to.
  const state = useExternalStore(store);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new snapshot means the filters changed
  const filter = useMemo(() => store.get(routePath), [state, store, routePath]);
  const set = useCallback(
    (patch: Partial<Omit<TimeFilter, 'route'>>) => store.set(routePath, patch),
    [store, routePath],
  );
  return [filter, set];
}
