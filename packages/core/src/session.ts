import type { MatnatApi } from './api/index';
import type {
  Id,
  InviteAcceptBody,
  LoginBodyInput,
  Me,
  RegisterBody,
  UserAttributeBodyInput,
} from './api/types';
import type { Platform } from './platform';
import { createStore, type ExternalStore, type Snapshot } from './store';

/** Spec §9: the current user is refreshed this often while logged in. */
export const SESSION_REFRESH_MS = 300_000;
/** Spec §9: redirect to admin.users this long after an impersonation revert. */
export const IMPERSONATION_REVERT_REDIRECT_MS = 500;

export interface SessionState {
  /** Absent (null) or present (spec §4 Session). */
  user: Me | null;
}

/** What the impersonation banner shows: 'Du är just nu inloggad som {name}', 'Återgå till {impersonatorName}'. */
export interface Impersonation {
  name: string;
  impersonatorName: string;
  impersonatorId: Id;
}

export interface SessionOptions {
  api: Pick<MatnatApi, 'auth' | 'users'>;
  platform: Platform;
  /** Goes to a named route of the app's router ('login', 'admin.users'). */
  navigate?: (routeName: string) => void;
  /**
   * Called at once when the user changes to another one or to none (login, logout, a 401, impersonation),
   * before the call that changed it resolves: what was cached for the previous user must go first.
   */
  onUserChange?: (previous: Id | null, next: Id | null) => void;
  /**
   * Whether this browser may hold a signed-in session (the hosted app: the API's readable signed-in
   * cookie, the contract's `SIGNED_IN_COOKIE`). When it says no, `fetchUser` answers "nobody" without
   * asking GET /api/me: a guest's console shows no 401. @default always asks
   */
  signedIn?: () => boolean;
}

export interface Session extends ExternalStore<SessionState> {
  /** GET /api/me: sets the user; on failure clears it, triggers logout and rejects with the error. */
  fetchMe(): Promise<Me>;
  /** Clears the user whatever the server answers; POST /api/logout errors are ignored. */
  logout(): Promise<void>;
  /** POST /api/login; the answer is the user. */
  login(credentials: LoginBodyInput): Promise<Me>;
  /** POST /api/register: the new account is signed in at once. */
  register(body: RegisterBody): Promise<Me>;
  /** POST /api/invite/{token}: the invitee is signed in at once. */
  acceptInvitation(token: string, body: InviteAcceptBody): Promise<Me>;
  /** Replaces the stored user (spec §4: a user update replaces the stored user). */
  update(user: Me): void;
  /** PATCH /api/user/{id} with one attribute/value pair, then the user is re-fetched. */
  updateAttribute(body: UserAttributeBodyInput): Promise<Me>;
  /** The present user (a snapshot), or null: with `fetchUser`, what the route guards consult. */
  getUser(): Snapshot<Me> | null;
  /** GET /api/me for the guards: one already under way (the app's start asked) answers them too. */
  fetchUser(): Promise<Me>;
  isLoggedIn(): boolean;
  isAdmin(): boolean;
  hasSetPassword(): boolean;
  /** The banner's data while an admin acts as another user, else null. */
  impersonation(): Impersonation | null;
  /** POST /api/v1/user/{id}/impersonate (admins), then the current user is refetched. */
  impersonate(userId: Id): Promise<Me>;
  /**
   * POST /api/v1/user/{user_id}/impersonate/revert with the original user's id, refetch the current
   * user, then go to admin.users after 500 ms.
   */
  revertImpersonation(): Promise<void>;
  /** Spec §8: a 401 while logged in logs out and goes to the login screen. True when it did. */
  handleUnauthenticated(): boolean;
  /** Stops the refresh timer (the user stays). */
  dispose(): void;
}

