// The React layer's view of a Mätnät client: the core's own types, narrowed to what the components use so
// that a host (or a test) may hand in objects of these shapes. Nothing here declares an entity or a store.
import type {
  Cart,
  ExternalStore,
  LocalSettingsStore,
  MatnatApi,
  NavigationProgressState,
  QueryClient,
  Session,
  TimeFilterStore,
  Toasts,
  VersionCheck,
  WidgetClient,
} from '@matnat/core';

export type {
  CartItem,
  CartState,
  ExternalStore,
  Id,
  Me as SessionUser,
  NavigationProgressState,
  Product as ShopProduct,
  SessionState,
  TimeFilter,
  Toast as ToastItem,
  ToastInput,
  ToastLevel,
  ToastsState,
  VersionCheckState,
} from '@matnat/core';

export type SessionStore = Pick<Session, 'subscribe' | 'getSnapshot' | 'logout' | 'revertImpersonation'>;
export type CartStore = Pick<Cart, 'subscribe' | 'getSnapshot' | 'add' | 'remove' | 'removeAll' | 'empty'> &
  Partial<Pick<Cart, 'ensureLoaded'>>;
export type ToastsStore = Pick<Toasts, 'subscribe' | 'getSnapshot' | 'show' | 'close'>;
export type VersionCheckStore = Pick<VersionCheck, 'subscribe' | 'getSnapshot' | 'reload'>;
export type TimeFilterStoreLike = Pick<TimeFilterStore, 'subscribe' | 'getSnapshot' | 'get' | 'set'>;
export type ShopApi = Pick<MatnatApi['shop'], 'products' | 'product' | 'order'>;

/**
 * What the React layer needs from a Mätnät client. `createMatnatClient(config)` of @matnat/core gives all
 * of it; `createWidgetClient` (its query cache, no session or cart) is enough for the panels and maps of the
 * script-tag builds.
 */
export interface MatnatClientLike
  extends Partial<Omit<WidgetClient, 'timeFilters' | 'localSettings' | 'api'>> {
  queryClient?: QueryClient;
  api?: Partial<MatnatApi>;
  session?: SessionStore;
  cart?: CartStore;
  toasts?: ToastsStore;
  navigationProgress?: ExternalStore<NavigationProgressState>;
  versionCheck?: VersionCheckStore;
  timeFilters?: TimeFilterStoreLike;
  localSettings?: Pick<LocalSettingsStore, 'subscribe' | 'getSnapshot' | 'set'>;
}
