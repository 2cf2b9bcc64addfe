import { ALLOWED_QUERY, Device, DeviceCreateBody, DeviceUpdateBody, IdParams } from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import { type Kysely, type Selectable, sql } from 'kysely';
import { z } from 'zod';
import { announceAccessChange } from '../auth/accessChanges.js';
import { embedAllows } from '../auth/embedAuth.js';
import { requireAuth, requireUserOrEmbed } from '../auth/guards.js';
import { gatewayQuery, requireViewer, type Viewer } from '../auth/scope.js';
import type { DevicesTable } from '../db/tables/resources.js';
import type { DB } from '../db/types.js';
import { answers, dataOf, noContent } from '../http/answers.js';
import { data, now } from '../http/envelope.js';
import { badRequest, forbidden, notFound, unprocessable } from '../http/errors.js';
import { positionsFor } from '../http/positions.js';
import { filterId, type ListQuery, parseListQuery, type SortField } from '../http/query.js';
import type { ZodApp, ZodTypeProvider } from '../http/zod.js';
import { resourceMessages as M } from './messages.js';
import { loadDevices } from './relations.js';

const ALLOWED = {
  ...ALLOWED_QUERY.device,
  defaultSort: [{ field: 'title', direction: 'asc' }] as SortField[],
};

function deviceQuery(db: Kysely<DB>, viewer: Viewer) {
  let q = db.selectFrom('devices').selectAll('devices');
  if (!viewer.isAdmin) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('device_team')
          .select('device_team.device_id')
          .whereRef('device_team.device_id', '=', 'devices.id')
          .where('device_team.team_id', 'in', viewer.teamIds.length > 0 ? viewer.teamIds : [0]),
      ),
    );
  }
  return q;
}

export async function findDevice(db: Kysely<DB>, viewer: Viewer, id: number) {
  const row = await deviceQuery(db, viewer).where('devices.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Team ids that exist, or 422 naming the field. */
async function checkTeams(db: Kysely<DB>, ids: readonly number[]) {
  if (ids.length === 0) return;
  const found = await db.selectFrom('teams').select('id').where('id', 'in', ids).execute();
  if (found.length !== new Set(ids).size) throw unprocessable({ team_ids: [M.unknownTeam] });
}

/** Gateway ids the viewer may see (like `GET /gateway/{id}`), or 422: a body names nothing out of scope. */
async function checkGateways(db: Kysely<DB>, viewer: Viewer, ids: readonly number[]) {
  if (ids.length === 0) return;
  const found = await gatewayQuery(db, viewer)
    .select('gateways.id')
    .where('gateways.id', 'in', ids)
    .execute();
  if (found.length !== new Set(ids).size) throw unprocessable({ gateway_ids: [M.unknownGateway] });
}

async function checkDefaultSensor(db: Kysely<DB>, deviceId: number, sensorId: number | null | undefined) {
  if (sensorId === undefined || sensorId === null) return;
  const sensor = await db
    .selectFrom('sensors')
    .select('id')
    .where('id', '=', sensorId)
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
  if (!sensor) throw unprocessable({ default_sensor_id: [M.sensorNotOnDevice] });
}

async function externalIdTaken(db: Kysely<DB>, externalId: string, exceptId?: number) {
  let q = db.selectFrom('devices').select('id').where('external_device_id', '=', externalId);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw unprocessable({ external_device_id: [M.externalIdTaken] });
}

type DeviceSelect = ReturnType<typeof deviceQuery>;

/** The list's filters (`unassigned` admin-only) and sort applied to the viewer's devices. */
function filteredDevices(base: DeviceSelect, viewer: Viewer, query: ListQuery): DeviceSelect {
  let q = base;
  const f = query.filter;
  if (f.unassigned !== undefined) {
    if (!viewer.isAdmin) throw forbidden(M.unassignedAdminOnly);
    if (!['1', 'true', '0', 'false'].includes(f.unassigned)) throw badRequest(M.badFlag('unassigned'));
    if (f.unassigned === '1' || f.unassigned === 'true') {
      q = q.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('device_team')
              .select('device_id')
              .whereRef('device_team.device_id', '=', 'devices.id'),
          ),
        ),
      );
    }
  }
  if (f.title !== undefined) q = q.where('devices.title', 'like', `%${f.title}%`);
  if (f.external_device_id !== undefined)
    q = q.where('devices.external_device_id', '=', f.external_device_id);
  if (f.is_public !== undefined)
    q = q.where('devices.is_public', '=', f.is_public === '1' || f.is_public === 'true' ? 1 : 0);
  const teamId = filterId(f, 'team_id');
  if (teamId !== undefined) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('device_team as dt')
          .select('dt.device_id')
          .whereRef('dt.device_id', '=', 'devices.id')
          .where('dt.team_id', '=', teamId),
      ),
    );
  }
  for (const s of query.sort) {
    // Spec §9: devices without a title sort by their external_device_id.
    if (s.field === 'title')
      q = q.orderBy(sql`coalesce(devices.title, devices.external_device_id)`, s.direction);
    else q = q.orderBy(`devices.${s.field as 'external_device_id' | 'created_at'}`, s.direction);
  }
  return q;
}

