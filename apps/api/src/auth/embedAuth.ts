import { embedScopeAllows, type ParsedEmbedScope } from '@matnat/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { now } from '../http/envelope.js';
import { forbidden, HttpError } from '../http/errors.js';
import { errorMessages } from '../messages.js';
import type { CallerKind } from './authenticate.js';
import { canSeeDevice, type Viewer } from './scope.js';
import { userTeamIds } from './teams.js';
import { bearerToken, sha256 } from './tokens.js';

/** What an embed token lets its bearer read. */
export interface EmbedScope {
  tokenId: number;
  /** The user who created the token, with their teams as they are now. */
  creator: Viewer;
  scopes: readonly string[];
  /** Issue 26: the token was made to show exact positions; else every position is rounded to its grid. */
  exactPositions: boolean;
  /** Whether the token names `scope` (`{ kind: 'panel', id }`, `{ kind: 'device', id }`, `{ kind: 'public-map' }`). */
  allows(scope: ParsedEmbedScope): boolean;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// last_used_at is written at most once a minute per token, not on every embedded read.
const TOUCH_AFTER_MS = 60_000;

/** Whether `viewer` may read `scope` now, and so may hand out (or keep handing out) read access to it. */
export async function mayRead(
  app: FastifyInstance,
  viewer: Viewer,
  scope: ParsedEmbedScope,
): Promise<boolean> {
  if (scope.kind === 'public-map') return true;
  if (scope.kind === 'device') return canSeeDevice(app.db, viewer, scope.id);
  const panel = await app.db
    .selectFrom('panels')
    .innerJoin('dashboards', 'dashboards.id', 'panels.dashboard_id')
    .select('dashboards.user_id')
    .where('panels.id', '=', scope.id)
    .executeTakeFirst();
  return panel !== undefined && (panel.user_id === viewer.id || viewer.isAdmin);
}

/**
 * Whether the request may read `scope` through its embed token: the token names it AND its creator may
 * read it now (a device moved to another team drops out of the tokens its old team made). False for
 * requests without a token.
 */
export async function embedAllows(request: FastifyRequest, scope: ParsedEmbedScope): Promise<boolean> {
  const embed = request.embedScope;
  return embed?.allows(scope) === true && (await mayRead(request.server, embed.creator, scope));
}

async function liveToken(app: FastifyInstance, where: { hash: string } | { id: number }) {
  const row = await app.db
    .selectFrom('embed_tokens')
    .innerJoin('users', 'users.id', 'embed_tokens.user_id')
    .selectAll('embed_tokens')
    .select('users.is_admin')
    .$call((q) =>
      'hash' in where ? q.where('token_hash', '=', where.hash) : q.where('embed_tokens.id', '=', where.id),
    )
    .executeTakeFirst();
  const live = row && row.revoked_at === null && (row.expires_at === null || row.expires_at > now());
  return live ? row : undefined;
}

type LiveToken = NonNullable<Awaited<ReturnType<typeof liveToken>>>;

/** A live token as its requests need it, parsed once (its instants as ms since the epoch). */
interface KnownToken {
  row: LiveToken;
  scopes: string[];
  origins: string[];
  teamIds: number[];
  /** When it expires; null for never. */
  expiresMs: number | null;
  /** When its last_used_at was last written (0: never). */
  touchedMs: number;
}

const KNOWN_TOKENS_LIMIT = 10_000;
const knownTokens = new WeakMap<FastifyInstance, Map<string, KnownToken>>();

/**
 * Live tokens by hash, so a partner page's many readers cost no token query each: dropped on every
 * access change (a revoked token, a creator's changed teams or role; PostgreSQL: from any process), and
 * a token past its `expires_at` is looked up again (and refused).
 */
function knownTokensOf(app: FastifyInstance): Map<string, KnownToken> {
  let known = knownTokens.get(app);
  if (!known) {
    const made = new Map<string, KnownToken>();
    app.accessChanges.subscribe((change) => {
      if (change.kind !== 'session') made.clear();
    });
    knownTokens.set(app, made);
    known = made;
  }
  return known;
}

async function knownToken(app: FastifyInstance, hash: string): Promise<KnownToken | undefined> {
  const known = knownTokensOf(app);
  const cached = known.get(hash);
  if (cached && (cached.expiresMs === null || cached.expiresMs > Date.now())) return cached;
  known.delete(hash);
  const row = await liveToken(app, { hash });
  if (!row) return undefined;
  const token: KnownToken = {
    row,
    scopes: JSON.parse(row.scopes) as string[],
    origins: JSON.parse(row.allowed_origins) as string[],
    teamIds: row.is_admin === 1 ? [] : await userTeamIds(app.db, row.user_id),
    expiresMs: row.expires_at === null ? null : Date.parse(row.expires_at),
    touchedMs: row.last_used_at ? Date.parse(row.last_used_at) : 0,
  };
  if (known.size >= KNOWN_TOKENS_LIMIT) known.delete(known.keys().next().value as string);
  known.set(hash, token);
  return token;
}

/** `Authorization: Bearer mtn_…`: read-only requests of partner pages, limited to scopes and origins. */
export const embedTokenCaller: CallerKind = {
  name: 'embed token',
  claims: (request) =>
    request.routeOptions.config.embedAuth !== false && bearerToken(request.headers.authorization) !== null,
  async authenticate(request) {
    const app = request.server;
    const token = await knownToken(app, sha256(bearerToken(request.headers.authorization) ?? ''));
    if (!token) throw new HttpError(401, errorMessages.embedInvalid);
    if (!READ_METHODS.has(request.method)) throw forbidden(errorMessages.embedReadOnly);
    const origin = request.headers.origin;
    if (origin !== undefined && !token.origins.includes(origin)) throw forbidden(errorMessages.embedOrigin);
    const { row, scopes } = token;
    request.embedScope = {
      tokenId: row.id,
      creator: { id: row.user_id, isAdmin: row.is_admin === 1, teamIds: [...token.teamIds] },
      scopes,
      exactPositions: row.exact_positions === 1,
      allows: (scope) => embedScopeAllows(scopes, scope),
    };
    if (Date.now() - token.touchedMs > TOUCH_AFTER_MS) {
      token.touchedMs = Date.now();
      row.last_used_at = new Date(token.touchedMs).toISOString();
      await app.db
        .updateTable('embed_tokens')
        .set({ last_used_at: row.last_used_at })
        .where('id', '=', row.id)
        .execute();
    }
  },
  async stillValid(request) {
    const embed = request.embedScope;
    if (!embed) return false;
    const row = await liveToken(request.server, { id: embed.tokenId });
    if (!row) return false;
    // The creator's rights as they are now: later scope checks of this request use them.
    const isAdmin = row.is_admin === 1;
    embed.creator.isAdmin = isAdmin;
    embed.creator.teamIds = isAdmin ? [] : await userTeamIds(request.server.db, row.user_id);
    return true;
  },
};
