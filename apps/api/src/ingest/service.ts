import type { FastifyInstance } from 'fastify';
import type { MqttClient } from 'mqtt';
import { ReadingBus } from '../events.js';
import type { Reading } from '../measurements/store.js';
import { type MqttStats, startMqttIngest } from './mqtt.js';
import { notifyReadings, parseNotification, READINGS_CHANNEL } from './notify.js';
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
  /** The subscriber's backlog and unacknowledged messages (metrics); null without MQTT. */
  mqttStats(): MqttStats | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Newly stored readings of every process (PostgreSQL) or of this one (SQLite), for the SSE stream. */
    readings: ReadingBus;
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
  const postgres = app.pgChannels !== null;
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
  app.decorateRequest('ingestCredential', null);
  const ingestion: Ingestion = {
    queue,
    committed,
    keys: loadSensorKeys(config.ingest.sensorKeysFile),
    mqtt: null,
    mqttStats: () => null,
  };
  app.decorate('ingest', ingestion);

  app.pgChannels?.on(READINGS_CHANNEL, (payload) => bus.publish(parseNotification(payload)));
  const retention = startRetention(app.db, config.ingest.retentionDays, (err) =>
    app.log.warn({ err }, 'retention run failed'),
  );
  let mqtt: { stop(): Promise<void> } | null = null;
  app.addHook('onReady', async () => {
    if (!config.mqtt.url) return;
    const started = await startMqttIngest(app, config.mqtt);
    ingestion.mqtt = started.client;
    ingestion.mqttStats = started.stats;
    mqtt = started;
  });
  app.addHook('onClose', async () => {
    await mqtt?.stop();
    await queue.idle();
    retention.stop();
  });
}
