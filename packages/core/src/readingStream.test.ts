import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from './http';
import { browserPlatform } from './platform';
import { createReadingStream, sseParser } from './readingStream';

/** A fake `GET /api/v1/stream`: each call gets a body the test writes events into (or a status). */
function streamServer() {
  const connections: {
    url: string;
    headers: Record<string, string>;
    credentials?: RequestCredentials;
    signal: AbortSignal;
    send(event: string, data: unknown, id?: string): void;
    end(): void;
  }[] = [];
  const refusals: { status: number; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const refusal = refusals.shift();
    if (refusal) return new Response(JSON.stringify(refusal.body), { status: refusal.status });
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    const encoder = new TextEncoder();
    const signal = init.signal as AbortSignal;
    signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    connections.push({
      url: String(input),
      headers: { ...(init.headers as Record<string, string>) },
      credentials: init.credentials,
      signal,
      send: (event, data, id) =>
        controller.enqueue(
          encoder.encode(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
        ),
      end: () => controller.close(),
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, connections, refusals };
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

/** A second without subscriber changes or requests: the page's start has settled, and the first connection opens. */
const settled = () => vi.advanceTimersByTimeAsync(1000);

function setup(auth: 'session' | { embedToken: string } = 'session') {
  const server = streamServer();
  const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const platform = browserPlatform({ fetch: server.fetch, logger });
  const http = createHttpClient({ platform, baseUrl: 'https://api.matnat.test', auth });
  const stream = createReadingStream({ http, platform });
  return { server, stream, logger };
}

const reading = (sensor_id: number, value: number) => ({
  type: 'reading',
  device_id: 1,
  sensor_id,
  value,
  measured_at: '2026-11-25T10:00:00.000Z',
});

describe('ReadingStream: one live stream per client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('eight subscribers over four sensors open one connection naming the four sensors, once the start has settled', async () => {
    const { server, stream } = setup();
    for (const id of [1, 2, 3, 4, 1, 2, 3, 4]) stream.subscribe(id, () => {});
    await settled();
    expect(server.connections).toHaveLength(1);
    expect(server.connections[0]!.url).toBe('https://api.matnat.test/api/v1/stream?sensor_ids=1,2,3,4');
    expect(server.connections[0]!.credentials).toBe('include');
  });

  it('delivers each reading to the listeners of its sensor only', async () => {
    const { server, stream } = setup();
    const one = vi.fn();
    const two = vi.fn();
    stream.subscribe(1, one);
    stream.subscribe('2', two);
    await settled();
    server.connections[0]!.send('reading', reading(2, 21.5));
    server.connections[0]!.send('alert', { type: 'alert', alert_id: 1 });
    await flush();
    expect(one).not.toHaveBeenCalled();
    expect(two).toHaveBeenCalledWith(expect.objectContaining({ sensor_id: 2, value: 21.5 }));
  });

  it('widens by reopening with the union, keeps the connection when narrowing, closes with the last', async () => {
    const { server, stream } = setup();
    const offOne = stream.subscribe(1, () => {});
    await settled();
    const offTwo = stream.subscribe(2, () => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(server.connections).toHaveLength(2);
    expect(server.connections[0]!.signal.aborted).toBe(true);
    expect(server.connections[1]!.url).toMatch(/sensor_ids=1,2$/);
    offOne();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.connections).toHaveLength(2);
    offTwo();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.connections[1]!.signal.aborted).toBe(true);
  });

  it('reconnects after a drop with back-off (1 s, 2 s, 4 s …) and Last-Event-ID', async () => {
    const { server, stream } = setup();
    stream.subscribe(1, () => {});
    await settled();
    server.connections[0]!.send('reading', reading(1, 5), '41');
    server.connections[0]!.end();
    server.refusals.push({ status: 503, body: { message: 'Underhåll' } });
    await vi.advanceTimersByTimeAsync(999);
    expect(server.connections).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1); // 1 s: refused with 503
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.connections).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1); // 2 s later: open again
    expect(server.connections).toHaveLength(2);
    expect(server.connections[1]!.headers['Last-Event-ID']).toBe('41');
  });

  it('a refused stream (401 for a revoked embed token) is not retried and warns with the server message', async () => {
    const { server, stream, logger } = setup({ embedToken: 'mtn_revoked' });
    server.refusals.push({ status: 401, body: { message: 'Inbäddningsnyckeln har återkallats.' } });
    stream.subscribe(1, () => {});
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith(
      'Mätnät: live stream refused:',
      'Inbäddningsnyckeln har återkallats.',
    );
    const [, init] = (server.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0]!;
    expect((init as RequestInit).headers).toMatchObject({ Authorization: 'Bearer mtn_revoked' });
    expect((init as RequestInit).credentials).toBe('omit');
  });

  it('close() forgets every subscriber and ends the connection', async () => {
    const { server, stream } = setup();
    stream.subscribe(1, () => {});
    await settled();
    stream.close();
    expect(server.connections[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.connections).toHaveLength(1);
  });
});

