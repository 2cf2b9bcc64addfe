import {
  ALLOWED_QUERY,
  IdParams,
  Panel,
  PanelCreateBody,
  PanelUpdateBody,
  type ThresholdStepBody,
} from '@matnat/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { announceAccessChange } from '../auth/accessChanges.js';
import { embedAllows } from '../auth/embedAuth.js';
import { requireAuth, requireUserOrEmbed } from '../auth/guards.js';
import { type Owner, requireOwner, requireViewer, type Viewer, visibleDeviceIds } from '../auth/scope.js';
import type { PanelsTable } from '../db/tables/resources.js';
import type { DB } from '../db/types.js';
import { answers, dataOf, noContent } from '../http/answers.js';
import { data, now } from '../http/envelope.js';
import { notFound, unprocessable } from '../http/errors.js';
import { positionsFor } from '../http/positions.js';
import { parseListQuery } from '../http/query.js';
import { EMBED_CACHE_CONTROL, warmHits } from '../http/sharedAnswers.js';
import type { ZodApp, ZodTypeProvider } from '../http/zod.js';
import { findDashboard } from './dashboards.js';
import { resourceMessages as M } from './messages.js';
import { loadPanels } from './relations.js';

const FULL = new Set(ALLOWED_QUERY.panel.include);

