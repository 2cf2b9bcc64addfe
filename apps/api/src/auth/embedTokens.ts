import cors from '@fastify/cors';
import {
  EmbedToken,
  EmbedTokenCreateBody,
  EmbedTokenCreated,
  embedScopeAllows,
  IdParams,
  MessageErrorBody,
  type ParsedEmbedScope,
  parseEmbedScope,
} from '@matnat/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { EmbedTokensTable } from '../db/tables/auth.js';
import { data, now } from '../http/envelope.js';
import { forbidden, HttpError, notFound, unprocessable } from '../http/errors.js';
import type { ZodTypeProvider } from '../http/zod.js';
import { authMessages, errorMessages } from '../messages.js';
import { currentUser, isAdmin, requireAuth } from './guards.js';
import type { AuthUser } from './session.js';
import { canAccessTeams, userTeamIds } from './teams.js';
import { bearerToken, randomToken, sha256 } from './tokens.js';

/** What an embed token lets its bearer read. */
export interface EmbedScope {
  tokenId: number;
  /** The user who created the token. */
  userId: number;
  scopes: readonly string[];
  /** Whether the token grants `scope` (`{ kind: 'panel', id }`, `{ kind: 'device', id }`, `{ kind: 'public-map' }`). */
  allows(scope: ParsedEmbedScope): boolean;
}

/** Whether the request may read `scope` through its embed token (false for requests without one). */
export function embedAllows(request: FastifyRequest, scope: ParsedEmbedScope): boolean {
  return request.embedScope?.allows(scope) ?? false;
}

const TOKEN_PREFIX = 'mtn_';
const PUBLIC_READ = /^\/api\/v1\/(public\/|product(\/|\?|$))/;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// last_used_at is written at most once a minute per token, not on every embedded read.
const TOUCH_AFTER_MS = 60_000;

