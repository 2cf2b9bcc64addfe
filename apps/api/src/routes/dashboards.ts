import {
  ALLOWED_QUERY,
  Dashboard,
  DashboardCreateBody,
  DashboardUpdateBody,
  IdParams,
  type Panel,
  PanelOrderBody,
} from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { announceAccessChange } from '../auth/accessChanges.js';
import { requireAuth } from '../auth/guards.js';
import { type Owner, requireOwner } from '../auth/scope.js';
import { findUsers, userResource } from '../auth/users.js';
import { preparedQuery } from '../db/prepared.js';
import { readVersion } from '../db/readVersion.js';
import type { DashboardsTable } from '../db/tables/resources.js';
import type { DB } from '../db/types.js';
import { answers, dataOf, noContent } from '../http/answers.js';
import { bool, data, now } from '../http/envelope.js';
import { notFound, unprocessable } from '../http/errors.js';
import { parseListQuery, type SortField } from '../http/query.js';
import type { ZodApp, ZodTypeProvider } from '../http/zod.js';
import { resourceMessages as M } from './messages.js';
import { below, loadPanels } from './relations.js';

const ALLOWED = {
  ...ALLOWED_QUERY.dashboard,
  defaultSort: [{ field: 'title', direction: 'asc' }] as SortField[],
};

function dashboardJson(d: Selectable<DashboardsTable>): Dashboard {
  return {
    id: d.id,
    title: d.title,
    is_favorite: bool(d.is_favorite),
    user_id: d.user_id,
    created_at: d.created_at,
    updated_at: d.updated_at,
  };
}

/** Dashboards are private: readable and changeable by their owner, and by admins. */
export function dashboardQuery(db: Kysely<DB>, viewer: Owner) {
  const q = db.selectFrom('dashboards').selectAll('dashboards');
  return viewer.isAdmin ? q : q.where('dashboards.user_id', '=', viewer.id);
}

const dashboardById = preparedQuery((db, id: number) =>
  db.selectFrom('dashboards').selectAll('dashboards').where('dashboards.id', '=', id),
);
const ownDashboardById = preparedQuery((db, id: number, userId: number) =>
  db
    .selectFrom('dashboards')
    .selectAll('dashboards')
    .where('dashboards.user_id', '=', userId)
    .where('dashboards.id', '=', id),
);
const panelsOfDashboards = preparedQuery((db, ids: readonly number[]) =>
  db
    .selectFrom('panels')
    .selectAll()
    .where('dashboard_id', 'in', ids)
    .orderBy('dashboard_id')
    .orderBy('position')
    .orderBy('id'),
);

export async function findDashboard(db: Kysely<DB>, viewer: Owner, id: number) {
  const [row] = viewer.isAdmin ? await dashboardById(db, id) : await ownDashboardById(db, id, viewer.id);
  if (!row) throw notFound();
  return row;
}

/** Serialised dashboards with `user`, `panels` and the panels' nested includes. */
export async function loadDashboards(
  db: Kysely<DB>,
  rows: readonly Selectable<DashboardsTable>[],
  includes: ReadonlySet<string>,
): Promise<Dashboard[]> {
  const out = rows.map(dashboardJson);
  if (rows.length === 0 || includes.size === 0) return out;
  const ids = rows.map((r) => r.id);
  if (includes.has('user')) {
    const users = new Map(
      (await findUsers(db, [...new Set(rows.map((r) => r.user_id))])).map((u) => [u.id, u]),
    );
    rows.forEach((row, i) => {
      // A dashboard's owner always exists (foreign key).
      const user = users.get(row.user_id);
      if (user) out[i]!.user = userResource(user);
    });
  }
  if (includes.has('panels')) {
    const panelRows = await panelsOfDashboards(db, ids);
    const panels = await loadPanels(db, panelRows, below(includes, 'panels'));
    const byDashboard = new Map<number, Panel[]>(ids.map((id) => [id, []]));
    for (const [i, p] of panelRows.entries()) byDashboard.get(p.dashboard_id)!.push(panels[i]!);
    rows.forEach((row, i) => {
      out[i]!.panels = byDashboard.get(row.id) ?? [];
    });
  }
  return out;
}

async function showDashboard(db: Kysely<DB>, id: number, includes: ReadonlySet<string>) {
  const row = await db.selectFrom('dashboards').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return (await loadDashboards(db, [row], includes))[0];
}

const SHOWN_LIMIT = 1_000;

type Shown = Map<string, { version: number; userId: number; body: Buffer }>;

export async function dashboardRoutes(app: FastifyInstance) {
  // Serialised answers of GET /api/v1/dashboard/{id} by id and includes, valid while the read version
  // they were loaded at is current: every write to a table they are made of bumps it (triggers of
  // migration 0003, in the writer's transaction), so a read after any write loads afresh. The version is
  // read before loading, so an answer loaded while a write lands is stored under the older version.
  const shown: Shown = new Map();
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerDashboardList(r);
  registerDashboardShow(r, shown);
  registerDashboardCreate(r);
  registerDashboardUpdate(r);
  registerDashboardDelete(r);
  registerPanelOrder(r);
}