describe('sseParser', () => {
  it('joins chunks, multi-line data, ids and CRLF; skips comments and events without data', () => {
    const push = sseParser();
    expect(push(': heartbeat\n\nid: 7\r\nevent: reading\r\ndata: {"a"')).toEqual([]);
    expect(push(':1}\r\n\r\nevent: x\n\ndata: a\ndata: b\n\n')).toEqual([
      { id: '7', event: 'reading', data: '{"a":1}' },
      { event: 'message', data: 'a\nb' },
    ]);
  });
});

describe('ReadingStream: alert changes and notifications (issue 11)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const alertEvent = {
    type: 'alert',
    alert_id: 7,
    sensor_id: 2,
    kind: 'value',
    state: 'firing',
    value: 31,
    at: '2026-11-25T10:00:00.000Z',
  };

  it('an event listener alone opens the stream with alerts=1; with readings it joins the same connection', async () => {
    const { server, stream } = setup();
    const events = vi.fn();
    stream.onEvent(events);
    await settled();
    expect(server.connections[0]!.url).toBe('https://api.matnat.test/api/v1/stream?alerts=1');
    stream.subscribe(3, () => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(server.connections).toHaveLength(2);
    expect(server.connections[1]!.url).toBe('https://api.matnat.test/api/v1/stream?sensor_ids=3&alerts=1');
    server.connections[1]!.send('alert', alertEvent);
    server.connections[1]!.send('notification', { type: 'notification', notification: { id: 1 } });
    server.connections[1]!.send('reading', reading(3, 1));
    await flush();
    expect(events.mock.calls.map(([e]) => e.type)).toEqual(['alert', 'notification']);
    expect(events).toHaveBeenCalledWith(alertEvent);
  });

  it('a reading-only stream does not ask for alerts; the last event listener leaving closes it', async () => {
    const { server, stream } = setup();
    stream.subscribe(1, () => {});
    await settled();
    expect(server.connections[0]!.url).not.toContain('alerts');
    const { server: other, stream: eventsOnly } = setup();
    const off = eventsOnly.onEvent(() => {});
    await settled();
    off();
    await vi.advanceTimersByTimeAsync(0);
    expect(other.connections[0]!.signal.aborted).toBe(true);
  });

  /** A page's start: the bell listening, and the client's API requests answered `ms` after they were asked. */
  function startingPage(ms = 200) {
    const server = streamServer();
    const platform = browserPlatform({
      fetch: (input, init) =>
        String(input).includes('/api/v1/stream')
          ? server.fetch(input, init)
          : // An answer whose body is read in microtasks (a Response's is read on timers the test fakes).
            new Promise((answer) =>
              setTimeout(() => answer({ status: 200, text: async () => '' } as Response), ms),
            ),
    });
    const http = createHttpClient({ platform, baseUrl: 'https://api.matnat.test' });
    const stream = createReadingStream({ http, platform });
    stream.onEvent(() => {});
    return { server, stream, http };
  }

  /** One connection opens `ms` from now, not before, asking for `query`; and none after it. */
  async function opensOnceIn(server: ReturnType<typeof streamServer>, ms: number, query: string) {
    await vi.advanceTimersByTimeAsync(ms - 1);
    expect(server.connections).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.connections.map((c) => c.url)).toEqual([`https://api.matnat.test/api/v1/stream?${query}`]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.connections).toHaveLength(1);
  }

  it("a page's start opens one connection, a second after the last subscriber: the bell's events and the panels' sensors", async () => {
    const { server, stream } = startingPage();
    await vi.advanceTimersByTimeAsync(400);
    stream.subscribe(3, () => {});
    stream.subscribe(4, () => {});
    await opensOnceIn(server, 1000, 'sensor_ids=3,4&alerts=1');
  });

  it('the first connection asks for the readings measured while it waited: Last-Event-ID is the time the wait began', async () => {
    // The server replays a sensor's readings from that time (a reading's event id is its time): one sent
    // between the panel's data and the opening is not lost.
    const began = Date.now();
    const { server, stream } = startingPage();
    await vi.advanceTimersByTimeAsync(300);
    stream.subscribe(3, () => {});
    await settled();
    expect(server.connections[0]!.headers['Last-Event-ID']).toBe(String(began));
    // Later connections ask from the last event they heard, as after a drop.
    server.connections[0]!.send('reading', reading(3, 5), '1764064800000');
    await flush();
    stream.subscribe(4, () => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(server.connections[1]!.headers['Last-Event-ID']).toBe('1764064800000');
  });

  it("the start's requests hold the first connection: a dashboard answering after 1.5 s, its panels a frame later, share it", async () => {
    // The flake this rule ends: the page went idle while the dashboard was asked for, and the connection
    // opened then for the bell alone was reopened for the panels.
    const { server, stream, http } = startingPage(1500);
    const board = http.get('/api/v1/dashboard/2');
    await vi.advanceTimersByTimeAsync(1500);
    await board;
    expect(server.connections).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(16);
    stream.subscribe(3, () => {});
    // The panel's own measurements, also answered 1.5 s later: the second counts from their answer.
    const measured = http.get('/api/v1/sensor/3/measurements');
    await vi.advanceTimersByTimeAsync(1500);
    await measured;
    await opensOnceIn(server, 1000, 'sensor_ids=3&alerts=1');
  });

  it('once open, requests neither reopen nor hold it, and a new sensor widens it on the next tick', async () => {
    const { server, stream, http } = startingPage();
    stream.subscribe(3, () => {});
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.connections).toHaveLength(1);
    const asked = http.get('/api/v1/notification');
    await vi.advanceTimersByTimeAsync(10_000);
    await asked;
    expect(server.connections).toHaveLength(1);
    void http.get('/api/v1/notification');
    stream.subscribe(5, () => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(server.connections.map((c) => c.url)).toEqual([
      'https://api.matnat.test/api/v1/stream?sensor_ids=3&alerts=1',
      'https://api.matnat.test/api/v1/stream?sensor_ids=3,5&alerts=1',
    ]);
  });

  it('the second counts from the last subscriber: panels subscribing every 600 ms share one connection', async () => {
    // A loaded machine took over a second from the bell to the last panel: the connection opened for the
    // first ones was reopened for the last.
    const { server, stream } = startingPage();
    for (const sensor of [3, 4, 5, 6]) {
      await vi.advanceTimersByTimeAsync(600);
      stream.subscribe(sensor, () => {});
    }
    // The last subscriber came at 2.4 s: the connection waits until 3.4 s.
    await opensOnceIn(server, 1000, 'sensor_ids=3,4,5,6&alerts=1');
  });

  it('a client that never settles does not hold the first connection back: it opens 5 s after the first subscriber', async () => {
    const { server, stream, http } = startingPage(9000);
    void http.get('/api/v1/export');
    // A new sensor every 600 ms for 9 s, and a request under way all along; when did the first connection open?
    let openedAt: number | undefined;
    for (let ms = 100; ms <= 9000; ms += 100) {
      await vi.advanceTimersByTimeAsync(100);
      if (ms % 600 === 0) stream.subscribe(ms / 600, () => {});
      if (server.connections.length) openedAt ??= ms;
    }
    expect(openedAt).toBe(5000);
    // With the eight sensors subscribed by then (0.6 … 4.8 s); the later ones widen it, as on any open stream.
    expect(server.connections[0]!.url).toBe(
      'https://api.matnat.test/api/v1/stream?sensor_ids=1,2,3,4,5,6,7,8&alerts=1',
    );
  });

  it("a connection lost soon after the first opened is reopened once, after the back-off: the wait's deadline opens none", async () => {
    const { server, http } = startingPage();
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.connections).toHaveLength(1);
    server.connections[0]!.end();
    server.refusals.push({ status: 503, body: { message: 'Underhåll' } });
    // Refused after 1 s; the next try waits 2 s, and a request answered meanwhile does not bring it forward.
    await vi.advanceTimersByTimeAsync(1000);
    void http.get('/api/v1/notification');
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.connections).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.connections).toHaveLength(2);
    expect(server.connections[1]!.signal.aborted).toBe(false);
  });

  it('an embed token never asks for alerts (it has none to hear)', async () => {
    const { server, stream } = setup({ embedToken: 'mtn_emb_x' });
    stream.onEvent(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(server.connections).toHaveLength(0);
  });
});
