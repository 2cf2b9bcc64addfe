import {
  AlertAcknowledgeBody,
  AlertHistoryEntry,
  AlertMuteBody,
  Alert as AlertSchema,
  type AlertSensorState,
  AlertStatus,
  IdParams,
} from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { worst } from '../alerts/model.js';
import { requireAuth } from '../auth/guards.js';
import { requireViewer } from '../auth/scope.js';
import type { AlertStatesTable, AlertsTable } from '../db/tables/resources.js';
import type { DB } from '../db/types.js';
import { answers, dataOf } from '../http/answers.js';
import { data, now } from '../http/envelope.js';
import { unprocessable } from '../http/errors.js';
import type { ZodApp, ZodTypeProvider } from '../http/zod.js';
import { findAlert, showAlert } from './alerts.js';
import { resourceMessages as M } from './messages.js';

function sensorStateJson(s: Selectable<AlertStatesTable>): AlertSensorState {
  return {
    alert_id: s.alert_id,
    sensor_id: s.sensor_id,
    kind: s.kind,
    state: s.state,
    since: s.since,
    value: s.value === null ? null : Number(s.value),
    episode: s.episode,
    acknowledged_by: s.acknowledged_by,
    acknowledged_at: s.acknowledged_at,
    comment: s.comment,
  };
}

async function statusOf(db: Kysely<DB>, alert: Selectable<AlertsTable>) {
  const rows = await db
    .selectFrom('alert_states')
    .selectAll()
    .where('alert_id', '=', alert.id)
    .orderBy('sensor_id')
    .orderBy('kind')
    .execute();
  return {
    alert_id: alert.id,
    state: worst(rows.map((r) => r.state)),
    muted_until: alert.muted_until,
    sensors: rows.map(sensorStateJson),
  };
}

/** Acknowledge, mute, the state per watched sensor and the history of an alert (issue 11). */
export async function alertStateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerState(r);
  registerHistory(r);
  registerAcknowledge(r);
  registerMute(r);
}

function registerState(r: ZodApp) {
  r.get(
    '/api/v1/alert/:id/state',
    {
      onRequest: requireAuth,
      schema: { params: IdParams, response: answers({ 200: dataOf(AlertStatus) }, [401, 404]) },
    },
    async (request) => {
      const alert = await findAlert(r.db, await requireViewer(request), request.params.id);
      return data(await statusOf(r.db, alert));
    },
  );
}

function registerHistory(r: ZodApp) {
  r.get(
    '/api/v1/alert/:id/history',
    {
      onRequest: requireAuth,
      schema: {
        params: IdParams,
        response: answers({ 200: dataOf(z.array(AlertHistoryEntry)) }, [401, 404]),
      },
    },
    async (request) => {
      const alert = await findAlert(r.db, await requireViewer(request), request.params.id);
      const rows = await r.db
        .selectFrom('alert_history')
        .selectAll()
        .where('alert_id', '=', alert.id)
        // In the order they were recorded (a late reading may carry an earlier time than an acknowledgement).
        .orderBy('id', 'desc')
        .limit(500)
        .execute();
      return data(
        rows.map(({ seq: _seq, value, ...row }) => ({
          ...row,
          value: value === null ? null : Number(value),
        })),
      );
    },
  );
}

function registerAcknowledge(r: ZodApp) {
  r.post(
    '/api/v1/alert/:id/acknowledge',
    {
      onRequest: requireAuth,
      schema: {
        params: IdParams,
        body: AlertAcknowledgeBody,
        response: answers({ 200: dataOf(AlertStatus) }, [401, 404, 419, 422]),
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      const alert = await findAlert(r.db, viewer, request.params.id);
      const { comment, sensor_id } = request.body;
      const count = await r.alerts.acknowledge(alert.id, viewer.id, comment ?? null, sensor_id);
      if (count === 0)
        throw unprocessable(
          sensor_id === undefined ? { state: [M.notFiring] } : { sensor_id: [M.sensorNotFiring] },
        );
      return data(await statusOf(r.db, alert));
    },
  );
}

function registerMute(r: ZodApp) {
  r.post(
    '/api/v1/alert/:id/mute',
    {
      onRequest: requireAuth,
      schema: {
        params: IdParams,
        body: AlertMuteBody,
        response: answers({ 200: dataOf(AlertSchema) }, [401, 404, 419, 422]),
      },
    },
    async (request) => {
      const alert = await findAlert(r.db, await requireViewer(request), request.params.id);
      const minutes = request.body.minutes;
      const until = minutes === 0 ? null : new Date(Date.now() + minutes * 60_000).toISOString();
      await r.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('alerts')
          .set({ muted_until: until, updated_at: now() })
          .where('id', '=', alert.id)
          .execute();
        await r.alerts.announceChange(trx, alert.id);
      });
      r.alerts.invalidate();
      return data(await showAlert(r.db, alert.id));
    },
  );
}
