import {
  buildPath,
  type GuardSession,
  locationPath,
  matchRoute,
  ROUTES,
  type RouteDefinition,
  type RouteLayout,
  type RouteMatch,
  type RouteName,
  runGuards,
  UNKNOWN_PATH_REDIRECT,
} from '@matnat/core';
import type { ComponentType } from 'react';
import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import type { RouteData } from './loaders';
import { type ScreenLoader, screenFor } from './screens';

/** What a route carries for the shell: its name (the title, the navigation's active link). */
export interface RouteHandle {
  name: RouteName;
}

export interface AppRouteOptions {
  session: GuardSession;
  /** Wraps every screen's import: the reload-once rule. */
  loadScreen: (load: ScreenLoader) => ReturnType<ScreenLoader>;
  root: ComponentType;
  /** Each layout is a lazy chunk too: /login does not load the default layout's bar, bell and menus. */
  layouts: Record<RouteLayout, ScreenLoader>;
  errorBoundary: ComponentType;
  /** Shown while the first route's guards and chunks load (without it the router shows nothing then). */
  startup?: ComponentType;
  screens?: Parameters<typeof screenFor>[1];
  /** Per route: the queries its loader starts (routing/loaders.ts). */
  data?: Partial<Record<RouteName, RouteData>>;
  /**
   * Whether this browser looks signed in (the API's signed-in cookie). While it does, a route's queries
   * start alongside its guards rather than after them: the first load's `/api/me` and the screen's data go
   * out together instead of one after the other (issue 22). @default () => false
   */
  looksSignedIn?: () => boolean;
}

/**
 * Whether a route's queries may start before its guards have answered: a public route's always, a signed-in
 * route's while the browser looks signed in (its guards will most likely let the visitor in; should they
 * not, they redirect and the answers go unused). Never an admin route's (a 403 for everyone else), nor a
 * guest route's.
 */
function dataBeforeGuards(match: RouteMatch, looksSignedIn: () => boolean): boolean {
  const { access } = match.route;
  return access === 'public' || (access === 'auth' && looksSignedIn());
}

/**
 * The core's guards (check-auth, password, then the route's middleware) run in the loader of each route;
 * a route that passes starts its queries, if it has any (alongside the guards when `dataBeforeGuards`).
 */
export function guardLoader(
  session: GuardSession,
  data: AppRouteOptions['data'] = {},
  looksSignedIn: () => boolean = () => false,
) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const match = matchRoute(`${url.pathname}${url.search}`);
    if (!match) return redirect(buildPath(UNKNOWN_PATH_REDIRECT));
    const early = dataBeforeGuards(match, looksSignedIn);
    if (early) data[match.name]?.(match.params, url);
    const to = await runGuards(match, session);
    if (to) return redirect(locationPath(to));
    if (!early) data[match.name]?.(match.params, url);
    return null;
  };
}

function screenRoute(route: RouteDefinition, options: AppRouteOptions): RouteObject {
  const load = screenFor(route.name, options.screens);
  return {
    id: route.name,
    path: route.path,
    handle: { name: route.name } satisfies RouteHandle,
    loader: guardLoader(options.session, options.data, options.looksSignedIn),
    lazy: async () => ({ Component: (await options.loadScreen(load)).default }),
  };
}

/** The core's route table (`ROUTES`) as React Router routes, grouped under their layout. */
export function appRoutes(options: AppRouteOptions): RouteObject[] {
  const layouts = Object.entries(options.layouts) as [RouteLayout, ScreenLoader][];
  return [
    {
      Component: options.root,
      ErrorBoundary: options.errorBoundary,
      HydrateFallback: options.startup,
      children: [
        ...layouts.map(([layout, load]) => ({
          id: `layout.${layout}`,
          lazy: async () => ({ Component: (await options.loadScreen(load)).default }),
          children: ROUTES.filter((route) => route.layout === layout).map((route) =>
            screenRoute(route, options),
          ),
        })),
        // Spec §2: any unknown path redirects to welcome.
        { path: '*', loader: () => redirect(buildPath(UNKNOWN_PATH_REDIRECT)) },
      ],
    },
  ];
}
