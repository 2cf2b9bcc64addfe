import type { FastifyInstance } from 'fastify';
import { notifyAlerts } from '../alerts/bus.js';
import { WebhookDeliverer } from './deliverer.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the queued webhook deliveries of alert transitions (issue 24). */
    webhooks: WebhookDeliverer;
  }
}

/**
 * This process's webhook deliverer: kicked after each commit that queued deliveries, and every
 * `WEBHOOK_POLL_MS` for retries and what other processes left; stopped (its attempts finished) on close.
 */
export function registerWebhooks(app: FastifyInstance): void {
  const postgres = app.dialect === 'postgres' && app.config.databaseUrl !== null;
  const deliverer = new WebhookDeliverer({
    db: app.db,
    config: app.config.webhooks,
    appKey: app.config.appKey,
    appUrl: app.config.appUrl,
    log: app.log.child({ module: 'webhooks' }),
    ...(postgres
      ? { announceInTransaction: notifyAlerts }
      : { announce: (messages) => app.alertBus.publish(messages) }),
  });
  app.decorate('webhooks', deliverer);
  app.addHook('onReady', async () => {
    deliverer.start();
  });
  app.addHook('onClose', async () => {
    await deliverer.stop();
  });
}
