import { SIGNED_IN_COOKIE } from '@matnat/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InferResult, Kysely, Selectable } from 'kysely';
import { preparedQuery } from '../db/prepared.js';
import type { UsersTable } from '../db/tables/auth.js';
import type { DB } from '../db/types.js';
import { csrfMismatch } from '../http/errors.js';
import { announceAccessChange } from './accessChanges.js';
import type { CallerKind } from './authenticate.js';
import { randomToken, safeEqual, sha256 } from './tokens.js';

export const SESSION_COOKIE = 'matnat_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/** The signed-in user as the request sees it (no password hash). */
export type AuthUser = Omit<Selectable<UsersTable>, 'password_hash'> & { has_set_password: boolean };

export interface AuthSession {
  /** SHA-256 of the cookie value (the row's key). */
  id: string;
  userId: number | null;
  impersonatorId: number | null;
  csrfToken: string;
  remember: boolean;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Sliding expiry is written at most once a minute per session, not on every request.
const TOUCH_AFTER_MS = 60_000;

function minutesFromNow(minutes: number): string {
  return new Date(Date.now() + minutes * 60_000).toISOString();
}

function lifetime(app: FastifyInstance, remember: boolean): number {
  return remember ? app.config.session.rememberMinutes : app.config.session.idleMinutes;
}

function cookieOptions(app: FastifyInstance, session: AuthSession) {
  const maxAge = session.remember ? app.config.session.rememberMinutes * 60 : undefined;
  return { path: '/', sameSite: 'lax', secure: app.config.secureCookies, maxAge } as const;
}

/** The readable XSRF-TOKEN cookie: the page's script echoes it in X-XSRF-TOKEN. */
export function setXsrfCookie(app: FastifyInstance, reply: FastifyReply, session: AuthSession): void {
  reply.setCookie(XSRF_COOKIE, session.csrfToken, { ...cookieOptions(app, session), httpOnly: false });
}

/** The contract's signed-in hint: set while the session has a user, cleared for a guest session. */
function setSignedInCookie(app: FastifyInstance, reply: FastifyReply, session: AuthSession): void {
  if (session.userId === null) reply.clearCookie(SIGNED_IN_COOKIE, { path: '/' });
  else reply.setCookie(SIGNED_IN_COOKIE, '1', { ...cookieOptions(app, session), httpOnly: false });
}

function setSessionCookies(app: FastifyInstance, reply: FastifyReply, cookie: string, session: AuthSession) {
  reply.setCookie(SESSION_COOKIE, cookie, { ...cookieOptions(app, session), httpOnly: true });
  setXsrfCookie(app, reply, session);
  setSignedInCookie(app, reply, session);
}

function decodeHeader(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * Starts a new session row (a new id: sessions are rotated on login, logout and impersonation so a
 * fixated id is worthless) and sets its cookies. The anti-forgery token carries over unless `freshToken`.
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  values: { userId: number | null; impersonatorId?: number | null; remember?: boolean; freshToken?: boolean },
): Promise<AuthSession> {
  const app = request.server;
  const previous = request.authSession;
  if (previous) {
    await app.db.deleteFrom('sessions').where('id', '=', previous.id).execute();
    await announceAccessChange(app, { kind: 'session', id: previous.id });
  }
  if (previous?.userId === null && values.userId !== null)
    await adoptGuestCart(app, previous.id, values.userId);
  const cookie = randomToken(30);
  const remember = values.remember ?? false;
  const session: AuthSession = {
    id: sha256(cookie),
    userId: values.userId,
    impersonatorId: values.impersonatorId ?? null,
    csrfToken: !values.freshToken && previous ? previous.csrfToken : randomToken(30),
    remember,
  };
  const now = new Date().toISOString();
  await app.db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      impersonator_id: session.impersonatorId,
      csrf_token: session.csrfToken,
      remember: remember ? 1 : 0,
      last_activity_at: now,
      expires_at: minutesFromNow(lifetime(app, remember)),
      created_at: now,
    })
    .execute();
  setSessionCookies(app, reply, cookie, session);
  request.authSession = session;
  request.impersonatorId = session.impersonatorId;
  request.user = session.userId === null ? null : await loadAuthUser(app, session.userId);
  return session;
}

/**
 * A guest's cart follows them into their account on login, unless the account already has a cart with
 * items in it (an emptied one, e.g. after an order, gives way).
 */
