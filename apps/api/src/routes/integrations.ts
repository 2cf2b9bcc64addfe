import {
  DeviceKey,
  DeviceKeyCreateBody,
  DeviceKeyCreated,
  IdParams,
  IngestDeadLetter,
  Integration,
  IntegrationCreateBody,
  IntegrationCreated,
} from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { currentUser, requireAdmin, requireAuth } from '../auth/guards.js';
import { requireViewer } from '../auth/scope.js';
import type { DeviceKeysTable, IntegrationsTable } from '../db/tables/resources.js';
import { data, now } from '../http/envelope.js';
import { notFound, unprocessable } from '../http/errors.js';
import type { ZodTypeProvider } from '../http/zod.js';
import { createIntegration, DEVICE_KEY_PREFIX, newSecret } from '../ingest/credentials.js';
import { findDevice } from './devices.js';
import { resourceMessages as M } from './messages.js';

function integrationJson(row: Selectable<IntegrationsTable>): Integration {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    team_id: row.team_id,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
    created_at: row.created_at,
  };
}

function keyJson(row: Selectable<DeviceKeysTable>): DeviceKey {
  return {
    id: row.id,
    device_id: row.device_id,
    name: row.name,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
    created_at: row.created_at,
  };
}

const KeyParams = IdParams.extend({ keyId: IdParams.shape.id });

/**
 * Integrations (admin): the network servers, brokers and HTTP senders readings come from, each with a
 * secret shown once and stored as its SHA-256, and the team new devices from it are offered to.
 */
export async function integrationRoutes(app: FastifyInstance) {
  const db = app.db;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/integration',
    { onRequest: requireAdmin, schema: { response: { 200: z.object({ data: z.array(Integration) }) } } },
    async () => {
      const rows = await db.selectFrom('integrations').selectAll().orderBy('id').execute();
      return data(rows.map(integrationJson));
    },
  );

  r.post(
    '/api/v1/integration',
    {
      onRequest: requireAdmin,
      schema: { body: IntegrationCreateBody, response: { 201: z.object({ data: IntegrationCreated }) } },
    },
    async (request, reply) => {
      const { kind, name, team_id } = request.body;
      if (
        team_id &&
        !(await db.selectFrom('teams').select('id').where('id', '=', team_id).executeTakeFirst())
      )
        throw unprocessable({ team_id: [M.unknownTeam] });
      const { row, secret } = await createIntegration(db, {
        kind,
        name,
        teamId: team_id ?? null,
        createdBy: currentUser(request).id,
      });
      reply.code(201);
      return data({ ...integrationJson(row), secret });
    },
  );

  r.delete(
    '/api/v1/integration/:id',
    {
      onRequest: requireAdmin,
      schema: { params: IdParams, response: { 200: z.object({ data: Integration }) } },
    },
    async (request) => {
      const row = await db
        .updateTable('integrations')
        .set({ revoked_at: now() })
        .where('id', '=', request.params.id)
        .where('revoked_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw notFound();
      return data(integrationJson(row));
    },
  );
}

/**
 * Device keys: whoever may see a device creates and revokes the keys it sends readings with, and sees the
 * messages naming it that could never be stored.
 */
export async function deviceKeyRoutes(app: FastifyInstance) {
  const db = app.db;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/device/:id/key',
    {
      onRequest: requireAuth,
      schema: { params: IdParams, response: { 200: z.object({ data: z.array(DeviceKey) }) } },
    },
    async (request) => {
      const device = await findDevice(db, await requireViewer(request), request.params.id);
      const rows = await db
        .selectFrom('device_keys')
        .selectAll()
        .where('device_id', '=', device.id)
        .orderBy('id')
        .execute();
      return data(rows.map(keyJson));
    },
  );

  r.post(
    '/api/v1/device/:id/key',
    {
      onRequest: requireAuth,
      schema: {
        params: IdParams,
        body: DeviceKeyCreateBody,
        response: { 201: z.object({ data: DeviceKeyCreated }) },
      },
    },
    async (request, reply) => {
      const device = await findDevice(db, await requireViewer(request), request.params.id);
      const { secret, hash } = newSecret(DEVICE_KEY_PREFIX);
      const row = await db
        .insertInto('device_keys')
        .values({
          device_id: device.id,
          name: request.body.name ?? 'Enhetsnyckel',
          key_hash: hash,
          last_used_at: null,
          revoked_at: null,
          created_at: now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      reply.code(201);
      return data({ ...keyJson(row), key: secret });
    },
  );

  r.get(
    '/api/v1/device/:id/dead-letters',
    {
      onRequest: requireAuth,
      schema: { params: IdParams, response: { 200: z.object({ data: z.array(IngestDeadLetter) }) } },
    },
    async (request) => {
      const device = await findDevice(db, await requireViewer(request), request.params.id);
      const rows = await db
        .selectFrom('ingest_dead_letters')
        .select(['source', 'reason', 'topic', 'count', 'first_at', 'last_at'])
        .where('device_id', '=', device.id)
        .orderBy('last_at', 'desc')
        .execute();
      return data(rows.map((row) => ({ ...row, count: Number(row.count) })));
    },
  );

  r.delete(
    '/api/v1/device/:id/key/:keyId',
    {
      onRequest: requireAuth,
      schema: { params: KeyParams, response: { 200: z.object({ data: DeviceKey }) } },
    },
    async (request) => {
      const device = await findDevice(db, await requireViewer(request), request.params.id);
      const row = await db
        .updateTable('device_keys')
        .set({ revoked_at: now() })
        .where('id', '=', request.params.keyId)
        .where('device_id', '=', device.id)
        .where('revoked_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw notFound();
      return data(keyJson(row));
    },
  );
}
