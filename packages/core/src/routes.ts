import { matchPath } from '@matnat/contract/plain';
import { type CoreMessages, formatTitle, svMessages } from './messages';

/**
 * Who may open a route:
 * - `public`: everybody, logged in or not;
 * - `guest`: only visitors who are not logged in (logged-in users go to the dashboard);
 * - `auth`: logged-in users;
 * - `admin`: logged-in admins.
 *
 * The spec's "meta guest" (check-auth lets the route through when the current user cannot be fetched)
 * is `public` or `guest`: see `allowsAnonymous`.
 */
export type RouteAccess = 'public' | 'guest' | 'auth' | 'admin';

/** Spec §2 "Two layouts exist: basic and default": basic is the bare card for sign-in and error pages. */
export type RouteLayout = 'basic' | 'default';

/** The layout is `default` unless the row says `basic`. */
type Row = readonly [name: string, path: string, access: RouteAccess, layout?: 'basic'];

const TABLE = [
  ['welcome', '/', 'public'],
  ['error.single.message', '/error', 'public', 'basic'],
  ['login', '/login', 'guest', 'basic'],
  ['password.request', '/password/reset', 'guest', 'basic'],
  ['password.reset', '/password/reset/:token', 'guest', 'basic'],
  ['register', '/registrera', 'guest', 'basic'],
  ['verification.notice', '/verifiera-epost', 'auth', 'basic'],
  // The link in the e-mail is signed, so it works in a browser where the user is not logged in.
  ['verification.verify', '/verifiera-epost/:id/:hash', 'public', 'basic'],
  ['dashboard.index', '/dashboard', 'auth'],
  ['dashboard.form', '/dashboard/create', 'auth'],
  ['dashboard.show', '/dashboard/:dashboard_id', 'auth'],
  ['dashboard.panelform.simple', '/dashboard/:dashboard_id/panel/simple', 'auth'],
  ['dashboard.panelform.advanced', '/dashboard/:dashboard_id/panel/advanced', 'auth'],
  ['user.settings', '/user/settings', 'auth'],
  ['admin.devices', '/admin/devices', 'admin'],
  ['admin.users', '/admin/users', 'admin'],
  ['user.invite', '/invite', 'public', 'basic'],
  ['about', '/about', 'public'],
  ['alert.index', '/alert', 'auth'],
  ['alert.create', '/alert/create', 'auth'],
  ['alert.edit', '/alert/:alert_id/edit', 'auth'],
  ['device.index', '/device', 'auth'],
  ['device.show', '/device/:device_id', 'auth'],
  ['device.edit', '/device/:device_id/edit', 'auth'],
  ['panel.edit', '/panel/:panel_id/edit', 'auth'],
  ['tempMap', '/temperaturspjut', 'public'],
  ['tempMap.nz', '/temperaturspjut/nz', 'public'],
  ['order', '/bestall', 'public'],
  ['productlist', '/produkter', 'public'],
  ['product', '/produkt/:product_id', 'public'],
  ['map', '/map', 'auth'],
  ['map.devices', '/map/devices', 'auth'],
  ['notFound', '/404', 'public', 'basic'],
] as const satisfies readonly Row[];

export type RouteName = (typeof TABLE)[number][0];

/** The middleware each access level runs (after the global check-auth and password guards). */
export const ACCESS_MIDDLEWARE: Readonly<Record<RouteAccess, readonly string[]>> = {
  public: [],
  guest: ['guest'],
  auth: ['auth'],
  admin: ['auth', 'admin'],
};

export interface RouteDefinition {
  name: RouteName;
  /** Path pattern; `:name` segments are parameters. */
  path: string;
  access: RouteAccess;
  /** Names of the route's own middleware, run in order; see `ROUTE_MIDDLEWARE` in guards. */
  middleware: readonly string[];
  layout: RouteLayout;
}

/** Every route of the application (spec §2, plus the screens whose paths the spec leaves open). */
export const ROUTES: readonly RouteDefinition[] = TABLE.map(([name, path, access, layout]) => ({
  name,
  path,
  access,
  middleware: ACCESS_MIDDLEWARE[access],
  layout: layout ?? 'default',
}));

/** Spec §2 "Any unknown path redirects to welcome". */
export const UNKNOWN_PATH_REDIRECT: RouteName = 'welcome';

export type RouteParams = Record<string, string>;

export interface RouteMatch {
  name: RouteName;
  route: RouteDefinition;
  params: RouteParams;
  /** The matched path, normalised: no query, no hash, no trailing slash. */
  path: string;
  /** Path plus query and hash as given: the key the time filter is stored under. */
  fullPath: string;
}

/** Where to go: a route name with its parameters. */
export interface RouteLocation {
  name: RouteName;
  params?: Record<string, string | number>;
  query?: Record<string, string>;
}

/** The spec's meta guest: check-auth lets these routes through when there is no current user. */
export function allowsAnonymous(route: Pick<RouteDefinition, 'access'>): boolean {
  return route.access === 'public' || route.access === 'guest';
}

/**
 * Finds the route for a path (query and hash are ignored, a trailing slash too). Where a fixed segment
 * and a parameter both match (`/dashboard/create` and `/dashboard/:dashboard_id`) the fixed one wins: the
 * contract's `matchPath`, the rule the server's route preloads follow too.
 * @returns the match, or `null` for an unknown path (redirect to `UNKNOWN_PATH_REDIRECT`)
 */
export function matchRoute(fullPath: string, routes: readonly RouteDefinition[] = ROUTES): RouteMatch | null {
  const found = matchPath(fullPath, routes);
  return found && { ...found, name: found.route.name, fullPath };
}

/** The route definition of a name. Throws for a name that is not in the table. */
export function getRoute(name: RouteName, routes: readonly RouteDefinition[] = ROUTES): RouteDefinition {
  const route = routes.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`matnat: unknown route "${name}"`);
  return route;
}

/**
 * The path of a named route: `buildPath('dashboard.show', { dashboard_id: 12 })` → '/dashboard/12'.
 * Parameters are URL-encoded; a missing one throws.
 */
export function buildPath(
  name: RouteName,
  params: Record<string, string | number> = {},
  query?: Record<string, string>,
): string {
  const path = getRoute(name).path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '')
      throw new Error(`matnat: route "${name}" needs the parameter "${key}"`);
    return encodeURIComponent(String(value));
  });
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}

/** `buildPath` for a `RouteLocation`. */
export function locationPath(location: RouteLocation): string {
  return buildPath(location.name, location.params, location.query);
}

/** The route's Swedish title. */
export function routeTitle(name: RouteName, messages: CoreMessages = svMessages): string {
  return messages.routeTitles[name];
}

/** The document title of a route: 'Notiser · Mätnät' (spec §2 title template). */
export function pageTitle(name: RouteName, messages: CoreMessages = svMessages): string {
  return formatTitle(routeTitle(name, messages), messages);
}
