import {
  ALLOWED_QUERY,
  Alert,
  type AlertCondition,
  type AlertConditionBody,
  AlertCreateBody,
  AlertUpdateBody,
  IdParams,
  WebhookDelivery,
} from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { worst } from '../alerts/model.js';
import { watchedSensorIds } from '../alerts/watches.js';
import { requireAuth } from '../auth/guards.js';
import { requireViewer, type Viewer, visibleDeviceIds } from '../auth/scope.js';
import type { AlertConditionsTable, AlertStateName, AlertsTable } from '../db/tables/resources.js';
import type { DB } from '../db/types.js';
import { answers, dataOf, noContent } from '../http/answers.js';
import { bool, data, now } from '../http/envelope.js';
import { notFound, unprocessable } from '../http/errors.js';
import { filterId, parseListQuery, type SortField } from '../http/query.js';
import type { ZodApp, ZodTypeProvider } from '../http/zod.js';
import { webhookMessages } from '../webhooks/messages.js';
import { resourceMessages as M } from './messages.js';
import { loadDevices } from './relations.js';
import { deliveryLog } from './webhooks.js';

const ALLOWED = { ...ALLOWED_QUERY.alert, defaultSort: [{ field: 'name', direction: 'asc' }] as SortField[] };
const FULL = new Set(['conditions', 'conditionsCount', 'device']);

function alertJson(a: Selectable<AlertsTable>): Alert {
  return {
    id: a.id,
    name: a.name,
    device_id: a.device_id,
    is_enabled: bool(a.is_enabled),
    last_triggered_at: a.last_triggered_at,
    no_data_minutes: a.no_data_minutes,
    renotify_minutes: a.renotify_minutes,
    muted_until: a.muted_until,
    notify_email: a.notify_email !== 0,
    created_at: a.created_at,
    updated_at: a.updated_at,
  };
}

function conditionJson(c: Selectable<AlertConditionsTable>): AlertCondition {
  return {
    id: c.id,
    alert_id: c.alert_id,
    sensor_id: c.sensor_id,
    device_id: c.device_id,
    sensor_key: c.sensor_key,
    operator: c.operator,
    threshold: c.threshold,
    duration_s: c.duration_s,
    clear_threshold: c.clear_threshold === null ? null : Number(c.clear_threshold),
  };
}

function conditionRow(alertId: number, c: AlertConditionBody) {
  return {
    alert_id: alertId,
    sensor_id: c.sensor_id ?? null,
    device_id: c.device_id ?? null,
    sensor_key: c.sensor_key ?? null,
    operator: c.operator,
    threshold: c.threshold,
    duration_s: c.duration_s,
    clear_threshold: c.clear_threshold ?? null,
  };
}

/** Alerts belong to a team: every member reads and changes them; admins reach all. */
export function alertQuery(db: Kysely<DB>, viewer: Viewer) {
  const q = db.selectFrom('alerts').selectAll('alerts');
  return viewer.isAdmin
    ? q
    : q.where('alerts.team_id', 'in', viewer.teamIds.length > 0 ? viewer.teamIds : [0]);
}

/** The overall state of each alert: the worst over its watched sensors (no row: ok). */
export async function alertStates(db: Kysely<DB>, alertIds: readonly number[]) {
  const rows = await db
    .selectFrom('alert_states')
    .select(['alert_id', 'state'])
    .where('alert_id', 'in', alertIds)
    .where('state', '!=', 'ok')
    .execute();
  const byAlert = new Map<number, AlertStateName[]>();
  for (const r of rows) byAlert.set(r.alert_id, [...(byAlert.get(r.alert_id) ?? []), r.state]);
  return new Map([...byAlert].map(([id, states]) => [id, worst(states)]));
}

