import type { FastifyInstance } from 'fastify';
import { alertPeriodRoutes } from './alertPeriods.js';
import { alertStateRoutes } from './alertState.js';
import { alertRoutes } from './alerts.js';
import { cartRoutes } from './cart.js';
import { dashboardRoutes } from './dashboards.js';
import { deviceRoutes } from './devices.js';
import { gatewayRoutes } from './gateways.js';
import { ingestRoutes } from './ingest.js';
import { deviceKeyRoutes, integrationRoutes } from './integrations.js';
import { measurementRoutes } from './measurements.js';
import { notificationRoutes } from './notifications.js';
import { orderRoutes } from './orders.js';
import { panelRoutes } from './panels.js';
import { productRoutes } from './products.js';
import { publicMapRoutes } from './publicMap.js';
import { sensorRoutes } from './sensors.js';
import { streamRoutes } from './stream.js';
import { webhookRoutes } from './webhooks.js';

/** The data resources: devices, dashboards, alerts, the shop and the readings. */
export async function registerResourceRoutes(app: FastifyInstance): Promise<void> {
  for (const plugin of [
    deviceRoutes,
    sensorRoutes,
    gatewayRoutes,
    dashboardRoutes,
    panelRoutes,
    alertRoutes,
    alertStateRoutes,
    notificationRoutes,
    measurementRoutes,
    alertPeriodRoutes,
    productRoutes,
    orderRoutes,
    cartRoutes,
    publicMapRoutes,
    streamRoutes,
    ingestRoutes,
    integrationRoutes,
    deviceKeyRoutes,
    webhookRoutes,
  ]) {
    await app.register(plugin);
  }
}