const ALL_INCLUDES = new Set(['sensors', 'defaultSensor', 'gateways', 'teams']);

/** The device with every relation, as create and update answer it. */
async function showDevice(db: Kysely<DB>, id: number) {
  const row = await db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return (await loadDevices(db, [row], ALL_INCLUDES, undefined, true)).get(id);
}

/** Replaces the device's teams and gateways by the lists given; a list not given stays as it is. */
async function setLinks(
  trx: Kysely<DB>,
  deviceId: number,
  links: { team_ids?: readonly number[]; gateway_ids?: readonly number[] },
) {
  if (links.team_ids) {
    await trx.deleteFrom('device_team').where('device_id', '=', deviceId).execute();
    if (links.team_ids.length > 0)
      await trx
        .insertInto('device_team')
        .values(links.team_ids.map((team_id) => ({ device_id: deviceId, team_id })))
        .execute();
  }
  if (links.gateway_ids) {
    await trx.deleteFrom('device_gateway').where('device_id', '=', deviceId).execute();
    if (links.gateway_ids.length > 0)
      await trx
        .insertInto('device_gateway')
        .values(links.gateway_ids.map((gateway_id) => ({ device_id: deviceId, gateway_id })))
        .execute();
  }
}

/**
 * Devices (Mätenheter): team-scoped; admins see all and connect devices to teams (`team_ids` on PATCH;
 * a user may only put a device in their own teams on creation). `filter[unassigned]=1` is admin-only.
 */
export async function deviceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerDeviceList(r);
  registerDeviceShow(r);
  registerDeviceCreate(r);
  registerDeviceUpdate(r);
  registerDeviceDelete(r);
}

function registerDeviceList(r: ZodApp) {
  const db = r.db;
  r.get(
    '/api/v1/device',
    {
      onRequest: requireAuth,
      schema: { response: answers({ 200: dataOf(z.array(Device)) }, [400, 401, 403]) },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      const query = parseListQuery(request.query, ALLOWED);
      const q = filteredDevices(deviceQuery(db, viewer), viewer, query);
      const rows = await q.orderBy('devices.id').execute();
      const devices = await loadDevices(db, rows, query.include, undefined, true);
      return data([...devices.values()]);
    },
  );
}

/** Embed tokens naming the device may read it too (device widgets on partner pages). */
function registerDeviceShow(r: ZodApp) {
  const db = r.db;
  r.get(
    '/api/v1/device/:id',
    {
      onRequest: requireUserOrEmbed,
      schema: { params: IdParams, response: answers({ 200: dataOf(Device) }, [400, 401, 404]) },
    },
    async (request) => {
      const query = parseListQuery(request.query, { include: ALLOWED.include });
      let row: Selectable<DevicesTable> | undefined;
      if (request.user) row = await findDevice(db, await requireViewer(request), request.params.id);
      else if (await embedAllows(request, { kind: 'device', id: request.params.id })) {
        row = await db
          .selectFrom('devices')
          .selectAll()
          .where('id', '=', request.params.id)
          .executeTakeFirst();
      }
      if (!row) throw notFound();
      return data(
        positionsFor(request, (await loadDevices(db, [row], query.include, undefined, true)).get(row.id)),
      );
    },
  );
}