function registerDashboardList(r: ZodApp) {
  const db = r.db;
  r.get(
    '/api/v1/dashboard',
    {
      onRequest: requireAuth,
      schema: { response: answers({ 200: dataOf(z.array(Dashboard)) }, [400, 401]) },
    },
    async (request) => {
      const viewer = requireOwner(request);
      const query = parseListQuery(request.query, ALLOWED);
      let q = dashboardQuery(db, viewer);
      if (query.filter.title !== undefined)
        q = q.where('dashboards.title', 'like', `%${query.filter.title}%`);
      if (query.filter.is_favorite !== undefined) {
        q = q.where('dashboards.is_favorite', '=', ['1', 'true'].includes(query.filter.is_favorite) ? 1 : 0);
      }
      for (const s of query.sort) {
        q = q.orderBy(
          `dashboards.${s.field as 'title' | 'created_at' | 'updated_at' | 'is_favorite'}`,
          s.direction,
        );
      }
      const rows = await q.orderBy('dashboards.id').execute();
      return data(await loadDashboards(db, rows, query.include));
    },
  );
}

function registerDashboardShow(r: ZodApp, shown: Shown) {
  const db = r.db;
  r.get(
    '/api/v1/dashboard/:id',
    {
      onRequest: requireAuth,
      schema: { params: IdParams, response: answers({ 200: dataOf(Dashboard) }, [400, 401, 404]) },
    },
    async (request, reply) => {
      const viewer = requireOwner(request);
      const query = parseListQuery(request.query, { include: ALLOWED.include });
      const version = await readVersion(db);
      // The include string as sent (it parses to one set), else the set itself in a canonical order.
      const raw = (request.query as { include?: unknown }).include;
      const key = `${request.params.id}?${typeof raw === 'string' ? raw : [...query.include].sort().join(',')}`;
      const cached = shown.get(key);
      reply.type('application/json; charset=utf-8');
      if (cached && cached.version === version && (viewer.isAdmin || cached.userId === viewer.id)) {
        return cached.body;
      }
      const row = await findDashboard(db, viewer, request.params.id);
      // Kept as bytes: sending a cached answer then costs no UTF-8 encoding. Serialised by the route's
      // response schema (the contract's, like every answer).
      const body = Buffer.from(
        reply.serialize(data((await loadDashboards(db, [row], query.include))[0])) as string,
      );
      if (shown.size >= SHOWN_LIMIT) shown.delete(shown.keys().next().value as string);
      shown.set(key, { version, userId: row.user_id, body });
      return body;
    },
  );
}

function registerDashboardCreate(r: ZodApp) {
  const db = r.db;
  r.post(
    '/api/v1/dashboard',
    {
      onRequest: requireAuth,
      schema: { body: DashboardCreateBody, response: answers({ 201: dataOf(Dashboard) }, [401, 419, 422]) },
    },
    async (request, reply) => {
      const viewer = requireOwner(request);
      const at = now();
      const row = await db
        .insertInto('dashboards')
        .values({
          user_id: viewer.id,
          title: request.body.title,
          is_favorite: request.body.is_favorite ? 1 : 0,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      reply.code(201);
      return data(await showDashboard(db, row.id, new Set(['user', 'panels'])));
    },
  );
}

function registerDashboardUpdate(r: ZodApp) {
  const db = r.db;
  r.patch(
    '/api/v1/dashboard/:id',
    {
      onRequest: requireAuth,
      schema: {
        params: IdParams,
        body: DashboardUpdateBody,
        response: answers({ 200: dataOf(Dashboard) }, [401, 404, 419, 422]),
      },
    },
    async (request) => {
      const viewer = requireOwner(request);
      const row = await findDashboard(db, viewer, request.params.id);
      const body = request.body;
      await db
        .updateTable('dashboards')
        .set({
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.is_favorite !== undefined ? { is_favorite: body.is_favorite ? 1 : 0 } : {}),
          updated_at: now(),
        })
        .where('id', '=', row.id)
        .execute();
      return data(await showDashboard(db, row.id, new Set(['user', 'panels'])));
    },
  );
}

function registerDashboardDelete(r: ZodApp) {
  const db = r.db;
  r.delete(
    '/api/v1/dashboard/:id',
    {
      onRequest: requireAuth,
      schema: { params: IdParams, response: answers({ 204: noContent }, [401, 404, 419]) },
    },
    async (request, reply) => {
      const viewer = requireOwner(request);
      const row = await findDashboard(db, viewer, request.params.id);
      await db.deleteFrom('dashboards').where('id', '=', row.id).execute();
      await announceAccessChange(request.server, { kind: 'devices' });
      return reply.code(204).send(null);
    },
  );
}

function registerPanelOrder(r: ZodApp) {
  const db = r.db;
  r.patch(
    '/api/v1/dashboard/:id/panel',
    {
      onRequest: requireAuth,
      schema: {
        params: IdParams,
        body: PanelOrderBody,
        response: answers({ 200: dataOf(Dashboard) }, [401, 404, 419, 422]),
      },
    },
    async (request) => {
      const viewer = requireOwner(request);
      const row = await findDashboard(db, viewer, request.params.id);
      const order = request.body.panels;
      const current = await db.selectFrom('panels').select('id').where('dashboard_id', '=', row.id).execute();
      const currentIds = new Set(current.map((p) => p.id));
      if (order.length !== currentIds.size || order.some((id) => !currentIds.has(id))) {
        throw unprocessable({ panels: [M.panelOrder] });
      }
      await db.transaction().execute(async (trx) => {
        for (const [position, id] of order.entries()) {
          await trx.updateTable('panels').set({ position }).where('id', '=', id).execute();
        }
        await trx.updateTable('dashboards').set({ updated_at: now() }).where('id', '=', row.id).execute();
      });
      return data(await showDashboard(db, row.id, new Set(['panels'])));
    },
  );
}
