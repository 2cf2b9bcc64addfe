import { allowsAnonymous, type RouteLocation, type RouteMatch } from './routes';

/** What the guards need to know about a user (a structural subset of the contract's User). */
export interface GuardUser {
  is_admin: boolean;
  has_set_password: boolean;
}

/** The session as the guards see it; the core's session module satisfies it. */
export interface GuardSession<U extends GuardUser = GuardUser> {
  /** The user currently held by the session, `null` when logged out. */
  getUser(): U | null;
  /**
   * Fetches the current user (GET /api/me) and rejects when there is none. May answer from a fresh
   * cache: check-auth calls it before every route.
   */
  fetchUser(): Promise<U | null | undefined>;
}

export interface GuardContext {
  to: RouteMatch;
  session: GuardSession;
  /** The user for this navigation: the session's at the start, then whatever check-auth fetched. */
  user: GuardUser | null;
}

/** A guard lets the navigation through (returns nothing) or redirects it. */
export type Guard = (context: GuardContext) => RouteLocation | undefined | Promise<RouteLocation | undefined>;

/**
 * Spec §2 guard 3, check-auth: login and welcome pass through; for every other route the current user is
 * fetched, and when that fails the route is allowed only if anonymous visitors may open it.
 */
export const checkAuthGuard: Guard = async (context) => {
  if (context.to.name === 'login' || context.to.name === 'welcome') return undefined;
  try {
    const fetched = await context.session.fetchUser();
    context.user = fetched ?? context.session.getUser();
  } catch {
    context.user = null;
    return allowsAnonymous(context.to.route) ? undefined : { name: 'login' };
  }
  return undefined;
};

/** Spec §2 guard 5, password: a logged-in user without a password goes to user settings. */
export const passwordGuard: Guard = ({ to, user }) =>
  user && !user.has_set_password && to.name !== 'user.settings' ? { name: 'user.settings' } : undefined;

/** Spec §2 guard 2, authenticated: anonymous visitors go to login. */
export const authGuard: Guard = ({ user }) => (user ? undefined : { name: 'login' });

/** Spec §2 guard 1, admin-only: non-admins go to the dashboard index. */
export const adminGuard: Guard = ({ user }) => (user?.is_admin ? undefined : { name: 'dashboard.index' });

/** Spec §2 guard 4, guest: logged-in users go to the dashboard index. */
export const guestGuard: Guard = ({ user }) => (user ? { name: 'dashboard.index' } : undefined);

/** Spec §2 "Before every route the application checks authentication and whether a password is set". */
export const GLOBAL_GUARDS: readonly Guard[] = [checkAuthGuard, passwordGuard];

/** The route middleware by the names route definitions use. */
export const ROUTE_MIDDLEWARE: Readonly<Record<string, Guard>> = {
  auth: authGuard,
  admin: adminGuard,
  guest: guestGuard,
};

/** Spec §2 "An unknown middleware name is an error". */
export class UnknownMiddlewareError extends Error {
  constructor(readonly middleware: string) {
    super(`matnat: unknown route middleware "${middleware}"`);
    this.name = 'UnknownMiddlewareError';
  }
}

/** The guards of a route's middleware names; throws `UnknownMiddlewareError` for a name not registered. */
export function middlewareFor(
  names: readonly string[],
  middleware: Readonly<Record<string, Guard>> = ROUTE_MIDDLEWARE,
): Guard[] {
  return names.map((name) => {
    if (!Object.hasOwn(middleware, name)) throw new UnknownMiddlewareError(name);
    return middleware[name]!;
  });
}

export interface RunGuardsOptions {
  /** @default ROUTE_MIDDLEWARE */
  middleware?: Readonly<Record<string, Guard>>;
  /** @default GLOBAL_GUARDS (check-auth, then password) */
  globalGuards?: readonly Guard[];
}

/**
 * Runs the global guards and then the route's own middleware, in order, before a route is entered.
 * @returns where to redirect, or `null` to enter the route
 */
export async function runGuards(
  to: RouteMatch,
  session: GuardSession,
  options: RunGuardsOptions = {},
): Promise<RouteLocation | null> {
  const own = middlewareFor(to.route.middleware, options.middleware);
  const context: GuardContext = { to, session, user: session.getUser() };
  for (const guard of [...(options.globalGuards ?? GLOBAL_GUARDS), ...own]) {
    const redirect = await guard(context);
    if (redirect) return redirect;
  }
  return null;
}
