import type { FastifyInstance } from 'fastify';
import { sendOrLog } from '../mail/mailer.js';
import { notifyAlertChange, notifyAlerts } from './bus.js';
import { AlertEvaluator } from './evaluator.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Evaluates the alerts on every reading this process stores, and on its timer. */
    alerts: AlertEvaluator;
  }
}

/**
 * The alert evaluator of this process: fed by the ingestion queue's commits (HTTP, webhooks, MQTT, the
 * simulator), swept every `ALERT_SWEEP_MS`; its messages reach the SSE streams through `app.alertBus`
 * (NOTIFY on PostgreSQL, so the streams of every process hear them). Registered after the ingestion.
 */
export function registerAlerts(app: FastifyInstance): void {
  const postgres = app.dialect === 'postgres' && app.config.databaseUrl !== null;
  const evaluator = new AlertEvaluator({
    db: app.db,
    ...(postgres
      ? { announceInTransaction: notifyAlerts, announceChange: notifyAlertChange }
      : { announce: (messages) => app.alertBus.publish(messages) }),
    mail: (message) => app.background.run('alert mail', () => sendOrLog(app.mailer, app.log, message)),
    onError: (err) => app.log.warn({ err }, 'alert evaluation failed'),
  });
  app.decorate('alerts', evaluator);
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
