import type { FastifyInstance } from 'fastify';
import { sendOrLog } from '../mail/mailer.js';
import {
  ALERT_CHANGES_CHANNEL,
  ALERTS_CHANNEL,
  AlertBus,
  type AlertMessage,
  notifyAlertChange,
  notifyAlerts,
  parseAlertMessage,
} from './bus.js';
import { AlertEvaluator } from './evaluator.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Evaluates the alerts on every reading this process stores, and on its timer. */
    alerts: AlertEvaluator;
    /** Alert state changes and new notifications of every process (PostgreSQL) or this one (SQLite). */
    alertBus: AlertBus;
  }
}

/**
 * The alert evaluator of this process: fed by the ingestion queue's commits (HTTP, webhooks, MQTT, the
 * simulator), swept every `ALERT_SWEEP_MS`; its messages reach the SSE streams through `app.alertBus`
 * (NOTIFY on PostgreSQL, so the streams of every process hear them). Registered after the ingestion.
 */
export function registerAlerts(app: FastifyInstance): void {
  const postgres = app.pgChannels !== null;
  const alertBus = new AlertBus();
  app.decorate('alertBus', alertBus);
  const { metrics } = app;
  // Firings are counted once committed, by the process whose evaluation fired them.
  const countFirings = (messages: readonly AlertMessage[]) => {
    for (const { event } of messages)
      if (event.type === 'alert' && event.state === 'firing') metrics.alertFirings.inc();
  };
  const evaluator = new AlertEvaluator({
    db: app.db,
    ...(postgres
      ? { announceInTransaction: notifyAlerts, announceChange: notifyAlertChange, announce: countFirings }
      : {
          announce: (messages) => {
            alertBus.publish(messages);
            countFirings(messages);
          },
        }),
    onEvaluate: (trigger) => metrics.alertEvaluations.inc({ trigger }),
    mail: (message) => app.background.run('alert mail', () => sendOrLog(app.mailer, app.log, message)),
    onError: (err) => app.log.warn({ err }, 'alert evaluation failed'),
    webhooksQueued: () => app.webhooks.kick(),
  });
  app.decorate('alerts', evaluator);
  app.pgChannels?.on(ALERTS_CHANNEL, (payload) => alertBus.publish([parseAlertMessage(payload)]));
  // An alert created or changed by any process: this process's evaluator reloads.
  app.pgChannels?.on(ALERT_CHANGES_CHANNEL, () => evaluator.invalidate());
  const feed = (readings: Parameters<AlertEvaluator['onReadings']>[0]) => {
    void evaluator.onReadings(readings).catch(() => {});
  };
  app.ingest.committed.add(feed);
  app.addHook('onReady', async () => {
    evaluator.start(app.config.alerts.sweepMs);
  });
  app.addHook('onClose', async () => {
    app.ingest.committed.delete(feed);
    await evaluator.stop();
  });
}
