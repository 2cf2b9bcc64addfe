import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import type { CallerKind } from './auth/authenticate.js';
import { bearerToken, safeEqual } from './auth/tokens.js';
import { answers } from './http/answers.js';
import { HttpError } from './http/errors.js';
import { errorMessages } from './messages.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's Prometheus metrics, served at `GET /metrics`. */
    metrics: Metrics;
  }
  interface FastifyContextConfig {
    /** The route is `/metrics`: loopback or `METRICS_TOKEN` only (see `metricsCaller`). @default false */
    metrics?: boolean;
  }
}

/** What the gauges read when Prometheus scrapes: the ingestion queue, the MQTT subscriber, open streams. */
export interface MetricSources {
  /** Readings received, stored as new and stored before (duplicates) since start. */
  readings(): { received: number; committed: number; duplicates: number };
  /** Items waiting for an ingestion transaction. */
  queueDepth(): number;
  /** MQTT messages received and not yet stored (backlog), and not yet acknowledged; null without MQTT. */
  mqtt(): { backlog: number; unacknowledged: number; connected: boolean } | null;
}

const SECONDS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A counter whose value is kept elsewhere (a plain number on the hot path) and read at scrape time. */
function counterOf(registry: Registry, name: string, help: string, read: () => number) {
  return new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

/**
 * The metrics of one API process (one registry per app, so tests' apps do not add up). The hot paths
 * (requests, queries) observe directly; queue and MQTT figures are read when Prometheus scrapes.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests = new Counter({
    name: 'matnat_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly httpDuration = new Histogram({
    name: 'matnat_http_request_duration_seconds',
    help: 'Time from request to answer, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });
  readonly dbQueryDuration = new Histogram({
    name: 'matnat_db_query_duration_seconds',
    help: 'Database query time, by outcome',
    labelNames: ['outcome'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });
  readonly sseStreams = new Gauge({
    name: 'matnat_sse_streams',
    help: 'Open GET /api/v1/stream connections',
    registers: [this.registry],
  });
  readonly sseSlowDropped = new Counter({
    name: 'matnat_sse_slow_dropped_total',
    help: 'GET /api/v1/stream connections ended because the client fell too far behind',
    registers: [this.registry],
  });
  readonly sseFanout = new Histogram({
    name: 'matnat_sse_fanout_seconds',
    help: 'Time to write one reading to every open stream of an audience (one token or session and its sensors)',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.5, 1],
    registers: [this.registry],
  });
  readonly alertEvaluations = new Counter({
    name: 'matnat_alert_evaluations_total',
    help: 'Alert evaluations by this process: batches of committed readings and timer sweeps',
    labelNames: ['trigger'] as const,
    registers: [this.registry],
  });
  readonly alertFirings = new Counter({
    name: 'matnat_alert_firings_total',
    help: 'Alert states that turned firing in this process',
    registers: [this.registry],
  });

  constructor(sources: MetricSources) {
    const r = this.registry;
    collectDefaultMetrics({ register: r });
    counterOf(
      r,
      'matnat_readings_received_total',
      'Readings received (all paths)',
      () => sources.readings().received,
    );
    counterOf(
      r,
      'matnat_readings_committed_total',
      'Readings stored as new',
      () => sources.readings().committed,
    );
    counterOf(
      r,
      'matnat_readings_duplicates_total',
      'Readings delivered again (already stored for the sensor and time)',
      () => sources.readings().duplicates,
    );
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [r],
        collect() {
          this.set(read());
        },
      });
    gauge('matnat_ingest_queue_depth', 'Items waiting for an ingestion transaction', sources.queueDepth);
    gauge(
      'matnat_mqtt_backlog_messages',
      'MQTT messages received, not yet stored',
      () => sources.mqtt()?.backlog ?? 0,
    );
    gauge(
      'matnat_mqtt_unacknowledged_messages',
      'MQTT QoS 1 messages received whose PUBACK waits for their commit',
      () => sources.mqtt()?.unacknowledged ?? 0,
    );
    gauge('matnat_mqtt_connected', '1 while connected to the broker (0 also without MQTT)', () =>
      sources.mqtt()?.connected ? 1 : 0,
    );
  }
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The scraper that shows `METRICS_TOKEN` as its bearer, decided before any other kind of caller reads
 * the bearer (an embed token would not know it). Any other bearer is left to the others, as on every route.
 */
export const metricsCaller: CallerKind = {
  name: 'metrics scraper',
  claims(request) {
    const token = request.server.config.metricsToken;
    const given = bearerToken(request.headers.authorization);
    return (
      request.routeOptions.config.metrics === true &&
      token !== null &&
      given !== null &&
      safeEqual(given, token)
    );
  },
  async authenticate() {},
  async stillValid() {
    return true;
  },
};

/**
 * Who may read `/metrics`: the holder of `METRICS_TOKEN` (compared in constant time), or a scraper on this
 * machine connecting directly without credentials (loopback, not forwarded by a proxy: a proxy on this
 * host forwards other hosts' requests). Anyone else: 401.
 */
export async function requireMetricsAccess(request: FastifyRequest): Promise<void> {
  if (request.callerKind === metricsCaller) return;
  const direct = LOOPBACK.has(request.socket.remoteAddress ?? '') && !request.headers['x-forwarded-for'];
  if (direct && request.headers.authorization === undefined) return;
  throw new HttpError(401, errorMessages.metricsToken);
}

/**
 * `app.metrics` over this app's ingestion (registered after it), and request counts and latency by
 * route pattern for every answer.
 */
export function registerMetrics(app: FastifyInstance): void {
  const metrics = new Metrics({
    readings: () => app.ingest.queue.counts,
    queueDepth: () => app.ingest.queue.backlog,
    mqtt: () => app.ingest.mqttStats(),
  });
  app.decorate('metrics', metrics);
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? '(unmatched)',
      status: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}

/** `GET /metrics` in Prometheus text format. */
export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/metrics',
    {
      config: { metrics: true },
      onRequest: requireMetricsAccess,
      schema: {
        tags: ['system'],
        summary: 'Prometheus metrics of this process (loopback, or METRICS_TOKEN as bearer)',
        produces: ['text/plain'],
        response: answers({ 200: z.string().describe('Prometheus text exposition format 0.0.4') }, [401]),
      },
    },
    async (_request, reply) => {
      reply.type(app.metrics.registry.contentType);
      return app.metrics.registry.metrics();
    },
  );
}
