import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { ttsUplink } from '../src/test/lorawan.js';
import { type Broker, ownBroker } from '../src/test/processes.js';
import { type LeanPublisher, leanPublisher, leanTemplate } from './leanPublisher.js';

describe('the bench’s lean publisher (issue 27 point 7)', () => {
  let pub: LeanPublisher | null = null;
  let broker: Broker | null = null;
  const dir = mkdtempSync(join(tmpdir(), 'matnat-lean-'));
  afterEach(async () => {
    await pub?.end();
    pub = null;
    await broker?.stop();
    broker = null;
    rmSync(dir, { recursive: true, force: true });
  });

  it('publishes QoS 1 messages a subscriber receives whole, with each message’s own time, and counts every PUBACK', async () => {
    const topic = `lean-test-${Math.random().toString(36).slice(2)}/v3/a/devices/d/up`;
    // A broker of our own, as the bench uses (no queue limit: the shared one drops QoS 1 past 1,000 queued).
    broker = await ownBroker(join(dir, 'broker'));
    const sub = mqtt.connect(broker.url, { protocolVersion: 5, clean: true });
    await new Promise((done) => sub.once('connect', done));
    const received: string[] = [];
    sub.on('message', (_t, payload) => received.push(payload.toString()));
    await sub.subscribeAsync(topic, { qos: 1 });
    try {
      const base = Date.UTC(2026, 0, 1);
      const baseIso = new Date(base).toISOString();
      // A payload over 127 bytes and one over 16,383: remaining lengths of two and three bytes.
      const templates = [
        ttsUplink({ eui: '70B3D57E00000001', at: baseIso, decoded: { temperature: 21 } }),
        { ...ttsUplink({ eui: '70B3D57E00000002', at: baseIso }), padding: 'x'.repeat(20_000) },
      ].map((body) => leanTemplate(topic, JSON.stringify(body), baseIso));
      expect(templates[0]!.timeAt).toHaveLength(2);
      pub = await leanPublisher('127.0.0.1', broker.port, `lean-${process.pid}`);
      const n = 70_000; // more than 65,535: packet ids wrap
      for (let i = 0; i < n; i++) {
        pub.publish(templates[i % 1000 === 0 ? 1 : 0]!, new Date(base + i).toISOString());
        if (i % 5000 === 4999) {
          pub.flush();
          while (pub.inflight > 20_000) await new Promise((r) => setTimeout(r, 5));
        }
      }
      pub.flush();
      while (pub.acknowledged < n) await new Promise((r) => setTimeout(r, 20));
      expect(pub.inflight).toBe(0);
      expect(pub.refused).toBe(0);
      while (received.length < n) await new Promise((r) => setTimeout(r, 20));
      const times = received.map((p) => (JSON.parse(p) as { received_at: string }).received_at);
      expect(new Set(times).size).toBe(n);
      expect(times[12_345]).toBe(new Date(base + 12_345).toISOString());
      const first = JSON.parse(received[1]!) as ReturnType<typeof ttsUplink>;
      expect(first.uplink_message.received_at).toBe(new Date(base + 1).toISOString());
      expect(first.uplink_message.decoded_payload).toEqual({ temperature: 21 });
      expect((JSON.parse(received[1000]!) as { padding: string }).padding).toHaveLength(20_000);
    } finally {
      await sub.endAsync();
    }
  }, 60_000);
});
