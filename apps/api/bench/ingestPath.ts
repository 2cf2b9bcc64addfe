// Profiling aid (not part of `pnpm bench:ingest`): the server's CPU a message on the way from an MQTT payload
// to a committed row, without the broker and mqtt.js — JSON and the uplink parser, then the ingestion queue
// writing to SQLite in batches — for 300,000 TTS uplinks of 1,000 devices (as bench:ingest sends them).
// Usage: node --conditions=@matnat/source --import tsx apps/api/bench/ingestPath.ts
// (`INGEST_PATH_MESSAGES`, `INGEST_PATH_BATCH`; add --cpu-prof to see where it goes).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import { itemOfUplink } from '../src/ingest/accept.js';
import { parseMqttMessage } from '../src/ingest/mqtt.js';
import { IngestQueue } from '../src/ingest/queue.js';
import { DEFAULT_SENSOR_KEYS } from '../src/ingest/sensorKeys.js';
import { DEVICES, payloads, MQTT_TOPIC as TOPIC } from './benchUplinks.js';

const MESSAGES = Number(process.env.INGEST_PATH_MESSAGES ?? 300_000);
const BATCH = Number(process.env.INGEST_PATH_BATCH ?? 5000);

const base = Date.now() - 86_400_000;
const baseIso = new Date(base).toISOString();
const templates = payloads(base);
/** Message `s`: its device's uplink, its time `s` ms past the start (every reading distinct). */
const payload = (s: number) =>
  Buffer.from(templates[s % DEVICES]!.replaceAll(baseIso, new Date(base + s).toISOString()));
const cpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};

const dir = mkdtempSync(join(tmpdir(), 'matnat-ingest-path-'));
const { db } = openDatabase({ dataDir: dir });
await migrateToLatest(db);
const app = { ingest: { keys: DEFAULT_SENSOR_KEYS } } as Parameters<typeof parseMqttMessage>[2];
const queue = new IngestQueue(db, { maxBatch: BATCH });
const loadBefore = loadavg()[0]!;
let parsing = 0;
let all = 0;
let stored = 0;
for (let i = 0; i < MESSAGES; i += BATCH) {
  const batch = Array.from({ length: Math.min(BATCH, MESSAGES - i) }, (_, k) => payload(i + k));
  const started = cpu();
  await new Promise<void>((done) => {
    let left = batch.length;
    for (const p of batch) {
      const parsed = parseMqttMessage(TOPIC, p, app);
      if (!parsed || !('uplink' in parsed)) throw new Error('bench payload not an uplink');
      queue.add(itemOfUplink(parsed.uplink, { id: 1, teamId: null }), (_, result) => {
        if (result) stored++;
        if (--left === 0) done();
      });
    }
    // The first messages create the devices, sensors and gateways: not counted.
    if (i >= DEVICES) parsing += cpu() - started;
  });
  if (i >= DEVICES) all += cpu() - started;
}
const counted = MESSAGES - DEVICES;
const us = (seconds: number) => ((seconds / counted) * 1e6).toFixed(1);
console.log(
  `ingest path: ${stored.toLocaleString('en-US')} of ${MESSAGES.toLocaleString('en-US')} stored in batches of ${BATCH}; ` +
    `CPU a message: parsing ${us(parsing)} µs, storing ${us(all - parsing)} µs, together ${us(all)} µs; ` +
    `load ${loadBefore.toFixed(2)} → ${loadavg()[0]!.toFixed(2)}`,
);
await db.destroy();
rmSync(dir, { recursive: true, force: true });
