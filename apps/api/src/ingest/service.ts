import type { FastifyInstance } from 'fastify';
import type { MqttClient } from 'mqtt';
import { ALERT_CHANGES_CHANNEL, ALERTS_CHANNEL, AlertBus, parseAlertMessage } from '../alerts/bus.js';
import { ReadingBus } from '../events.js';
import type { Reading } from '../measurements/store.js';
import { startMqttIngest } from './mqtt.js';
import { listenForReadings, notifyReadings } from './notify.js';
import { IngestQueue } from './queue.js';
import { startRetention } from './retention.js';
import { loadSensorKeys, type SensorKeyTable } from './sensorKeys.js';

export interface Ingestion {
  queue: IngestQueue;
  /** Called with the readings of every transaction this process committed (the alert evaluator). */
  committed: Set<(readings: readonly Reading[]) => void>;
  /** The key → sensor table (defaults plus `INGEST_SENSOR_KEYS`). */
  keys: SensorKeyTable;
  /** The MQTT subscriber's client once the app is ready, when `MQTT_URL` is set. */
  mqtt: MqttClient | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Newly stored readings of every process (PostgreSQL) or of this one (SQLite), for the SSE stream. */
    readings: ReadingBus;
    /** Alert state changes and new notifications of every process (PostgreSQL) or this one (SQLite). */
    alertBus: AlertBus;
    ingest: Ingestion;
  }
}

/**
 * The reading bus, the ingestion queue and, as configured, the MQTT subscriber and the retention of raw
 * readings, on the app; all stop when the app closes. On PostgreSQL readings reach the bus through
 * LISTEN/NOTIFY, so several API processes share one live stream; on SQLite (one process) directly.
 */
export async function registerIngestion(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const bus = new ReadingBus();
  const alertBus = new AlertBus();
  const postgres = app.dialect === 'postgres' && config.databaseUrl !== null;
  const committed = new Set<(readings: readonly Reading[]) => void>();
  const queue = new IngestQueue(app.db, {
    maxBatch: config.ingest.maxBatch,
    ...(postgres ? { beforeCommit: notifyReadings } : {}),
    onCommit: (readings) => {
      if (!postgres) bus.publish(readings);
      for (const listener of committed) listener(readings);
    },
  });
  app.decorate('readings', bus);
  app.decorate('alertBus', alertBus);
  app.decorateRequest('ingestCredential', null);
  const ingestion: Ingestion = {
    queue,
    committed,
    keys: loadSensorKeys(config.ingest.sensorKeysFile),
    mqtt: null,
  };
  app.decorate('ingest', ingestion);

  const listener = postgres
    ? listenForReadings(config.databaseUrl!, bus, (err) => app.log.warn({ err }, 'LISTEN connection lost'), {
        [ALERTS_CHANNEL]: (payload) => alertBus.publish([parseAlertMessage(payload)]),
        // An alert created or changed by any process: the evaluator (registered after this) reloads.
        [ALERT_CHANGES_CHANNEL]: () => app.alerts.invalidate(),
      })
    : null;
  await listener?.ready;
  const retention = startRetention(app.db, config.ingest.retentionDays, (err) =>
    app.log.warn({ err }, 'retention run failed'),
  );
  let mqtt: { stop(): Promise<void> } | null = null;
  app.addHook('onReady', async () => {
    if (!config.mqtt.url) return;
    const started = startMqttIngest(app, config.mqtt);
    ingestion.mqtt = started.client;
    mqtt = started;
  });
  app.addHook('onClose', async () => {
    await mqtt?.stop();
    await queue.idle();
    retention.stop();
    await listener?.stop();
  });
}
