// Profiling aid (not part of `pnpm bench:ingest`): the server's CPU a message on the way from an MQTT payload
// to a committed row, without the broker and mqtt.js — JSON and the uplink parser, then the ingestion queue
// writing to SQLite in batches — for 300,000 TTS uplinks of 1,000 devices (as bench:ingest sends them).
// Usage: node --conditions=@matnat/source --import tsx apps/api/bench/ingestPath.ts
// (`INGEST_PATH_MESSAGES`, `INGEST_PATH_BATCH`; add --cpu-prof to see where it goes).
// `INGEST_PATH_OTHER=<another checkout's apps/api>`: that checkout's path too, in this process, batch by batch
// alternating with this one's (each on a database of its own), so that both see the same machine: an A/B of
// two versions that a machine shared with others cannot blur.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEVICES, payloads, MQTT_TOPIC as TOPIC } from './benchUplinks.js';

const MESSAGES = Number(process.env.INGEST_PATH_MESSAGES ?? 300_000);
const BATCH = Number(process.env.INGEST_PATH_BATCH ?? 5000);
const roots = [join(dirname(fileURLToPath(import.meta.url)), '..'), process.env.INGEST_PATH_OTHER].filter(
  (root): root is string => Boolean(root),
);

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

/** One checkout's ingestion path (its modules, imported from `root`) on a fresh SQLite database. */
async function pathOf(root: string) {
  const { migrateToLatest, openDatabase } = await import(join(root, 'src/db/database.ts'));
  const { itemOfUplink } = await import(join(root, 'src/ingest/accept.ts'));
  const { parseMqttMessage } = await import(join(root, 'src/ingest/mqtt.ts'));
  const { IngestQueue } = await import(join(root, 'src/ingest/queue.ts'));
  const { DEFAULT_SENSOR_KEYS } = await import(join(root, 'src/ingest/sensorKeys.ts'));
  const dir = mkdtempSync(join(tmpdir(), 'matnat-ingest-path-'));
  const { db } = openDatabase({ dataDir: dir });
  await migrateToLatest(db);
  const app = { ingest: { keys: DEFAULT_SENSOR_KEYS } };
  const queue = new IngestQueue(db, { maxBatch: BATCH });
  const side = { root, parsing: 0, all: 0, stored: 0 };
  /** Parses and stores one batch; its CPU is counted unless it is among the first (they create the devices). */
  const run = async (batch: Buffer[], counted: boolean) => {
    const started = cpu();
    await new Promise<void>((done) => {
      let left = batch.length;
      for (const p of batch) {
        const parsed = parseMqttMessage(TOPIC, p, app);
        if (!parsed || !('uplink' in parsed)) throw new Error('bench payload not an uplink');
        queue.add(itemOfUplink(parsed.uplink, { id: 1, teamId: null }), (_: unknown, result: unknown) => {
          if (result) side.stored++;
          if (--left === 0) done();
        });
      }
      if (counted) side.parsing += cpu() - started;
    });
    if (counted) side.all += cpu() - started;
  };
  const close = async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  };
  return { side, run, close };
}

const paths = [];
for (const root of roots) paths.push(await pathOf(root));
const loadBefore = loadavg()[0]!;
for (let i = 0; i < MESSAGES; i += BATCH) {
  const batch = Array.from({ length: Math.min(BATCH, MESSAGES - i) }, (_, k) => payload(i + k));
  // Each goes first every other batch.
  for (const path of (i / BATCH) % 2 === 0 ? paths : [...paths].reverse())
    await path.run(batch, i >= DEVICES);
}
const counted = MESSAGES - DEVICES;
const us = (seconds: number) => ((seconds / counted) * 1e6).toFixed(1);
for (const { side } of paths)
  console.log(
    `ingest path${paths.length > 1 ? ` of ${side.root}` : ''}: ${side.stored.toLocaleString('en-US')} of ` +
      `${MESSAGES.toLocaleString('en-US')} stored in batches of ${BATCH}; CPU a message: parsing ${us(side.parsing)} µs, ` +
      `storing ${us(side.all - side.parsing)} µs, together ${us(side.all)} µs`,
  );
console.log(`load ${loadBefore.toFixed(2)} → ${loadavg()[0]!.toFixed(2)}`);
for (const path of paths) await path.close();
