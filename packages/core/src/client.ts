import type { QueryClient } from '@tanstack/query-core';
import { createApi, type MatnatApi } from './api/index';
import { type Cart, createCart } from './cart';
import { type AuthMode, createHttpClient, type HttpClient } from './http';
import { sortDevices } from './lists';
import { createLocalSettings, type LocalSettingsStore } from './localSettings';
import { type CoreMessages, createMessages, type MessageOverrides } from './messages';
import { browserPlatform, type Platform } from './platform';
import { createQueries, createQueryClient, invalidateAfterMutation, type MatnatQueries } from './queries';
import { createResourceStores, type ResourceStores } from './resourceStore';
import { createSession, type Session } from './session';
import { createTimeFilterStore, type TimeFilterStore } from './timeFilter';
import { createToasts, type Toasts } from './toasts';
import { createVersionCheck, type VersionCheck } from './versionCheck';

export interface MatnatClientConfig {
  /** Origin (and path prefix) of the Mätnät API. @default '' (same origin) */
  baseUrl?: string;
  /**
   * `'session'` (cookies + anti-forgery token) for the hosted app; `{ embedToken }` for partner pages on
   * other origins (read-only, `Authorization: Bearer`).
   * @default 'session'
   */
  auth?: AuthMode;
  /** Replaces parts of the browser platform (fetch, storage, timers, clock, location, logger). @default browserPlatform() */
  platform?: Partial<Platform>;
  /** Reads a raw cookie value by name. @default reads `document.cookie` when needed */
  readCookie?: (name: string) => string | undefined;
  /** Goes to a named route of the app's router: 'login' after a 401, 'admin.users' after a revert. */
  navigate?: (routeName: string) => void;
  /** Called after a 401 while logged in, once the session has logged out. */
  onUnauthenticated?: () => void;
  /** Rewordings of the Swedish UI strings. */
  messages?: MessageOverrides;
  /** A query client to share with the host. @default createQueryClient() */
  queryClient?: QueryClient;
}

export interface MatnatClient extends ResourceStores {
  platform: Platform;
  messages: CoreMessages;
  http: HttpClient;
  api: MatnatApi;
  queries: MatnatQueries;
  queryClient: QueryClient;
  session: Session;
  toasts: Toasts;
  versionCheck: VersionCheck;
  cart: Cart;
  timeFilters: TimeFilterStore;
  localSettings: LocalSettingsStore;
  /** Stops the session refresh and the version check, closes the toasts and empties the query cache. */
  dispose(): void;
}

/**
 * The whole headless core wired together: HTTP client, API, query client, session, cart, resource stores,
 * toasts, time filters, local settings and the version check. Nothing starts until used; `dispose()` stops
 * the timers it owns.
 */
export function createMatnatClient(config: MatnatClientConfig = {}): MatnatClient {
  const platform = browserPlatform(config.platform);
  const messages = createMessages(config.messages);
  const queryClient = config.queryClient ?? createQueryClient();
  let session: Session | undefined;
  const http = createHttpClient({
    platform,
    baseUrl: config.baseUrl,
    auth: config.auth,
    readCookie: config.readCookie,
    onUnauthenticated: () => {
      if (session?.handleUnauthenticated()) config.onUnauthenticated?.();
    },
    onMutated: (_, path) => {
      void invalidateAfterMutation(queryClient, path);
    },
  });
  const api = createApi(http, () => session?.isAdmin() ?? false);
  const queries = createQueries(api);
  session = createSession({ api, platform, navigate: config.navigate });
  const toasts = createToasts({ platform });
  const notify = (message: string) => {
    toasts.show(message);
  };
  const versionCheck = createVersionCheck({ platform });

  return {
    platform,
    messages,
    http,
    api,
    queries,
    queryClient,
    session,
    toasts,
    versionCheck,
    cart: createCart({ api, notify, messages }),
    ...createResourceStores({
      api,
      queries,
      queryClient,
      timers: platform.timers,
      notify,
      sortDevices,
      messages,
    }),
    timeFilters: createTimeFilterStore({ platform }),
    localSettings: createLocalSettings({ platform }),
    dispose() {
      session.dispose();
      versionCheck.stop();
      toasts.clear();
      queryClient.clear();
    },
  };
}
