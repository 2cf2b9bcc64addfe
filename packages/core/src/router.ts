import { type Guard, type GuardSession, middlewareFor, ROUTE_MIDDLEWARE, runGuards } from './guards';
import { type CoreMessages, svMessages } from './messages';
import type { NavigationProgress } from './navigationProgress';
import {
  buildPath,
  locationPath,
  matchRoute,
  pageTitle,
  ROUTES,
  type RouteMatch,
  UNKNOWN_PATH_REDIRECT,
} from './routes';
import { createStore, type ExternalStore } from './store';

export interface RouterOptions {
  /** The session the guards consult (check-auth fetches the current user through it). */
  session: GuardSession;
  /** Route middleware by name. @default ROUTE_MIDDLEWARE (auth, admin, guest) */
  middleware?: Readonly<Record<string, Guard>>;
  /** A progress bar to run during each navigation. */
  progress?: Pick<NavigationProgress, 'start' | 'finish' | 'fail'>;
  /** @default svMessages */
  messages?: CoreMessages;
  /** Guards redirecting in a circle are an error after this many hops. @default 10 */
  maxRedirects?: number;
}

export interface RouterState {
  /** The route on screen; `null` before the first navigation completes. */
  current: RouteMatch | null;
  /** The path being resolved, `null` when idle. */
  pending: string | null;
  /** Document title of the current route: '%s · Mätnät'. */
  title: string;
}

export interface NavigationResult {
  match: RouteMatch;
  /** True when the guards (or an unknown path) sent the navigation somewhere else: replace the URL. */
  redirected: boolean;
}

export interface Router extends ExternalStore<RouterState> {
  /** Resolves a path through the guards, following redirects, without changing the current route. */
  resolve(fullPath: string): Promise<NavigationResult>;
  /**
   * Resolves and commits a navigation. Resolves to `null` when a later navigation superseded this one.
   * Rejects when a guard fails unexpectedly (including an unknown middleware name).
   */
  navigate(fullPath: string): Promise<NavigationResult | null>;
}

/**
 * A framework-free router core over the route table: matching, the guard pipeline before every route,
 * redirects, the page title and the navigation progress bar. Reading and writing the URL stays with the
 * host (history API, a React router): call `navigate` on every location change and replace the URL
 * with `result.match.fullPath` when `result.redirected`.
 */
export function createRouter(options: RouterOptions): Router {
  const {
    session,
    middleware = ROUTE_MIDDLEWARE,
    progress,
    messages = svMessages,
    maxRedirects = 10,
  } = options;
  // Fail at start-up, not on the first visit to the route with a misspelt middleware.
  for (const route of ROUTES) middlewareFor(route.middleware, middleware);

  const { state, subscribe, getSnapshot } = createStore<RouterState>({
    current: null,
    pending: null,
    title: messages.appName,
  });
  let latest = 0;

  const resolve = async (fullPath: string, isCurrent: () => boolean = () => true) => {
    let target = fullPath;
    let redirected = false;
    for (let hop = 0; hop <= maxRedirects; hop++) {
      const match = matchRoute(target);
      if (!match) {
        target = buildPath(UNKNOWN_PATH_REDIRECT);
        redirected = true;
        continue;
      }
      const redirect = await runGuards(match, session, { middleware });
      if (!isCurrent()) return null;
      if (!redirect) return { match, redirected };
      target = locationPath(redirect);
      redirected = true;
    }
    throw new Error(`matnat: more than ${maxRedirects} redirects navigating to "${fullPath}"`);
  };

  return {
    subscribe,
    getSnapshot,
    resolve: (fullPath) => resolve(fullPath) as Promise<NavigationResult>,
    async navigate(fullPath) {
      const id = ++latest;
      const isCurrent = () => id === latest;
      state.pending = fullPath;
      progress?.start();
      try {
        const result = await resolve(fullPath, isCurrent);
        if (!result) return null;
        Object.assign(state, {
          current: result.match,
          pending: null,
          title: pageTitle(result.match.name, messages),
        });
        progress?.finish();
        return result;
      } catch (error) {
        if (isCurrent()) {
          state.pending = null;
          progress?.fail();
        }
        throw error;
      }
    },
  };
}
