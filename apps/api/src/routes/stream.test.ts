import type { AddressInfo } from 'node:net';
import { ReadingEvent } from '@matnat/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWorldApp, type WorldApp } from '../seed/fixture.js';
import { createTestApp, type TestApp, type TestClient, testDialects } from '../test/harness.js';
import { ingestReadings } from '../test/ingest.js';
import { type OpenStream, openStream } from '../test/sse.js';
import { SHUTDOWN_RETRY_MS } from './stream.js';
import { STREAM_HEARTBEAT_MS } from './streamHub.js';

const dialects = await testDialects();

describe.each(dialects)('GET /api/v1/stream (%s)', (dialect) => {
  let w: WorldApp;
  let base: string;
  let north: number[];
  let southSensor: number;
  const opened: OpenStream[] = [];

  function cookieOf(client: TestClient): string {
    return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async function open(query: string, headers: Record<string, string>): Promise<OpenStream> {
    const stream = await openStream(`${base}/api/v1/stream${query}`, headers);
    opened.push(stream);
    return stream;
  }

  const reading = (sensor_id: number, value: number, ts = Date.now()) => ({ sensor_id, value, ts });

  async function eventually(check: () => boolean) {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(check()).toBe(true);
  }

  beforeAll(async () => {
    w = await createWorldApp(dialect);
    await w.app.listen({ port: 0, host: '127.0.0.1' });
    const address = w.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
    const teamSensors = async (team: number) =>
      (
        await w.db
          .selectFrom('sensors')
          .innerJoin('device_team', 'device_team.device_id', 'sensors.device_id')
          .select('sensors.id')
          .where('device_team.team_id', '=', team)
          .orderBy('sensors.id')
          .execute()
      ).map((row) => row.id);
    north = await teamSensors(w.accounts.teams.north);
    southSensor = (await teamSensors(w.accounts.teams.south))[0]!;
    expect(north.length).toBeGreaterThan(3);
  });
  afterEach(async () => {
    for (const stream of opened.splice(0)) stream.close();
    await eventually(() => w.app.readings.listenerCount() === 0);
  });
  afterAll(async () => {
    // fetch's pool may hold a spare connection that never carried a request; Node's close would wait for
    // it until headersTimeout. (Open streams themselves are ended on close: see the shutdown test below.)
    w?.app.server.closeAllConnections();
    await w?.close();
  });

  it('DESIGN §2 stream: a reading stored through the ingestion queue arrives as `event: reading` {sensor_id, value, measured_at}', async () => {
    const [sensor] = north as [number];
    const stream = await open(`?sensor_ids=${sensor}`, { cookie: cookieOf(w.anna) });
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-cache');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await stream.next()).toEqual({ retry: '5000' });

    const ts = Date.parse('2026-11-22T05:00:00.000Z');
    await ingestReadings(w.app, [reading(sensor, 7.25, ts)]);
    const block = await stream.next();
    expect(block.event).toBe('reading');
    const device = await w.db
      .selectFrom('sensors')
      .select('device_id')
      .where('id', '=', sensor)
      .executeTakeFirstOrThrow();
    expect(ReadingEvent.parse(JSON.parse(block.data!))).toEqual({
      type: 'reading',
      device_id: device.device_id,
      sensor_id: sensor,
      value: 7.25,
      measured_at: '2026-11-22T05:00:00.000Z',
    });
  });

  it('DESIGN §2 stream: readings of sensors the stream does not name are not sent', async () => {
    const [watched, other] = north as [number, number];
    const stream = await open(`?sensor_ids=${watched}`, { cookie: cookieOf(w.anna) });
    await stream.next();
    await ingestReadings(w.app, [reading(other, 1), reading(southSensor, 2)]);
    await ingestReadings(w.app, [reading(watched, 3)]);
    // Events keep their order: had the other sensors' readings been sent, they would come first.
    expect(JSON.parse((await stream.next()).data!)).toMatchObject({ sensor_id: watched, value: 3 });
  });

  it('DESIGN §2 stream: several sensors in one stream, each stored reading one event', async () => {
    const [a, b] = north as [number, number];
    const stream = await open(`?sensor_ids=${a},${b}`, { cookie: cookieOf(w.anna) });
    await stream.next();
    await ingestReadings(w.app, [reading(a, 10), reading(b, 20)]);
    const got = [JSON.parse((await stream.next()).data!), JSON.parse((await stream.next()).data!)];
    expect(got.map((e) => [e.sensor_id, e.value])).toEqual([
      [a, 10],
      [b, 20],
    ]);
  });

  it('DESIGN §2 stream: a sensor of another team is 404, alone or among readable ones; admins read all', async () => {
    const [own] = north as [number];
    expect((await w.anna.get(`/api/v1/stream?sensor_ids=${southSensor}`)).statusCode).toBe(404);
    const mixed = await w.anna.get(`/api/v1/stream?sensor_ids=${own},${southSensor}`);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toEqual({ message: expect.any(String) });
    expect((await w.anna.get('/api/v1/stream?sensor_ids=999999')).statusCode).toBe(404);
    expect(w.app.readings.listenerCount()).toBe(0);

    const stream = await open(`?sensor_ids=${own},${southSensor}`, { cookie: cookieOf(w.admin) });
    expect(stream.response.status).toBe(200);
  });

  it('DESIGN §2 stream: anonymous is 401; an embed token in `?token=` is not accepted', async () => {
    const [sensor] = north as [number];
    const guest = await w.client().get(`/api/v1/stream?sensor_ids=${sensor}`);
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ message: 'Unauthenticated.' });
    const created = await w.anna.post('/api/v1/embed-token', {
      name: 'Frågesträng',
      scopes: [
        `device:${(await w.db.selectFrom('sensors').select('device_id').where('id', '=', sensor).executeTakeFirstOrThrow()).device_id}`,
      ],
      allowed_origins: ['https://partner.example'],
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const token = created.json().data.token as string;
    expect((await w.client().get(`/api/v1/stream?sensor_ids=${sensor}&token=${token}`)).statusCode).toBe(401);
    // Issue 11: a token hears readings only, never alerts or notifications.
    const alerts = await w.client().get(`/api/v1/stream?sensor_ids=${sensor}&alerts=1`, {
      headers: { authorization: `Bearer ${token}`, origin: 'https://partner.example' },
    });
    expect(alerts.statusCode).toBe(422);
    expect(alerts.json().errors.alerts[0]).toBe(
      'En inbäddningsnyckel kan inte följa notiser, bara mätvärden.',
    );
    expect((await w.anna.get('/api/v1/stream?alerts=yes')).statusCode).toBe(422);
  });

  it('DESIGN §2 stream: sensor_ids is required, numeric and at most 100 ids (422 naming sensor_ids)', async () => {
    for (const query of [
      '',
      '?sensor_ids=',
      '?sensor_ids=abc',
      '?sensor_ids=1,,2',
      '?sensor_ids=0',
      '?sensor_ids=1.5',
      '?sensor_ids=99999999999',
    ]) {
      const res = await w.anna.get(`/api/v1/stream${query}`);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 422 });
      expect(res.json().errors.sensor_ids[0]).toContain('sensor_ids');
    }
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    const res = await w.anna.get(`/api/v1/stream?sensor_ids=${many}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('sensor_ids får innehålla högst 100 poster.');
  });

  it('DESIGN §2 stream: an embed token scoped to a device streams that device’s sensors (header only), with CORS', async () => {
    const origin = 'https://partner.example';
    const sensors = await w.db
      .selectFrom('sensors')
      .select(['id', 'device_id'])
      .where('id', 'in', north)
      .orderBy('id')
      .execute();
    const device = sensors[0]!.device_id;
    const ofDevice = sensors.filter((s) => s.device_id === device).map((s) => s.id);
    const foreign = sensors.find((s) => s.device_id !== device)!.id;
    const created = await w.anna.post('/api/v1/embed-token', {
      name: 'Partnersida',
      scopes: [`device:${device}`],
      allowed_origins: [origin],
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(created.statusCode).toBe(201);
    const auth = { authorization: `Bearer ${created.json().data.token}`, origin };

    const stream = await open(`?sensor_ids=${ofDevice.join(',')}`, auth);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('access-control-allow-origin')).toBe(origin);
    await stream.next();
    await ingestReadings(w.app, [reading(ofDevice[0]!, 42)]);
    expect(JSON.parse((await stream.next()).data!)).toMatchObject({ sensor_id: ofDevice[0], value: 42 });

    const outside = await w.client().get(`/api/v1/stream?sensor_ids=${foreign}`, { headers: auth });
    expect(outside.statusCode).toBe(404);
  });

  it('DESIGN §2 stream: closing the connection removes the subscription (no leaked listeners)', async () => {
    const ids = north.slice(0, 3);
    expect(w.app.readings.listenerCount()).toBe(0);
    const first = await open(`?sensor_ids=${ids.join(',')}`, { cookie: cookieOf(w.anna) });
    const second = await open(`?sensor_ids=${ids[0]}`, { cookie: cookieOf(w.anna) });
    await first.next();
    await second.next();
    expect(w.app.readings.listenerCount()).toBe(4);
    first.close();
    await eventually(() => w.app.readings.listenerCount() === 1);
    second.close();
    await eventually(() => w.app.readings.listenerCount() === 0);
    // Publishing with nobody listening is harmless.
    await ingestReadings(w.app, [reading(ids[0]!, 5)]);
  });

  it(`DESIGN §2 stream: a \`: ping\` comment every ${STREAM_HEARTBEAT_MS / 1000} s keeps a quiet stream open`, async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const stream = await open(`?sensor_ids=${north[0]}`, { cookie: cookieOf(w.anna) });
      await stream.next();
      vi.advanceTimersByTime(STREAM_HEARTBEAT_MS);
      expect(await stream.next()).toEqual({ comment: 'ping' });
      vi.advanceTimersByTime(STREAM_HEARTBEAT_MS);
      expect(await stream.next()).toEqual({ comment: 'ping' });
      stream.close();
      await eventually(() => w.app.readings.listenerCount() === 0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('DESIGN §2 stream: is listed in the route table as user-or-embed, without HEAD, and in the OpenAPI document', async () => {
    const routes = w.app.routeTable.filter((r) => r.url === '/api/v1/stream');
    expect(routes.map((r) => [r.method, r.guard])).toEqual([['GET', 'user-or-embed']]);
    const docs = (await w.client().get('/api/docs')).json();
    // sensor_ids may be left out with alerts=1 (issue 11), so neither is required in the document.
    expect(docs.paths['/api/v1/stream'].get.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'sensor_ids', in: 'query', required: false }),
        expect.objectContaining({ name: 'alerts', in: 'query', required: false }),
      ]),
    );
  });
});