function tokenResource(row: Selectable<EmbedTokensTable>): EmbedToken {
  return {
    id: row.id,
    user_id: row.user_id,
    name: row.name,
    scopes: JSON.parse(row.scopes) as EmbedToken['scopes'],
    allowed_origins: JSON.parse(row.allowed_origins) as string[],
    expires_at: row.expires_at ?? row.created_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Whether `user` may hand out read access to `scope`: only to what they can read themselves. */
async function mayGrant(app: FastifyInstance, user: AuthUser, teams: number[], scope: ParsedEmbedScope) {
  if (scope.kind === 'public-map') return true;
  if (scope.kind === 'device') {
    const device = await app.db
      .selectFrom('devices')
      .select('id')
      .where('id', '=', scope.id)
      .executeTakeFirst();
    if (!device) return false;
    const rows = await app.db
      .selectFrom('device_team')
      .select('team_id')
      .where('device_id', '=', scope.id)
      .execute();
    return canAccessTeams(
      user,
      teams,
      rows.map((row) => row.team_id),
    );
  }
  const panel = await app.db
    .selectFrom('panels')
    .innerJoin('dashboards', 'dashboards.id', 'panels.dashboard_id')
    .select('dashboards.user_id')
    .where('panels.id', '=', scope.id)
    .executeTakeFirst();
  return panel !== undefined && (panel.user_id === user.id || isAdmin(user));
}

/**
 * Embed tokens: `Authorization: Bearer mtn_…` authenticates read-only requests from partner pages,
 * limited to the token's scopes and origins; CORS answers only origins some live token names.
 */
export async function registerEmbedTokens(app: FastifyInstance): Promise<void> {
  let origins = new Set<string>();
  let loadedAt = 0;
  const refreshOrigins = async () => {
    const rows = await app.db
      .selectFrom('embed_tokens')
      .select('allowed_origins')
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now())
      .execute();
    origins = new Set(rows.flatMap((row) => JSON.parse(row.allowed_origins) as string[]));
    loadedAt = Date.now();
  };

  const common = {
    credentials: false,
    methods: ['GET', 'HEAD'],
    allowedHeaders: ['Authorization', 'Accept', 'Content-Type'],
    maxAge: 600,
  };
  // Guest-readable catalogue data (the public map, the shop's products) is the same for everyone and
  // never sent with credentials: any page may read it, e.g. the one-script-tag temperature map.
  const publicOptions = { ...common, origin: '*' };
  const tokenOptions = {
    ...common,
    // Other processes may have created tokens: the origin list is reloaded at most once a minute.
    origin: async (origin: string | undefined) => {
      if (!origin) return false;
      if (Date.now() - loadedAt > 60_000) await refreshOrigins();
      return origins.has(origin);
    },
  };
  await app.register(cors, {
    delegator: async (request: FastifyRequest) =>
      PUBLIC_READ.test(request.url) ? publicOptions : tokenOptions,
  });

  app.decorateRequest('embedScope', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.embedAuth === false) return;
    const presented = bearerToken(request.headers.authorization);
    if (presented === null) return;
    // A bearer request never acts as the browser's signed-in user.
    request.user = null;
    request.impersonatorId = null;
    const row = await app.db
      .selectFrom('embed_tokens')
      .selectAll()
      .where('token_hash', '=', sha256(presented))
      .executeTakeFirst();
    const nowIso = now();
    if (!row || row.revoked_at !== null || (row.expires_at !== null && row.expires_at <= nowIso)) {
      throw new HttpError(401, errorMessages.embedInvalid);
    }
    if (!READ_METHODS.has(request.method)) throw forbidden(errorMessages.embedReadOnly);
    const allowedOrigins = JSON.parse(row.allowed_origins) as string[];
    const origin = request.headers.origin;
    if (origin !== undefined && !allowedOrigins.includes(origin)) throw forbidden(errorMessages.embedOrigin);
    const scopes = JSON.parse(row.scopes) as string[];
    request.embedScope = {
      tokenId: row.id,
      userId: row.user_id,
      scopes,
      allows: (scope) => embedScopeAllows(scopes, scope),
    };
    if (!row.last_used_at || Date.now() - Date.parse(row.last_used_at) > TOUCH_AFTER_MS) {
      await app.db
        .updateTable('embed_tokens')
        .set({ last_used_at: nowIso })
        .where('id', '=', row.id)
        .execute();
    }
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['embed tokens'];

  r.post(
    '/api/v1/embed-token',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'Creates a read-only embed token; the plaintext token is in this answer only',
        body: EmbedTokenCreateBody,
        response: { 201: z.object({ data: EmbedTokenCreated }) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const teams = await userTeamIds(app.db, user.id);
      const denied: string[] = [];
      for (const scope of request.body.scopes) {
        const parsed = parseEmbedScope(scope);
        if (!parsed || !(await mayGrant(app, user, teams, parsed))) denied.push(scope);
      }
      if (denied.length > 0) throw unprocessable({ scopes: [authMessages.noAccess(denied.join(', '))] });
      const token = `${TOKEN_PREFIX}${randomToken(32)}`;
      const at = now();
      const row = await app.db
        .insertInto('embed_tokens')
        .values({
          user_id: user.id,
          name: request.body.name,
          token_hash: sha256(token),
          token_prefix: token.slice(0, 10),
          scopes: JSON.stringify(request.body.scopes),
          allowed_origins: JSON.stringify(request.body.allowed_origins),
          expires_at: new Date(request.body.expires_at).toISOString(),
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await refreshOrigins();
      return reply.code(201).send(data({ ...tokenResource(row), token }));
    },
  );

  r.get(
    '/api/v1/embed-token',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Your embed tokens (admins: everyone's)",
        response: { 200: z.object({ data: z.array(EmbedToken) }) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      let query = app.db
        .selectFrom('embed_tokens')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc');
      if (!isAdmin(user)) query = query.where('user_id', '=', user.id);
      return data((await query.execute()).map(tokenResource));
    },
  );

  const findOwn = async (request: FastifyRequest, id: number) => {
    const user = currentUser(request);
    const row = await app.db.selectFrom('embed_tokens').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || (row.user_id !== user.id && !isAdmin(user))) throw notFound();
    return row;
  };

  r.get(
    '/api/v1/embed-token/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'One embed token',
        params: IdParams,
        response: { 200: z.object({ data: EmbedToken }), 404: MessageErrorBody },
      },
    },
    async (request) => data(tokenResource(await findOwn(request, request.params.id))),
  );

  r.delete(
    '/api/v1/embed-token/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'Revokes an embed token',
        params: IdParams,
        response: { 204: z.null(), 404: MessageErrorBody },
      },
    },
    async (request, reply) => {
      const row = await findOwn(request, request.params.id);
      if (row.revoked_at === null) {
        await app.db
          .updateTable('embed_tokens')
          .set({ revoked_at: now(), updated_at: now() })
          .where('id', '=', row.id)
          .execute();
        await refreshOrigins();
      }
      return reply.code(204).send(null);
    },
  );
}