export async function findAlert(db: Kysely<DB>, viewer: Viewer, id: number) {
  const row = await alertQuery(db, viewer).where('alerts.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

async function loadAlerts(
  db: Kysely<DB>,
  rows: readonly Selectable<AlertsTable>[],
  includes: ReadonlySet<string>,
) {
  const out = rows.map(alertJson);
  if (rows.length === 0) return out;
  const ids = rows.map((r) => r.id);
  const states = await alertStates(db, ids);
  const webhooks = await db
    .selectFrom('alert_webhooks')
    .select(['alert_id', 'channel_id'])
    .where('alert_id', 'in', ids)
    .orderBy('channel_id')
    .execute();
  rows.forEach((row, i) => {
    out[i]!.state = states.get(row.id) ?? 'ok';
    out[i]!.webhook_ids = webhooks.filter((w) => w.alert_id === row.id).map((w) => w.channel_id);
  });
  if (includes.size === 0) return out;
  if (includes.has('conditions')) {
    const conditions = await db
      .selectFrom('alert_conditions')
      .selectAll()
      .where('alert_id', 'in', ids)
      .orderBy('id')
      .execute();
    rows.forEach((row, i) => {
      out[i]!.conditions = conditions.filter((c) => c.alert_id === row.id).map(conditionJson);
    });
  }
  if (includes.has('conditionsCount')) {
    const counts = await db
      .selectFrom('alert_conditions')
      .select(['alert_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('alert_id', 'in', ids)
      .groupBy('alert_id')
      .execute();
    const byAlert = new Map(counts.map((c) => [c.alert_id, Number(c.n)]));
    rows.forEach((row, i) => {
      out[i]!.conditions_count = byAlert.get(row.id) ?? 0;
    });
  }
  if (includes.has('device')) {
    const deviceIds = [...new Set(rows.map((r) => r.device_id).filter((id): id is number => id !== null))];
    const deviceRows = deviceIds.length
      ? await db.selectFrom('devices').selectAll().where('id', 'in', deviceIds).execute()
      : [];
    const devices = await loadDevices(db, deviceRows, new Set());
    rows.forEach((row, i) => {
      out[i]!.device = row.device_id === null ? null : (devices.get(row.device_id) ?? null);
    });
  }
  return out;
}

type ConditionTarget = Pick<AlertConditionBody, 'sensor_id' | 'device_id'>;

/**
 * The alert's device and the conditions' targets (a sensor, or a device whose sensors of a kind are
 * watched) must be ones the viewer may see (form errors otherwise).
 */
async function checkReferences(
  db: Kysely<DB>,
  viewer: Viewer,
  deviceId: number | null | undefined,
  conditions: readonly ConditionTarget[] | undefined,
) {
  const targets = conditions ?? [];
  const sensorIds = [...new Set(targets.flatMap((c) => (c.sensor_id === undefined ? [] : [c.sensor_id])))];
  const sensors = sensorIds.length
    ? await db.selectFrom('sensors').select(['id', 'device_id']).where('id', 'in', sensorIds).execute()
    : [];
  const sensorDevice = new Map(sensors.map((s) => [s.id, s.device_id]));
  const deviceIds = targets.flatMap((c) => (c.device_id === undefined ? [] : [c.device_id]));
  if (deviceId !== undefined && deviceId !== null) deviceIds.push(deviceId);
  const visible = await visibleDeviceIds(db, viewer, [...deviceIds, ...sensorDevice.values()]);
  const errors: Record<string, string[]> = {};
  if (deviceId !== undefined && deviceId !== null && !visible.has(deviceId))
    errors.device_id = [M.unknownDevice];
  targets.forEach((c, i) => {
    if (c.sensor_id !== undefined && !visible.has(sensorDevice.get(c.sensor_id) ?? 0))
      errors[`conditions.${i}.sensor_id`] = [M.unknownSensor];
    if (c.device_id !== undefined && !visible.has(c.device_id))
      errors[`conditions.${i}.device_id`] = [M.unknownDevice];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

export async function showAlert(db: Kysely<DB>, id: number) {
  const row = await db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return (await loadAlerts(db, [row], FULL))[0];
}

/** The webhook channels an alert posts to must be channels of its team (422 `webhook_ids` otherwise). */
async function checkWebhooks(db: Kysely<DB>, teamId: number, ids: readonly number[] | undefined) {
  if (!ids || ids.length === 0) return;
  const found = await db
    .selectFrom('webhook_channels')
    .select('id')
    .where('id', 'in', ids)
    .where('team_id', '=', teamId)
    .execute();
  if (found.length !== ids.length) throw unprocessable({ webhook_ids: [webhookMessages.unknownChannel] });
}

/** Replaces the alert's webhook channels by `ids` (inside the caller's transaction). */
async function setWebhooks(trx: Kysely<DB>, alertId: number, ids: readonly number[] | undefined) {
  if (ids === undefined) return;
  await trx.deleteFrom('alert_webhooks').where('alert_id', '=', alertId).execute();
  if (ids.length > 0)
    await trx
      .insertInto('alert_webhooks')
      .values(ids.map((channel_id) => ({ alert_id: alertId, channel_id })))
      .execute();
}

/** The alert belongs to the creator's team; an admin of no team files it under the device's team. */
async function alertTeam(db: Kysely<DB>, viewer: Viewer, deviceId: number | null | undefined) {
  let teamId = viewer.teamIds[0];
  if (teamId === undefined && deviceId) {
    const team = await db
      .selectFrom('device_team')
      .select('team_id')
      .where('device_id', '=', deviceId)
      .orderBy('team_id')
      .executeTakeFirst();
    teamId = team?.team_id;
  }
  if (teamId === undefined) throw unprocessable({ device_id: [M.noTeam] });
  return teamId;
}

export async function alertRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerAlertList(r);
  registerAlertShow(r);
  registerAlertCreate(r);
  registerAlertUpdate(r);
  registerAlertDelete(r);
  registerAlertDeliveries(r);
}

function registerAlertList(r: ZodApp) {
  const db = r.db;
  r.get(
    '/api/v1/alert',
    { onRequest: requireAuth, schema: { response: answers({ 200: dataOf(z.array(Alert)) }, [400, 401]) } },
    async (request) => {
      const viewer = await requireViewer(request);
      const query = parseListQuery(request.query, ALLOWED);
      let q = alertQuery(db, viewer);
      const f = query.filter;
      if (f.name !== undefined) q = q.where('alerts.name', 'like', `%${f.name}%`);
      const deviceId = filterId(f, 'device_id');
      if (deviceId !== undefined) q = q.where('alerts.device_id', '=', deviceId);
      if (f.is_enabled !== undefined)
        q = q.where('alerts.is_enabled', '=', ['1', 'true'].includes(f.is_enabled) ? 1 : 0);
      for (const s of query.sort) {
        q = q.orderBy(`alerts.${s.field as 'name' | 'created_at' | 'last_triggered_at'}`, s.direction);
      }
      const rows = await q.orderBy('alerts.id').execute();
      return data(await loadAlerts(db, rows, query.include));
    },
  );
}

function registerAlertShow(r: ZodApp) {
  const db = r.db;
  r.get(
    '/api/v1/alert/:id',
    {
      onRequest: requireAuth,
      schema: { params: IdParams, response: answers({ 200: dataOf(Alert) }, [401, 404]) },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      const query = parseListQuery(request.query, { include: ALLOWED.include });
      const row = await findAlert(db, viewer, request.params.id);
      const include = query.include.size > 0 ? query.include : new Set(['conditions']);
      return data((await loadAlerts(db, [row], include))[0]);
    },
  );
}

function registerAlertCreate(r: ZodApp) {
  const db = r.db;
  r.post(
    '/api/v1/alert',
    {
      onRequest: requireAuth,
      schema: { body: AlertCreateBody, response: answers({ 201: dataOf(Alert) }, [401, 419, 422]) },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const body = request.body;
      await checkReferences(db, viewer, body.device_id, body.conditions);
      const teamId = await alertTeam(db, viewer, body.device_id);
      await checkWebhooks(db, teamId, body.webhook_ids);
      const at = now();
      const id = await db.transaction().execute(async (trx) => {
        const alert = await trx
          .insertInto('alerts')
          .values({
            team_id: teamId,
            user_id: viewer.id,
            name: body.name,
            device_id: body.device_id ?? null,
            is_enabled: body.is_enabled ? 1 : 0,
            no_data_minutes: body.no_data_minutes ?? null,
            renotify_minutes: body.renotify_minutes ?? null,
            notify_email: body.notify_email ? 1 : 0,
            last_triggered_at: null,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('alert_conditions')
          .values(body.conditions.map((c) => conditionRow(alert.id, c)))
          .execute();
        await setWebhooks(trx, alert.id, body.webhook_ids);
        await r.alerts.announceChange(trx, alert.id);
        return alert.id;
      });
      r.alerts.invalidate();
      reply.code(201);
      return data(await showAlert(db, id));
    },
  );
}

function registerAlertUpdate(r: ZodApp) {
  const db = r.db;
  r.patch(
    '/api/v1/alert/:id',
    {
      onRequest: requireAuth,
      schema: {
        params: IdParams,
        body: AlertUpdateBody,
        response: answers({ 200: dataOf(Alert) }, [401, 404, 419, 422]),
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      const row = await findAlert(db, viewer, request.params.id);
      const body = request.body;
      await checkReferences(db, viewer, body.device_id, body.conditions);
      await checkWebhooks(db, row.team_id, body.webhook_ids);
      await db.transaction().execute(async (trx) => {
        await setWebhooks(trx, row.id, body.webhook_ids);
        await trx
          .updateTable('alerts')
          .set({
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.device_id !== undefined ? { device_id: body.device_id } : {}),
            ...(body.is_enabled !== undefined ? { is_enabled: body.is_enabled ? 1 : 0 } : {}),
            ...(body.no_data_minutes !== undefined ? { no_data_minutes: body.no_data_minutes } : {}),
            ...(body.renotify_minutes !== undefined ? { renotify_minutes: body.renotify_minutes } : {}),
            ...(body.notify_email !== undefined ? { notify_email: body.notify_email ? 1 : 0 } : {}),
            updated_at: now(),
          })
          .where('id', '=', row.id)
          .execute();
        if (body.conditions) {
          await trx.deleteFrom('alert_conditions').where('alert_id', '=', row.id).execute();
          await trx
            .insertInto('alert_conditions')
            .values(body.conditions.map((c) => conditionRow(row.id, c)))
            .execute();
          // Sensors no longer watched leave the alert's state.
          const watched = await watchedSensorIds(trx, row.id);
          await trx
            .deleteFrom('alert_states')
            .where('alert_id', '=', row.id)
            .where('sensor_id', 'not in', watched.length > 0 ? watched : [0])
            .execute();
        }
        if (body.no_data_minutes === null)
          await trx
            .deleteFrom('alert_states')
            .where('alert_id', '=', row.id)
            .where('kind', '=', 'no_data')
            .execute();
        await r.alerts.announceChange(trx, row.id);
      });
      r.alerts.invalidate();
      return data(await showAlert(db, row.id));
    },
  );
}

function registerAlertDelete(r: ZodApp) {
  const db = r.db;
  r.delete(
    '/api/v1/alert/:id',
    {
      onRequest: requireAuth,
      schema: { params: IdParams, response: answers({ 204: noContent }, [401, 404, 419]) },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const row = await findAlert(db, viewer, request.params.id);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('alerts').where('id', '=', row.id).execute();
        await r.alerts.announceChange(trx, row.id);
      });
      r.alerts.invalidate();
      return reply.code(204).send(null);
    },
  );
}

function registerAlertDeliveries(r: ZodApp) {
  const db = r.db;
  r.get(
    '/api/v1/alert/:id/deliveries',
    {
      onRequest: requireAuth,
      schema: {
        summary: "The alert's webhook delivery log, newest first (200 at most)",
        params: IdParams,
        response: answers({ 200: dataOf(z.array(WebhookDelivery)) }, [401, 404]),
      },
    },
    async (request) => {
      const row = await findAlert(db, await requireViewer(request), request.params.id);
      return data(await deliveryLog(db, { alertId: row.id }));
    },
  );
}