/** The spec §4 session: the current user, its refresh, logout, updates and impersonation. */
export function createSession({ api, platform, navigate, onUserChange, signedIn }: SessionOptions): Session {
  const { state, subscribe, getSnapshot } = createStore<SessionState>({ user: null });
  let refreshTimer: unknown;
  let loggingOut: Promise<void> | undefined;
  let asking: Promise<Me> | undefined;

  function setUser(user: Me | null) {
    const previous = state.user?.id ?? null;
    state.user = user;
    if (previous !== (user?.id ?? null)) onUserChange?.(previous, user?.id ?? null);
    if (user && refreshTimer === undefined) {
      refreshTimer = platform.timers.setInterval(() => {
        fetchMe().catch(() => undefined);
      }, SESSION_REFRESH_MS);
    } else if (!user && refreshTimer !== undefined) {
      platform.timers.clearInterval(refreshTimer);
      refreshTimer = undefined;
    }
  }

  /** Clears the user whatever the server answers; POST /api/logout errors are ignored. */
  function logout(): Promise<void> {
    setUser(null);
    // A 401 during a refresh both triggers the 401 logout and fails the fetch: one request is enough.
    loggingOut ??= api.auth
      .logout()
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        loggingOut = undefined;
      });
    return loggingOut;
  }

  /** GET /api/me: sets the user; on failure clears it, triggers logout and rejects with the error. */
  async function askMe(): Promise<Me> {
    try {
      const user = await api.auth.me();
      setUser(user);
      return user;
    } catch (error) {
      await logout();
      throw error;
    }
  }

  function fetchMe(): Promise<Me> {
    const request = askMe().finally(() => {
      if (asking === request) asking = undefined;
    });
    asking = request;
    return request;
  }

  function currentUser(): Me {
    if (!state.user) throw new Error('No user is logged in.');
    return state.user;
  }

  return {
    subscribe,
    getSnapshot,
    fetchMe,
    logout,

    /** POST /api/login; the answer is the user. */
    async login(credentials: LoginBodyInput): Promise<Me> {
      const user = await api.auth.login(credentials);
      setUser(user);
      return user;
    },

    async register(body: RegisterBody): Promise<Me> {
      const user = await api.auth.register(body);
      setUser(user);
      return user;
    },

    async acceptInvitation(token: string, body: InviteAcceptBody): Promise<Me> {
      const user = await api.auth.acceptInvitation(token, body);
      setUser(user);
      return user;
    },

    /** Replaces the stored user (spec §4: a user update replaces the stored user). */
    update(user: Me) {
      setUser(user);
    },

    /** PATCH /api/user/{id} with one attribute/value pair, then the user is re-fetched. */
    async updateAttribute(body: UserAttributeBodyInput): Promise<Me> {
      await api.users.updateAttribute(currentUser().id, body);
      return fetchMe();
    },

    /** The present user (a snapshot), or null: with `fetchUser`, what the route guards consult. */
    getUser: () => getSnapshot().user,
    fetchUser(): Promise<Me> {
      if (asking) return asking;
      if (signedIn?.() !== false) return fetchMe();
      setUser(null);
      return Promise.reject(new Error('Nobody is signed in in this browser.'));
    },
    isLoggedIn: () => state.user !== null,
    isAdmin: () => state.user?.is_admin === true,
    hasSetPassword: () => state.user?.has_set_password === true,

    /** The banner's data while an admin acts as another user, else null. */
    impersonation(): Impersonation | null {
      const impersonator = state.user?.impersonator;
      return state.user && impersonator
        ? { name: state.user.name, impersonatorName: impersonator.name, impersonatorId: impersonator.user_id }
        : null;
    },

    /** POST /api/v1/user/{id}/impersonate (admins), then the current user is refetched. */
    async impersonate(userId: Id): Promise<Me> {
      await api.users.impersonate(userId);
      return fetchMe();
    },

    /**
     * POST /api/v1/user/{user_id}/impersonate/revert with the original user's id, refetch the current
     * user, then go to admin.users after 500 ms.
     */
    async revertImpersonation(): Promise<void> {
      const impersonator = currentUser().impersonator;
      if (!impersonator) throw new Error('The current user is not impersonated.');
      await api.users.revertImpersonation(impersonator.user_id);
      await fetchMe();
      platform.timers.setTimeout(() => navigate?.('admin.users'), IMPERSONATION_REVERT_REDIRECT_MS);
    },

    /** Spec §8: a 401 while logged in logs out and goes to the login screen. True when it did. */
    handleUnauthenticated(): boolean {
      if (state.user === null) return false;
      void logout();
      navigate?.('login');
      return true;
    },

    /** Stops the refresh timer (the user stays). */
    dispose() {
      if (refreshTimer !== undefined) platform.timers.clearInterval(refreshTimer);
      refreshTimer = undefined;
    },
  };
}