function registerDeviceCreate(r: ZodApp) {
  const db = r.db;
  r.post(
    '/api/v1/device',
    {
      onRequest: requireAuth,
      schema: { body: DeviceCreateBody, response: answers({ 201: dataOf(Device) }, [401, 419, 422]) },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const body = request.body;
      let teamIds = body.team_ids;
      if (teamIds === undefined) teamIds = viewer.isAdmin ? [] : viewer.teamIds;
      else if (!viewer.isAdmin && teamIds.some((t) => !viewer.teamIds.includes(t))) {
        throw unprocessable({ team_ids: [M.notYourTeam] });
      }
      await checkTeams(db, teamIds);
      await checkGateways(db, viewer, body.gateway_ids ?? []);
      await externalIdTaken(db, body.external_device_id);
      if (body.default_sensor_id) throw unprocessable({ default_sensor_id: [M.sensorNotOnDevice] });
      const at = now();
      const id = await db.transaction().execute(async (trx) => {
        const device = await trx
          .insertInto('devices')
          .values({
            title: body.title ?? null,
            external_device_id: body.external_device_id,
            lat: body.lat ?? null,
            lng: body.lng ?? null,
            is_public: body.is_public ? 1 : 0,
            ...(body.public_grid_m !== undefined ? { public_grid_m: body.public_grid_m } : {}),
            default_sensor_id: null,
            expected_interval_s: body.expected_interval_s ?? null,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await setLinks(trx, device.id, { team_ids: teamIds, gateway_ids: body.gateway_ids });
        return device.id;
      });
      // Issue 26: a device created onto the public map is on it at once (shared answers dropped).
      if (body.is_public) await announceAccessChange(request.server, { kind: 'devices' });
      reply.code(201);
      return data(await showDevice(db, id));
    },
  );
}

function registerDeviceUpdate(r: ZodApp) {
  const db = r.db;
  r.patch(
    '/api/v1/device/:id',
    {
      onRequest: requireAuth,
      schema: {
        params: IdParams,
        body: DeviceUpdateBody,
        response: answers({ 200: dataOf(Device) }, [401, 403, 404, 419, 422]),
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      const row = await findDevice(db, viewer, request.params.id);
      const body = request.body;
      if (body.team_ids !== undefined && !viewer.isAdmin) throw forbidden(M.teamsAdminOnly);
      if (body.team_ids) await checkTeams(db, body.team_ids);
      if (body.gateway_ids) await checkGateways(db, viewer, body.gateway_ids);
      if (body.external_device_id !== undefined) await externalIdTaken(db, body.external_device_id, row.id);
      await checkDefaultSensor(db, row.id, body.default_sensor_id);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('devices')
          .set({
            ...(body.title !== undefined ? { title: body.title } : {}),
            ...(body.external_device_id !== undefined ? { external_device_id: body.external_device_id } : {}),
            ...(body.lat !== undefined ? { lat: body.lat, lng: body.lng ?? null } : {}),
            ...(body.is_public !== undefined ? { is_public: body.is_public ? 1 : 0 } : {}),
            ...(body.public_grid_m !== undefined ? { public_grid_m: body.public_grid_m } : {}),
            ...(body.default_sensor_id !== undefined ? { default_sensor_id: body.default_sensor_id } : {}),
            ...(body.expected_interval_s !== undefined
              ? { expected_interval_s: body.expected_interval_s }
              : {}),
            updated_at: now(),
          })
          .where('id', '=', row.id)
          .execute();
        await setLinks(trx, row.id, body);
      });
      // Teams decide who reads it; its position, title and opt-in what the public map shows.
      await announceAccessChange(request.server, { kind: 'devices' });
      return data(await showDevice(db, row.id));
    },
  );
}

function registerDeviceDelete(r: ZodApp) {
  const db = r.db;
  r.delete(
    '/api/v1/device/:id',
    {
      onRequest: requireAuth,
      schema: { params: IdParams, response: answers({ 204: noContent }, [401, 404, 419]) },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const row = await findDevice(db, viewer, request.params.id);
      await db.transaction().execute(async (trx) => {
        const sensorIds = (
          await trx.selectFrom('sensors').select('id').where('device_id', '=', row.id).execute()
        ).map((s) => s.id);
        if (sensorIds.length > 0) {
          for (const table of ['measurements', 'measurement_rollups_1h', 'measurement_rollups_1d'] as const) {
            await trx.deleteFrom(table).where('sensor_id', 'in', sensorIds).execute();
          }
        }
        await trx.deleteFrom('devices').where('id', '=', row.id).execute();
      });
      await announceAccessChange(request.server, { kind: 'devices' });
      return reply.code(204).send(null);
    },
  );
}