/** A panel of a dashboard the viewer may reach (404 otherwise, so other teams learn nothing). */
async function findPanel(db: Kysely<DB>, viewer: Owner, id: number) {
  let q = db
    .selectFrom('panels')
    .innerJoin('dashboards', 'dashboards.id', 'panels.dashboard_id')
    .selectAll('panels')
    .where('panels.id', '=', id);
  if (!viewer.isAdmin) q = q.where('dashboards.user_id', '=', viewer.id);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * Checks that every (device, sensor) pair names a device the viewer may see and a sensor of that device;
 * failures are form errors under `field` (e.g. `line_chart_items.1.sensor_id`).
 */
async function checkItems(
  db: Kysely<DB>,
  viewer: Viewer,
  items: readonly { device_id: number; sensor_id: number }[],
  field: (index: number, key: 'device_id' | 'sensor_id') => string,
) {
  const visible = await visibleDeviceIds(
    db,
    viewer,
    items.map((i) => i.device_id),
  );
  const sensorIds = [...new Set(items.map((i) => i.sensor_id))];
  const sensors = sensorIds.length
    ? await db.selectFrom('sensors').select(['id', 'device_id']).where('id', 'in', sensorIds).execute()
    : [];
  const deviceOf = new Map(sensors.map((s) => [s.id, s.device_id]));
  const errors: Record<string, string[]> = {};
  items.forEach((item, index) => {
    if (!visible.has(item.device_id)) errors[field(index, 'device_id')] = [M.unknownDevice];
    else if (deviceOf.get(item.sensor_id) !== item.device_id)
      errors[field(index, 'sensor_id')] = [M.sensorNotOnDevice];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

async function showPanel(db: Kysely<DB>, id: number) {
  const row = await db.selectFrom('panels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return (await loadPanels(db, [row], FULL))[0];
}

type LineChartItems = readonly { device_id: number; sensor_id: number; color?: string | null }[];

/** The column value of a panel's threshold steps: their JSON, or null for none (issue 21). */
const thresholdsColumn = (steps: readonly ThresholdStepBody[] | undefined) =>
  steps && steps.length > 0 ? JSON.stringify(steps) : null;

async function insertLineChartItems(trx: Transaction<DB>, panelId: number, items: LineChartItems) {
  await trx
    .insertInto('line_chart_items')
    .values(
      items.map((item, position) => ({
        panel_id: panelId,
        device_id: item.device_id,
        sensor_id: item.sensor_id,
        color: item.color ?? null,
        position,
      })),
    )
    .execute();
}

export async function panelRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerPanelShow(r);
  registerPanelCreate(r);
  registerPanelUpdate(r);
  registerPanelDelete(r);
}

/** A panel read with an embed token: one answer a token and URL (panel and query) per window. */
const panelKey = (request: FastifyRequest) =>
  request.embedScope ? `panel|token:${request.embedScope.tokenId}|${request.url}` : null;

// Embed tokens naming the panel may read it too: partner pages render panels with them.
function registerPanelShow(r: ZodApp) {
  const db = r.db;
  r.get(
    '/api/v1/panel/:id',
    {
      onRequest: [requireUserOrEmbed, warmHits(panelKey, EMBED_CACHE_CONTROL)],
      schema: { params: IdParams, response: answers({ 200: dataOf(Panel) }, [401, 404]) },
    },
    async (request, reply) => {
      const query = parseListQuery(request.query, { include: ALLOWED_QUERY.panel.include });
      const embed = request.embedScope;
      if (!embed) {
        const row = await findPanel(db, requireOwner(request), request.params.id);
        return data((await loadPanels(db, [row], query.include))[0]);
      }
      return r.sharedAnswers.send(request, reply, panelKey(request)!, EMBED_CACHE_CONTROL, async () => {
        if (!(await embedAllows(request, { kind: 'panel', id: request.params.id }))) throw notFound();
        const row = await db
          .selectFrom('panels')
          .selectAll()
          .where('id', '=', request.params.id)
          .executeTakeFirst();
        if (!row) throw notFound();
        // Shaped by the route's response schema, as every answer (http/serialize.ts); positions as the
        // caller may see them (issue 26).
        const panel = positionsFor(request, (await loadPanels(db, [row], query.include))[0]);
        return reply.serialize(data(panel)) as string;
      });
    },
  );
}

function registerPanelCreate(r: ZodApp) {
  const db = r.db;
  r.post(
    '/api/v1/panel',
    {
      onRequest: requireAuth,
      schema: { body: PanelCreateBody, response: answers({ 201: dataOf(Panel) }, [401, 419, 422]) },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const body = request.body;
      const dashboard = await findDashboard(db, viewer, body.dashboard_id).catch(() => {
        throw unprocessable({ dashboard_id: [M.unknownDashboard] });
      });
      const items = body.type === 'line_chart' ? body.line_chart_items : [body];
      await checkItems(db, viewer, items, (i, key) =>
        body.type === 'line_chart' ? `line_chart_items.${i}.${key}` : key,
      );
      const id = await db.transaction().execute(async (trx) => {
        const panelId = await insertPanel(trx, dashboard.id, body, items[0]!);
        if (body.type === 'line_chart') await insertLineChartItems(trx, panelId, body.line_chart_items);
        else {
          await trx
            .insertInto('single_value_items')
            .values({ panel_id: panelId, device_id: body.device_id, sensor_id: body.sensor_id })
            .execute();
        }
        return panelId;
      });
      reply.code(201);
      return data(await showPanel(db, id));
    },
  );
}

/** Inserts the panel row last on its dashboard. */
async function insertPanel(
  trx: Transaction<DB>,
  dashboardId: number,
  { type, title, thresholds, width, height }: PanelCreateBody,
  first: { device_id: number; sensor_id: number },
) {
  const at = now();
  const last = await trx
    .selectFrom('panels')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('dashboard_id', '=', dashboardId)
    .executeTakeFirst();
  const panel = await trx
    .insertInto('panels')
    .values({
      dashboard_id: dashboardId,
      type,
      title: title ?? null,
      position: last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1,
      device_id: first.device_id,
      sensor_id: first.sensor_id,
      thresholds: thresholdsColumn(thresholds),
      ...(width !== undefined ? { width } : {}),
      ...(height !== undefined ? { height } : {}),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return panel.id;
}

function registerPanelUpdate(r: ZodApp) {
  const db = r.db;
  r.patch(
    '/api/v1/panel/:id',
    {
      onRequest: requireAuth,
      schema: {
        params: IdParams,
        body: PanelUpdateBody,
        response: answers({ 200: dataOf(Panel) }, [401, 404, 419, 422]),
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      const row = await findPanel(db, viewer, request.params.id);
      const body = request.body;
      await checkUpdate(db, viewer, row, body);
      await db.transaction().execute((trx) => writeUpdate(trx, row, body));
      // A panel's sensors are what an embed token naming it may read.
      await announceAccessChange(request.server, { kind: 'devices' });
      return data(await showPanel(db, row.id));
    },
  );
}

async function checkUpdate(
  db: Kysely<DB>,
  viewer: Viewer,
  row: Selectable<PanelsTable>,
  body: PanelUpdateBody,
) {
  if (body.line_chart_items && row.type !== 'line_chart') {
    throw unprocessable({ line_chart_items: [M.wrongPanelType] });
  }
  if (body.line_chart_items) {
    await checkItems(db, viewer, body.line_chart_items, (i, key) => `line_chart_items.${i}.${key}`);
  }
  if (body.device_id !== undefined && body.sensor_id !== undefined) {
    await checkItems(db, viewer, [{ device_id: body.device_id, sensor_id: body.sensor_id }], (_, key) => key);
  }
}

async function writeUpdate(trx: Transaction<DB>, row: Selectable<PanelsTable>, body: PanelUpdateBody) {
  const first = body.line_chart_items?.[0] ?? (body.device_id !== undefined ? body : undefined);
  await trx
    .updateTable('panels')
    .set({
      ...(body.title !== undefined ? { title: body.title ?? null } : {}),
      ...(body.position !== undefined ? { position: body.position } : {}),
      ...(body.thresholds !== undefined ? { thresholds: thresholdsColumn(body.thresholds) } : {}),
      ...(body.width !== undefined ? { width: body.width } : {}),
      ...(body.height !== undefined ? { height: body.height } : {}),
      ...(first ? { device_id: first.device_id, sensor_id: first.sensor_id } : {}),
      updated_at: now(),
    })
    .where('id', '=', row.id)
    .execute();
  if (body.line_chart_items) {
    await trx.deleteFrom('line_chart_items').where('panel_id', '=', row.id).execute();
    await insertLineChartItems(trx, row.id, body.line_chart_items);
  }
  if (row.type === 'single_value' && body.device_id !== undefined && body.sensor_id !== undefined) {
    await trx
      .updateTable('single_value_items')
      .set({ device_id: body.device_id, sensor_id: body.sensor_id })
      .where('panel_id', '=', row.id)
      .execute();
  }
}

function registerPanelDelete(r: ZodApp) {
  const db = r.db;
  r.delete(
    '/api/v1/panel/:id',
    {
      onRequest: requireAuth,
      schema: { params: IdParams, response: answers({ 204: noContent }, [401, 404, 419]) },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const row = await findPanel(db, viewer, request.params.id);
      await db.deleteFrom('panels').where('id', '=', row.id).execute();
      await announceAccessChange(request.server, { kind: 'devices' });
      return reply.code(204).send(null);
    },
  );
}
