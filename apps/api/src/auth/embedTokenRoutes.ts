import {
  EmbedToken,
  EmbedTokenCreateBody,
  EmbedTokenCreated,
  IdParams,
  MessageErrorBody,
  parseEmbedScope,
} from '@matnat/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { EmbedTokensTable } from '../db/tables/auth.js';
import type { DB } from '../db/types.js';
import { data, now } from '../http/envelope.js';
import { notFound, unprocessable } from '../http/errors.js';
import type { ZodApp, ZodTypeProvider } from '../http/zod.js';
import { authMessages } from '../messages.js';
import { announceAccessChange } from './accessChanges.js';
import { mayRead } from './embedAuth.js';
import { currentUser, isAdmin, requireAuth } from './guards.js';
import { userTeamIds } from './teams.js';
import { randomToken, sha256 } from './tokens.js';

const TOKEN_PREFIX = 'mtn_';
const tags = ['embed tokens'];

function tokenResource(row: Selectable<EmbedTokensTable>): EmbedToken {
  return {
    id: row.id,
    user_id: row.user_id,
    name: row.name,
    scopes: JSON.parse(row.scopes) as EmbedToken['scopes'],
    allowed_origins: JSON.parse(row.allowed_origins) as string[],
    exact_positions: row.exact_positions === 1,
    expires_at: row.expires_at ?? row.created_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function findOwn(db: Kysely<DB>, request: FastifyRequest, id: number) {
  const user = currentUser(request);
  const row = await db.selectFrom('embed_tokens').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || (row.user_id !== user.id && !isAdmin(user))) throw notFound();
  return row;
}

/** A token may only name what its creator can read themselves. */
async function checkScopes(r: ZodApp, request: FastifyRequest, scopes: readonly string[]) {
  const user = currentUser(request);
  const creator = { id: user.id, isAdmin: isAdmin(user), teamIds: await userTeamIds(r.db, user.id) };
  const denied: string[] = [];
  for (const scope of scopes) {
    const parsed = parseEmbedScope(scope);
    if (!parsed || !(await mayRead(r, creator, parsed))) denied.push(scope);
  }
  if (denied.length > 0) throw unprocessable({ scopes: [authMessages.noAccess(denied.join(', '))] });
}

/** Embed tokens: created by a user for what they can read themselves, listed, shown and revoked. */
export async function embedTokenRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerEmbedTokenCreate(r);
  registerEmbedTokenList(r);
  registerEmbedTokenShow(r);
  registerEmbedTokenRevoke(r);
}

function registerEmbedTokenCreate(r: ZodApp) {
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
      await checkScopes(r, request, request.body.scopes);
      const token = `${TOKEN_PREFIX}${randomToken(32)}`;
      const at = now();
      const row = await r.db
        .insertInto('embed_tokens')
        .values({
          user_id: user.id,
          name: request.body.name,
          token_hash: sha256(token),
          token_prefix: token.slice(0, 10),
          scopes: JSON.stringify(request.body.scopes),
          allowed_origins: JSON.stringify(request.body.allowed_origins),
          exact_positions: request.body.exact_positions ? 1 : 0,
          expires_at: new Date(request.body.expires_at).toISOString(),
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await r.embedOrigins.refresh();
      return reply.code(201).send(data({ ...tokenResource(row), token }));
    },
  );
}

function registerEmbedTokenList(r: ZodApp) {
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
      let query = r.db
        .selectFrom('embed_tokens')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc');
      if (!isAdmin(user)) query = query.where('user_id', '=', user.id);
      return data((await query.execute()).map(tokenResource));
    },
  );
}

function registerEmbedTokenShow(r: ZodApp) {
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
    async (request) => data(tokenResource(await findOwn(r.db, request, request.params.id))),
  );
}

function registerEmbedTokenRevoke(r: ZodApp) {
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
      const row = await findOwn(r.db, request, request.params.id);
      if (row.revoked_at === null) {
        await r.db
          .updateTable('embed_tokens')
          .set({ revoked_at: now(), updated_at: now() })
          .where('id', '=', row.id)
          .execute();
        await announceAccessChange(request.server, { kind: 'token', id: row.id });
        await r.embedOrigins.refresh();
      }
      return reply.code(204).send(null);
    },
  );
}
