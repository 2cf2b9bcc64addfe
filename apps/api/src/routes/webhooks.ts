import {
  IdParams,
  WebhookChannel,
  WebhookChannelCreateBody,
  WebhookChannelCreated,
  WebhookChannelUpdateBody,
  WebhookDelivery,
} from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { currentUser, requireAuth } from '../auth/guards.js';
import { requireViewer, type Viewer } from '../auth/scope.js';
import type { WebhookChannelsTable } from '../db/tables/integrations.js';
import type { DB } from '../db/types.js';
import { answers, dataOf, noContent } from '../http/answers.js';
import { data, now } from '../http/envelope.js';
import { notFound, unprocessable } from '../http/errors.js';
import type { ZodApp, ZodTypeProvider } from '../http/zod.js';
import { queueDeliveries } from '../webhooks/deliveries.js';
import { webhookMessages as M } from '../webhooks/messages.js';
import { testEvent } from '../webhooks/payloads.js';
import { newWebhookSecret, sealSecret } from '../webhooks/secrets.js';

type ChannelRow = Selectable<WebhookChannelsTable>;

/** The most recent deliveries a log shows. */
const LOG_LIMIT = 200;

function channelJson(row: ChannelRow): WebhookChannel {
  return {
    id: row.id,
    team_id: row.team_id,
    name: row.name,
    url: row.url,
    format: row.format,
    created_by: row.created_by,
    paused_at: row.paused_at,
    pause_reason: row.pause_reason,
    last_delivery_at: row.last_delivery_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A team's channels are its members' (admins: all); another team's is a 404. */
function channelQuery(db: Kysely<DB>, viewer: Viewer) {
  const q = db.selectFrom('webhook_channels').selectAll('webhook_channels');
  return viewer.isAdmin ? q : q.where('team_id', 'in', viewer.teamIds.length > 0 ? viewer.teamIds : [0]);
}

async function findChannel(db: Kysely<DB>, viewer: Viewer, id: number): Promise<ChannelRow> {
  const row = await channelQuery(db, viewer).where('webhook_channels.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The delivery log: newest first, with each delivery's channel name. */
export async function deliveryLog(
  db: Kysely<DB>,
  where: { alertId: number } | { channelId: number },
): Promise<WebhookDelivery[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_channels', 'webhook_channels.id', 'webhook_deliveries.channel_id')
    .selectAll('webhook_deliveries')
    .select('webhook_channels.name as channel_name')
    .$call((q) =>
      'alertId' in where
        ? q.where('webhook_deliveries.alert_id', '=', where.alertId)
        : q.where('webhook_deliveries.channel_id', '=', where.channelId),
    )
    .orderBy('webhook_deliveries.id', 'desc')
    .limit(LOG_LIMIT)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    channel_id: r.channel_id,
    channel_name: r.channel_name,
    alert_id: r.alert_id,
    event: r.event,
    // An attempt under way shows as waiting: it is one until it has answered.
    status: r.status === 'sending' ? 'pending' : r.status,
    attempts: Number(r.attempts),
    status_code: r.status_code,
    latency_ms: r.latency_ms === null ? null : Number(r.latency_ms),
    error: r.error,
    next_attempt_at: r.next_attempt_at,
    delivered_at: r.delivered_at,
    created_at: r.created_at,
  }));
}

/**
 * Webhook channels (issue 24): a team's places alert notifications are posted to, each with a secret that
 * signs every delivery (shown once), a format, a "Skicka test" and a delivery log.
 */
export async function webhookRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerList(r);
  registerCreate(r);
  registerShow(r);
  registerUpdate(r);
  registerDelete(r);
  registerSecret(r);
  registerTest(r);
  registerLog(r);
}

function registerList(r: ZodApp) {
  r.get(
    '/api/v1/webhook',
    {
      onRequest: requireAuth,
      schema: { response: answers({ 200: dataOf(z.array(WebhookChannel)) }, [401]) },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      const rows = await channelQuery(r.db, viewer).orderBy('name').orderBy('id').execute();
      return data(rows.map(channelJson));
    },
  );
}

/** 422 `url` when the server may not post there (as far as can be told before a name lookup). */
function checkUrl(r: ZodApp, url: string): void {
  const problem = r.webhooks.rules.urlProblem(url);
  if (problem) throw unprocessable({ url: [problem] });
}

