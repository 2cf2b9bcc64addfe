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

/** `Authorization: Bearer mtn_…`: read-only requests of partner pages, limited to scopes and origins. */
export const embedTokenCaller: CallerKind = {
  name: 'embed token',
  claims: (request) =>
    request.routeOptions.config.embedAuth !== false && bearerToken(request.headers.authorization) !== null,
  async authenticate(request) {
    const app = request.server;
    const row = await liveToken(app, { hash: sha256(bearerToken(request.headers.authorization) ?? '') });
    if (!row) throw new HttpError(401, errorMessages.embedInvalid);
    if (!READ_METHODS.has(request.method)) throw forbidden(errorMessages.embedReadOnly);
    const origin = request.headers.origin;
    if (origin !== undefined && !(JSON.parse(row.allowed_origins) as string[]).includes(origin))
      throw forbidden(errorMessages.embedOrigin);
    const scopes = JSON.parse(row.scopes) as string[];
    const isAdmin = row.is_admin === 1;
    request.embedScope = {
      tokenId: row.id,
      creator: { id: row.user_id, isAdmin, teamIds: isAdmin ? [] : await userTeamIds(app.db, row.user_id) },
      scopes,
      allows: (scope) => embedScopeAllows(scopes, scope),
    };
    if (!row.last_used_at || Date.now() - Date.parse(row.last_used_at) > TOUCH_AFTER_MS) {
      await app.db
        .updateTable('embed_tokens')
        .set({ last_used_at: now() })
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