describe.each(dialects)('GET /api/v1/stream and shutdown (%s)', (dialect) => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  // Its own server: a fetch client may hold idle pre-opened connections that would delay any close.
  it('DESIGN §2 stream, issue 23 point 5: closing the server ends open streams with a retry hint instead of waiting for them', async () => {
    t = await createTestApp({ dialect });
    const at = new Date().toISOString();
    const device = await t.db
      .insertInto('devices')
      .values({
        title: 'Spjut',
        external_device_id: 'stream-1',
        lat: 60,
        lng: 15,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sensor = await t.db
      .insertInto('sensors')
      .values({ device_id: device.id, type: 'temperature', name: 'Temperatur', unit: '°C', created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const admin = await t.loginAs('admin@matnat.se');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/stream?sensor_ids=${sensor.id}`, {
      headers: { cookie: [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    expect((await reader.read()).value).toBe('retry: 5000\n\n');
    expect(t.app.readings.listenerCount()).toBe(1);

    const started = Date.now();
    await t.app.close();
    // Far below the 72 s keep-alive timeout a lingering connection would hold the server for.
    expect(Date.now() - started).toBeLessThan(5_000);
    // Issue 23 point 5: the stream ends with a short retry hint (come back soon: to another process).
    expect((await reader.read()).value).toBe(`retry: ${SHUTDOWN_RETRY_MS}\n\n`);
    expect(await reader.read()).toEqual({ done: true, value: undefined });
    expect(t.app.readings.listenerCount()).toBe(0);
  });
});
