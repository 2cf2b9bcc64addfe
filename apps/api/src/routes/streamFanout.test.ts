import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { knownSensorsItem } from '../ingest/writer.js';
import { createWorldApp, type WorldApp } from '../seed/fixture.js';
import { createEmbedToken } from '../test/embed.js';
import { testDialects } from '../test/harness.js';
import { type OpenStream, openStream } from '../test/sse.js';
import { STREAM_SLOW_BYTES, STREAM_STALL_MS } from './stream.js';

const dialects = await testDialects();

/** Issue 28: one reading, one event, written to every stream that watches it; a stalled viewer is dropped. */
describe.each(dialects)('GET /api/v1/stream fan-out (%s)', (dialect) => {
  let w: WorldApp;
  let port: number;
  let sensor: number;
  let device: number;
  let token: string;
  const opened: OpenStream[] = [];
  const sockets: Socket[] = [];

  const gauge = async (name: 'sseStreams' | 'sseSlowDropped') =>
    (await w.app.metrics[name].get()).values[0]?.value ?? 0;
  async function eventually(check: () => Promise<boolean> | boolean, ms = 5_000) {
    const until = Date.now() + ms;
    while (!(await check()) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await check()).toBe(true);
  }
  async function open(headers: Record<string, string>) {
    const stream = await openStream(`http://127.0.0.1:${port}/api/v1/stream?sensor_ids=${sensor}`, headers);
    opened.push(stream);
    expect(stream.response.status).toBe(200);
    expect(await stream.next()).toEqual({ retry: '5000' });
    return stream;
  }
  /** A viewer that reads the answer's head and then nothing more (a stalled tab). */
  async function stalled(): Promise<Socket> {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    await once(socket, 'connect');
    socket.write(
      `GET /api/v1/stream?sensor_ids=${sensor} HTTP/1.1\r\nhost: localhost\r\n` +
        `authorization: Bearer ${token}\r\naccept: text/event-stream\r\n\r\n`,
    );
    const [head] = (await once(socket, 'data')) as [Buffer];
    expect(head.toString()).toMatch(/^HTTP\/1.1 200/);
    socket.pause();
    return socket;
  }
  /** `count` readings of the sensor, one a millisecond from `from`, stored as one ingestion item. */
  async function ingest(from: number, count: number) {
    const readings = Array.from({ length: count }, (_, i) => ({ sensor_id: sensor, ts: from + i, value: i }));
    await w.app.ingest.queue.enqueue(knownSensorsItem(device, readings));
  }

  beforeAll(async () => {
    w = await createWorldApp(dialect);
    await w.app.listen({ port: 0, host: '127.0.0.1' });
    port = (w.app.server.address() as { port: number }).port;
    device = await w.ids.device('Temperaturspjut Kiruna 1');
    sensor = await w.ids.sensor('Temperaturspjut Kiruna 1', 'temperature');
    token = (await createEmbedToken(w.anna, [`device:${device}`])).token;
  });
  afterEach(async () => {
    for (const stream of opened.splice(0)) stream.close();
    for (const socket of sockets.splice(0)) socket.destroy();
    await eventually(() => w.app.readings.listenerCount() === 0);
  });
  afterAll(async () => {
    w?.app.server.closeAllConnections();
    await w?.close();
  });

  it('streams of one token on the same sensors share one subscription; each gets every reading once', async () => {
    const streams = await Promise.all([1, 2, 3].map(() => open({ authorization: `Bearer ${token}` })));
    expect(w.app.readings.listenerCount()).toBe(1);
    const from = Date.now();
    await ingest(from, 3);
    for (const stream of streams) {
      const events = [await stream.next(), await stream.next(), await stream.next()];
      expect(events.map((e) => e.id)).toEqual([String(from), String(from + 1), String(from + 2)]);
    }
  });

  it('a live reading is written as one HTTP/1.1 chunk, the same bytes on every stream, after the retry line; an HTTP/1.0 stream gets it unframed', async () => {
    /** A stream read as raw bytes from the socket: everything after the answer's head. */
    async function raw(version: '1.1' | '1.0') {
      const socket = connect(port, '127.0.0.1');
      sockets.push(socket);
      await once(socket, 'connect');
      let text = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => {
        text += chunk;
      });
      socket.write(
        `GET /api/v1/stream?sensor_ids=${sensor} HTTP/${version}\r\nhost: localhost\r\n` +
          `authorization: Bearer ${token}\r\naccept: text/event-stream\r\n\r\n`,
      );
      return {
        body: () => text.slice(text.indexOf('\r\n\r\n') + 4),
        head: () => text.slice(0, text.indexOf('\r\n\r\n')),
      };
    }
    const streams = [await raw('1.1'), await raw('1.1'), await raw('1.0')];
    await eventually(async () => (await gauge('sseStreams')) === 3);
    await eventually(() => streams.every((s) => s.body().includes('retry: 5000')));
    const from = Date.now();
    await ingest(from, 1);
    const event =
      `id: ${from}\nevent: reading\ndata: ` +
      `${JSON.stringify({ type: 'reading', device_id: device, sensor_id: sensor, value: 0, measured_at: new Date(from).toISOString() })}\n\n`;
    const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
    const [a, b, plain] = streams as [Awaited<ReturnType<typeof raw>>, ...Awaited<ReturnType<typeof raw>>[]];
    await eventually(
      () => streams.every((s) => s.body().includes(`id: ${from}`)) && a.body().endsWith('\r\n'),
    );
    expect(a.head()).toMatch(/transfer-encoding: chunked/i);
    expect(a.body()).toBe(chunk('retry: 5000\n\n') + chunk(event));
    expect(b!.body()).toBe(a.body());
    expect(plain!.head()).not.toMatch(/transfer-encoding/i);
    expect(plain!.body()).toBe(`retry: 5000\n\n${event}`);
  });

  it(`a viewer that stops reading is ended once it stays behind by more than ${STREAM_SLOW_BYTES / 1024} KiB for ${STREAM_STALL_MS / 1000} s; the others get every reading`, async () => {
    const stuck = await stalled();
    const controller = new AbortController();
    const healthy = await fetch(`http://127.0.0.1:${port}/api/v1/stream?sensor_ids=${sensor}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    await eventually(async () => (await gauge('sseStreams')) === 2);
    const dropped = await gauge('sseSlowDropped');
    let received = 0;
    // A quick reader: whole blocks counted as they come, the partial last one kept for the next chunk.
    const reading = (async () => {
      const reader = healthy.body!.pipeThrough(new TextDecoderStream()).getReader();
      let rest = '';
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: '', done: true }));
        if (done) return;
        const blocks = (rest + value).split('\n\n');
        rest = blocks.pop() ?? '';
        received += blocks.filter((block) => block.includes('event: reading')).length;
      }
    })();
    // The kernel's socket buffers take the first megabytes; then the stream falls behind in the process,
    // and stays behind for longer than the grace.
    const from = Date.now() - 3_600_000;
    let sent = 0;
    for (let batch = 0; batch < 200 && (await gauge('sseSlowDropped')) === dropped; batch++) {
      await ingest(from + sent, 1_000);
      sent += 1_000;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await gauge('sseSlowDropped')).toBe(dropped + 1);
    await eventually(async () => (await gauge('sseStreams')) === 1);
    await eventually(() => received === sent, 20_000);
    // Resumed, the stalled client finds its stream ended.
    stuck.resume();
    stuck.on('data', () => {});
    await once(stuck, 'close');
    controller.abort();
    await reading;
  }, 120_000);
});
