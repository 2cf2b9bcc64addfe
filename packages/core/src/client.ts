import { createApi, type MatnatApi } from './api/index';
import { panelsApi } from './api/panels';
import { sensorsApi } from './api/sensors';
import { type Cart, createCart } from './cart';
import { type AuthMode, createHttpClient, type HttpClient, type HttpClientOptions } from './http';
import { createLocalSettings, type LocalSettingsStore } from './localSettings';
import { type CoreMessages, createMessages, type MessageOverrides } from './messages';
import { createMutations, loadQuery, type Mutations } from './mutations';
import { browserPlatform, type Platform } from './platform';
import {
  createQueries,
  createQueryClient,
  type MatnatQueries,
  type MatnatQueryOptions,
  type PanelQueries,
  panelQueries,
} from './queries';
import type { QueryClient } from './queryClient';
import { createReadingStream, type ReadingStream } from './readingStream';
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
  /**
   * Whether this browser may hold a signed-in session; without one, the route guards' check of the user
   * asks nothing (a guest's console shows no 401). The hosted app passes a check of the contract's
   * `SIGNED_IN_COOKIE`. @default always asks GET /api/me
   */
  signedIn?: () => boolean;
  /** Called after a 401 while logged in, once the session has logged out. */
  onUnauthenticated?: () => void;
  /** Rewordings of the Swedish UI strings. */
  messages?: MessageOverrides;
  /** A query client (the core's) to share with the host. @default createQueryClient() */
  queryClient?: QueryClient;
}

/** What the panels and maps read through: one HTTP client, its API, the live stream and the local stores. */
export interface WidgetClient {
  platform: Platform;
  http: HttpClient;
  api: MatnatApi;
  queries: MatnatQueries;
  /** The one live-reading stream of this client. */
  readings: ReadingStream;
  timeFilters: TimeFilterStore;
  localSettings: LocalSettingsStore;
  /** The one client store of server data: every list and item is a query in it (docs/core.md). */
  queryClient: QueryClient;
  /** Closes the stream and empties the cache (a full client also stops its timers). */
  dispose(): void;
}

export interface MatnatClient extends WidgetClient {
  messages: CoreMessages;
  /** Every write, each saying which queries it changed. */
  mutations: Mutations;
  /** A query for a screen or route loader: cached when fresh, else fetched; a failure clears it and rejects. */
  load<T>(options: MatnatQueryOptions<T>): Promise<T>;
  session: Session;
  toasts: Toasts;
  versionCheck: VersionCheck;
  cart: Cart;
}

/** What a panel reads through: the widget client's parts with only the panels' queries (panel.js runs on it). */
export interface PanelClient extends Omit<WidgetClient, 'api' | 'queries' | 'localSettings'> {
  queries: PanelQueries;
}

type HttpHooks = Pick<HttpClientOptions, 'onUnauthenticated'>;

/** The parts every client has: HTTP client, query cache, live stream and time filters. */
function baseParts(config: MatnatClientConfig, hooks: HttpHooks = {}) {
  const platform = browserPlatform(config.platform);
  const http = createHttpClient({
    platform,
    baseUrl: config.baseUrl,
    auth: config.auth,
    readCookie: config.readCookie,
    ...hooks,
  });
  return {
    platform,
    http,
    queryClient: config.queryClient ?? createQueryClient(),
    readings: createReadingStream({ http, platform }),
    timeFilters: createTimeFilterStore({ platform }),
  };
}

function widgetParts(config: MatnatClientConfig, hooks: HttpHooks = {}, isAdmin?: () => boolean) {
  const parts = baseParts(config, hooks);
  const api = createApi(parts.http, isAdmin);
  return {
    ...parts,
    api,
    queries: createQueries(api),
    localSettings: createLocalSettings({ platform: parts.platform }),
  };
}

/** Closes the stream and empties the cache: a widget or panel client's `dispose`. */
const disposer = (parts: Pick<WidgetClient, 'readings' | 'queryClient'>) => () => {
  parts.readings.close();
  parts.queryClient.clear();
};

/**
 * The part of the core a panel or map needs, with the same query cache but without session, cart or
 * mutations: what the script-tag builds run on. `createMatnatClient` is a superset of it.
 */
export function createWidgetClient(config: MatnatClientConfig = {}): WidgetClient {
  const parts = widgetParts(config);
  return { ...parts, dispose: disposer(parts) };
}

/**
 * The part of the core a panel needs (`Panel`, `LineChartPanel`, `SingleValuePanel`): the widget client's
 * HTTP client, query cache, live stream and time filters, with the panel and sensor calls only, so that a
 * bundle of panels (panel.js) carries no other resource's calls. `createWidgetClient` is a superset of it.
 */
export function createPanelClient(config: MatnatClientConfig = {}): PanelClient {
  const parts = baseParts(config);
  const queries = panelQueries({ panels: panelsApi(parts.http), sensors: sensorsApi(parts.http) });
  return { ...parts, queries, dispose: disposer(parts) };
}

/**
 * The whole headless core wired together: HTTP client, API, query client, live stream, session, cart,
 * resource stores, toasts, time filters, local settings and the version check. Nothing starts until used;
 * `dispose()` stops the timers it owns.
 */
export function createMatnatClient(config: MatnatClientConfig = {}): MatnatClient {
  const messages = createMessages(config.messages);
  let session: Session | undefined;
  const parts = widgetParts(
    config,
    {
      onUnauthenticated: () => {
        if (session?.handleUnauthenticated()) config.onUnauthenticated?.();
      },
    },
    () => session?.isAdmin() ?? false,
  );
  const { platform, api, queryClient } = parts;
  const toasts = createToasts({ platform });
  const notify = (message: string) => {
    toasts.show(message);
  };
  const cart = createCart({ api, notify, messages });
  session = createSession({
    api,
    platform,
    navigate: config.navigate,
    signedIn: config.signedIn,
    // The server's cart belongs to the session; what was cached belongs to the previous user and must not
    // stay on screen while it is fetched again (a guest's cache holds only public data, so a login keeps it).
    // A request under way is left to finish: resetting it would cancel it, and its caller (a 401's, say)
    // must get its own answer.
    onUserChange(previous) {
      cart.ownerChanged().catch(() => {});
      if (previous !== null) {
        void queryClient.resetQueries({ predicate: (query) => query.state.fetchStatus === 'idle' });
      }
    },
  });
  const versionCheck = createVersionCheck({ platform });

  return {
    ...parts,
    messages,
    session,
    toasts,
    versionCheck,
    cart,
    mutations: createMutations({ api, queryClient, timers: platform.timers, notify, messages }),
    load: (options) => loadQuery(queryClient, options),
    dispose() {
      parts.readings.close();
      session.dispose();
      versionCheck.stop();
      toasts.clear();
      queryClient.clear();
    },
  };
}