async function adoptGuestCart(app: FastifyInstance, guestSessionId: string, userId: number): Promise<void> {
  const owned = await app.db
    .selectFrom('carts')
    .select(['id', 'items'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (owned && owned.items !== '[]') return;
  await app.db.transaction().execute(async (trx) => {
    const guest = await trx
      .selectFrom('carts')
      .select('id')
      .where('guest_token', '=', guestSessionId)
      .executeTakeFirst();
    if (!guest) return;
    if (owned) await trx.deleteFrom('carts').where('id', '=', owned.id).execute();
    await trx
      .updateTable('carts')
      .set({ user_id: userId, guest_token: null })
      .where('id', '=', guest.id)
      .execute();
  });
}

/** The session of the request, creating a guest session when there is none (cart, anti-forgery token). */
export async function ensureSession(request: FastifyRequest, reply: FastifyReply): Promise<AuthSession> {
  return request.authSession ?? startSession(request, reply, { userId: null, freshToken: true });
}

/** GET /sanctum/csrf-cookie: the session (a new guest one if needed) and its XSRF-TOKEN cookie, always re-sent. */
export async function issueCsrfCookie(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.authSession) setXsrfCookie(request.server, reply, request.authSession);
  else await ensureSession(request, reply);
}

export async function loadAuthUser(app: FastifyInstance, userId: number): Promise<AuthUser | null> {
  const row = await app.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!row) return null;
  const { password_hash, ...user } = row;
  return { ...user, has_set_password: password_hash !== null };
}

function sessionQuery(db: Kysely<DB>, id: string, nowIso: string) {
  return db
    .selectFrom('sessions')
    .leftJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.impersonator_id',
      'sessions.csrf_token',
      'sessions.remember',
      'sessions.last_activity_at',
      'users.id as u_id',
      'users.name',
      'users.email',
      'users.password_hash',
      'users.photo_url',
      'users.is_admin',
      'users.email_verified_at',
      'users.created_at',
      'users.updated_at',
    ])
    .where('sessions.id', '=', id)
    .where('sessions.expires_at', '>', nowIso);
}
type SessionRow = InferResult<ReturnType<typeof sessionQuery>>[number];

// Every request with a cookie runs this query: compiled once, kept prepared per database connection.
const sessionRow = preparedQuery((db, id: string, nowIso: string) => sessionQuery(db, id, nowIso));

async function findSession(db: Kysely<DB>, id: string, nowIso: string): Promise<SessionRow | undefined> {
  const [row] = await sessionRow(db, id, nowIso);
  return row;
}

async function loadSession(request: FastifyRequest): Promise<void> {
  const cookie = request.cookies[SESSION_COOKIE];
  if (!cookie || cookie.length > 100) return;
  const app = request.server;
  const id = sha256(cookie);
  const nowIso = new Date().toISOString();
  const row = await findSession(app.db, id, nowIso);
  if (!row) return;
  request.authSession = {
    id: row.id,
    userId: row.user_id,
    impersonatorId: row.impersonator_id,
    csrfToken: row.csrf_token,
    remember: row.remember === 1,
  };
  if (row.u_id !== null && row.name !== null && row.email !== null) {
    request.user = {
      id: row.u_id,
      name: row.name,
      email: row.email,
      photo_url: row.photo_url,
      is_admin: row.is_admin ?? 0,
      email_verified_at: row.email_verified_at,
      created_at: row.created_at ?? nowIso,
      updated_at: row.updated_at ?? nowIso,
      has_set_password: row.password_hash !== null,
    };
    request.impersonatorId = row.impersonator_id;
  }
  if (Date.now() - Date.parse(row.last_activity_at) > TOUCH_AFTER_MS) {
    await app.db
      .updateTable('sessions')
      .set({ last_activity_at: nowIso, expires_at: minutesFromNow(lifetime(app, row.remember === 1)) })
      .where('id', '=', id)
      .execute();
  }
}

function checkCsrf(request: FastifyRequest): void {
  if (!MUTATING.has(request.method) || request.is404) return;
  if (request.routeOptions.config.csrf === false) return;
  const header = request.headers[XSRF_HEADER];
  const token = Array.isArray(header) ? header[0] : header;
  const expected = request.authSession?.csrfToken;
  const given = token ? decodeHeader(token) : null;
  if (!given || !expected || !safeEqual(given, expected)) throw csrfMismatch();
}

/**
 * The browser: the cookie's session and user (guests included), and mutating requests must echo the
 * session's anti-forgery token in X-XSRF-TOKEN (419 otherwise), except routes with `config.csrf === false`
 * (device ingestion). Claims every request no other kind of caller claimed.
 */
export const sessionCaller: CallerKind = {
  name: 'session',
  claims: () => true,
  async authenticate(request) {
    await loadSession(request);
    checkCsrf(request);
  },
  async stillValid(request) {
    const session = request.authSession;
    if (!session) return false;
    const row = await findSession(request.server.db, session.id, new Date().toISOString());
    if (!row || row.user_id !== session.userId || row.impersonator_id !== session.impersonatorId)
      return false;
    // An admin who lost the role reads as a user from now on.
    if (request.user) request.user.is_admin = row.is_admin ?? 0;
    return true;
  },
};

/** Removes expired sessions and the carts of guest sessions that are gone; run at start and hourly. */
export async function pruneSessions(app: FastifyInstance): Promise<void> {
  await app.db.deleteFrom('sessions').where('expires_at', '<=', new Date().toISOString()).execute();
  await app.db
    .deleteFrom('carts')
    .where('user_id', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('sessions').select('sessions.id').whereRef('sessions.id', '=', 'carts.guest_token'),
        ),
      ),
    )
    .execute();
}
