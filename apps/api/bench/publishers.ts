// `npm run bench:publishers`: the CPU a QoS 1 message costs the bench's load generator alone — the lean
// raw-socket publishers (leanPublisher.ts) and mqtt.js — alternating, each to a Mosquitto of its own with
// no subscriber (issue 27 point 7). BENCH_MESSAGES (default 200,000) a run, BENCH_ROUNDS (default 3).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { ownBroker } from '../src/test/processes.js';
import { DEVICES, payloads, MQTT_TOPIC as TOPIC } from './benchUplinks.js';
import { leanPublisher, leanTemplate } from './leanPublisher.js';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const base = Date.now() - 86_400_000;
const baseIso = new Date(base).toISOString();
const bodies = payloads(base);

/** Publishes MESSAGES at QoS 1 through two connections, at most 50,000 unacknowledged, as fast as acknowledged. */
async function lean(port: number): Promise<number> {
  const templates = bodies.map((b) => leanTemplate(TOPIC, b, baseIso));
  const clients = [
    await leanPublisher('127.0.0.1', port, `lean-0-${process.pid}`),
    await leanPublisher('127.0.0.1', port, `lean-1-${process.pid}`),
  ];
  const inflight = () => clients[0]!.inflight + clients[1]!.inflight;
  for (let i = 0; i < MESSAGES; ) {
    let room = 50_000 - inflight();
    while (i < MESSAGES && room-- > 0) {
      clients[i % 2]!.publish(templates[i % DEVICES]!, new Date(base + i).toISOString());
      i++;
    }
    for (const c of clients) c.flush();
    await new Promise((r) => setTimeout(r, 5));
  }
  while (inflight() > 0) await new Promise((r) => setTimeout(r, 5));
  for (const c of clients) await c.end();
  return clients[0]!.acknowledged + clients[1]!.acknowledged;
}

async function mqttjs(url: string): Promise<number> {
  const clients = [];
  for (let i = 0; i < 2; i++) {
    const c = mqtt.connect(url, { protocolVersion: 5, clientId: `mqttjs-${i}-${process.pid}` });
    await new Promise((done) => c.once('connect', done));
    clients.push(c);
  }
  let acked = 0;
  let inflight = 0;
  for (let i = 0; i < MESSAGES; ) {
    while (i < MESSAGES && inflight < 50_000) {
      inflight++;
      const body = bodies[i % DEVICES]!.replaceAll(baseIso, new Date(base + i).toISOString());
      clients[i % 2]!.publish(TOPIC, body, { qos: 1 }, (err) => {
        inflight--;
        if (!err) acked++;
      });
      i++;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  while (inflight > 0) await new Promise((r) => setTimeout(r, 5));
  for (const c of clients) await c.endAsync();
  return acked;
}

const dir = mkdtempSync(join(tmpdir(), 'matnat-bench-pub-'));
console.log(
  `bench:publishers: ${MESSAGES.toLocaleString('en-US')} QoS 1 TTS uplinks a run, ${ROUNDS} rounds, load ${loadavg()[0]!.toFixed(2)}`,
);
try {
  for (let round = 1; round <= ROUNDS; round++) {
    for (const kind of ['mqttjs', 'lean'] as const) {
      const broker = await ownBroker(join(dir, `${kind}-${round}`));
      try {
        const loadBefore = loadavg()[0]!;
        const cpu = process.cpuUsage();
        const started = Date.now();
        const acked = kind === 'lean' ? await lean(broker.port) : await mqttjs(broker.url);
        const used = process.cpuUsage(cpu);
        const seconds = (Date.now() - started) / 1000;
        console.log(
          `round ${round} ${kind === 'lean' ? 'lean  ' : 'mqtt.js'}: ${acked.toLocaleString('en-US')} acknowledged in ${seconds.toFixed(1)} s; ` +
            `publishers ${((used.user + used.system) / acked).toFixed(1)} µs a message; load ${loadBefore.toFixed(2)} → ${loadavg()[0]!.toFixed(2)}`,
        );
      } finally {
        await broker.stop();
      }
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