function registerCreate(r: ZodApp) {
  r.post(
    '/api/v1/webhook',
    {
      onRequest: requireAuth,
      schema: {
        body: WebhookChannelCreateBody,
        response: answers({ 201: dataOf(WebhookChannelCreated) }, [401, 419, 422]),
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const body = request.body;
      const teamId = body.team_id ?? viewer.teamIds[0];
      if (teamId === undefined || (!viewer.isAdmin && !viewer.teamIds.includes(teamId)))
        throw unprocessable({ team_id: [M.notYourTeam] });
      if (
        viewer.isAdmin &&
        !(await r.db.selectFrom('teams').select('id').where('id', '=', teamId).executeTakeFirst())
      )
        throw unprocessable({ team_id: [M.notYourTeam] });
      checkUrl(r, body.url);
      const secret = newWebhookSecret();
      const at = now();
      const row = await r.db
        .insertInto('webhook_channels')
        .values({
          team_id: teamId,
          created_by: currentUser(request).id,
          name: body.name,
          url: body.url,
          format: body.format,
          secret: sealSecret(r.config.appKey, secret),
          failures: 0,
          paused_at: null,
          pause_reason: null,
          last_delivery_at: null,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      reply.code(201);
      return data({ ...channelJson(row), secret });
    },
  );
}

function registerShow(r: ZodApp) {
  r.get(
    '/api/v1/webhook/:id',
    {
      onRequest: requireAuth,
      schema: { params: IdParams, response: answers({ 200: dataOf(WebhookChannel) }, [401, 404]) },
    },
    async (request) =>
      data(channelJson(await findChannel(r.db, await requireViewer(request), request.params.id))),
  );
}

function registerUpdate(r: ZodApp) {
  r.patch(
    '/api/v1/webhook/:id',
    {
      onRequest: requireAuth,
      schema: {
        params: IdParams,
        body: WebhookChannelUpdateBody,
        response: answers({ 200: dataOf(WebhookChannel) }, [401, 404, 419, 422]),
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      const channel = await findChannel(r.db, viewer, request.params.id);
      const { name, url, format, paused } = request.body;
      if (url !== undefined) checkUrl(r, url);
      const at = now();
      // Resuming starts the count of failures afresh; pausing by hand says who did it.
      const pause =
        paused === false
          ? { paused_at: null, pause_reason: null, failures: 0 }
          : paused === true && channel.paused_at === null
            ? { paused_at: at, pause_reason: M.pausedBy(currentUser(request).name) }
            : {};
      const row = await r.db
        .updateTable('webhook_channels')
        .set({
          ...(name !== undefined ? { name } : {}),
          ...(url !== undefined ? { url } : {}),
          ...(format !== undefined ? { format } : {}),
          ...pause,
          updated_at: at,
        })
        .where('id', '=', channel.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return data(channelJson(row));
    },
  );
}

function registerDelete(r: ZodApp) {
  r.delete(
    '/api/v1/webhook/:id',
    {
      onRequest: requireAuth,
      schema: { params: IdParams, response: answers({ 204: noContent }, [401, 404, 419]) },
    },
    async (request, reply) => {
      const channel = await findChannel(r.db, await requireViewer(request), request.params.id);
      await r.db.deleteFrom('webhook_channels').where('id', '=', channel.id).execute();
      r.alerts.invalidate();
      return reply.code(204).send(null);
    },
  );
}

function registerSecret(r: ZodApp) {
  r.post(
    '/api/v1/webhook/:id/secret',
    {
      onRequest: requireAuth,
      schema: {
        summary: 'A new signing secret (the old one stops at once); shown in this answer only',
        params: IdParams,
        response: answers({ 200: dataOf(WebhookChannelCreated) }, [401, 404, 419]),
      },
    },
    async (request) => {
      const channel = await findChannel(r.db, await requireViewer(request), request.params.id);
      const secret = newWebhookSecret();
      const row = await r.db
        .updateTable('webhook_channels')
        .set({ secret: sealSecret(r.config.appKey, secret), updated_at: now() })
        .where('id', '=', channel.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return data({ ...channelJson(row), secret });
    },
  );
}

function registerTest(r: ZodApp) {
  r.post(
    '/api/v1/webhook/:id/test',
    {
      onRequest: requireAuth,
      schema: {
        summary:
          '"Skicka test": one signed test delivery now (also to a paused channel), answered with its outcome',
        params: IdParams,
        response: answers({ 200: dataOf(WebhookDelivery) }, [401, 404, 419]),
      },
    },
    async (request) => {
      const channel = await findChannel(r.db, await requireViewer(request), request.params.id);
      const event = testEvent(channel.name, Date.now());
      await queueDeliveries(r.db, null, [channel.id], [event], { paused: true, held: true });
      const queued = await r.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('channel_id', '=', channel.id)
        .where('event_key', '=', event.key)
        .executeTakeFirstOrThrow();
      await r.webhooks.attempt(queued.id, true);
      const [delivery] = (await deliveryLog(r.db, { channelId: channel.id })).filter(
        (d) => d.id === queued.id,
      );
      return data(delivery!);
    },
  );
}

function registerLog(r: ZodApp) {
  r.get(
    '/api/v1/webhook/:id/deliveries',
    {
      onRequest: requireAuth,
      schema: { params: IdParams, response: answers({ 200: dataOf(z.array(WebhookDelivery)) }, [401, 404]) },
    },
    async (request) => {
      const channel = await findChannel(r.db, await requireViewer(request), request.params.id);
      return data(await deliveryLog(r.db, { channelId: channel.id }));
    },
  );
}
