import type { IntervalSlug, RangeSlug } from '@matnat/core';
import type { QueryClient } from '@tanstack/query-core';

/** The shape of every stateful core object (`@matnat/core` store.ts): React bridges it with useSyncExternalStore. */
export interface ExternalStore<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): T;
}

export type Id = number | string;

/** The parts of the core's User the React components read. */
export interface SessionUser {
  id: Id;
  name: string;
  email?: string;
  photo_url?: string | null;
  initials?: string;
  is_admin?: boolean;
  has_set_password?: boolean;
  /** Set while an admin acts as this user: the admin's own id and name. */
  impersonator?: { user_id: Id; name: string } | null;
}

export interface SessionState {
  user: SessionUser | null;
}

export interface SessionStore extends ExternalStore<SessionState> {
  logout(): Promise<unknown>;
  /** Ends an impersonation; the core refetches the current user. */
  revertImpersonation(): Promise<unknown>;
}

/** A cart item: the product's id (a product added twice is two items) and display copies. */
export interface CartItem {
  id: Id;
  name?: string;
  /** Integer öre. */
  price_ore?: number;
}

export interface CartState {
  items: readonly CartItem[];
}

export interface CartStore extends ExternalStore<CartState> {
  add(item: CartItem): unknown;
  /** Removes only the first item with the id. */
  remove(id: Id): unknown;
  /** Removes every item with the id. */
  removeAll(id: Id): unknown;
  empty(): unknown;
}

export type ToastLevel = 'default' | 'success' | 'warn' | 'error';

/** A visible toast as the core's `createToasts` keeps it. */
export interface ToastItem {
  id: number;
  message: string;
  /** @default true */
  success?: boolean;
  level?: ToastLevel;
}

export interface ToastInput {
  message: string;
  /** @default true */
  success?: boolean;
  level?: ToastLevel;
  /** Auto-close after this many ms; 0 keeps it. @default 3000 (the core's default) */
  timeout?: number;
}

export interface ToastsState {
  toasts: readonly ToastItem[];
}

/** The core's toasts (`createToasts`): each closes itself after its timeout. */
export interface ToastsStore extends ExternalStore<ToastsState> {
  show(toast: ToastInput | string): number;
  /** The close button: closes one toast early. */
  close(id: number): void;
}

/** The core's navigation progress state (`createNavigationProgress`). */
export interface NavigationProgressState {
  status: 'idle' | 'running' | 'done' | 'failed';
  /** 0–100. */
  percent: number;
  /** Whether the bar is on screen. */
  visible: boolean;
}

export interface VersionCheckState {
  /** On once the fetched application page differs from the first copy (spec §4). */
  hasNewVersion: boolean;
}

export interface VersionCheckStore extends ExternalStore<VersionCheckState> {
  /** Reloads the page to the new version. */
  reload(): void;
}

export interface TimeFilter {
  route: string;
  range_slug: RangeSlug;
  interval_slug: IntervalSlug;
}

/** The core's time filter store (`createTimeFilterStore`): filters kept per full route path. */
export interface TimeFilterStore extends ExternalStore<unknown> {
  /** The filter of a full route path, the default filter when none is stored. */
  get(route: string): TimeFilter;
  set(route: string, patch: Partial<Omit<TimeFilter, 'route'>>): unknown;
}

/** The web shop's calls (the core's `api.shop`). */
export interface ShopProduct {
  id: Id;
  name: string;
  slug?: string;
  description?: string;
  /** Integer öre (1/100 SEK). */
  price_ore: number;
  image_url?: string | null;
  /** @default true */
  in_stock?: boolean;
}

export interface ShopApi {
  products(): Promise<unknown[]>;
  product(id: Id): Promise<unknown>;
  order(body: Record<string, unknown>): Promise<unknown>;
}

/**
 * What the React layer needs from a Mätnät client. `createMatnatClient(config)` of @matnat/core gives
 * all of it; a host may also hand in its own objects of these shapes (tests, other state libraries).
 */
export interface MatnatClientLike {
  queryClient: QueryClient;
  session?: SessionStore;
  cart?: CartStore;
  toasts?: ToastsStore;
  navigationProgress?: ExternalStore<NavigationProgressState>;
  versionCheck?: VersionCheckStore;
  timeFilters?: TimeFilterStore;
  api?: { shop?: ShopApi };
}
