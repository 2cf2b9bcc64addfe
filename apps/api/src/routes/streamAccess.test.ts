import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/session.js';
import { sha256 } from '../auth/tokens.js';
import { createWorldApp, type WorldApp } from '../seed/fixture.js';
import { createEmbedToken, PARTNER } from '../test/embed.js';
import type { TestClient } from '../test/harness.js';
import { testDialects } from '../test/harness.js';
import { ingestReadings } from '../test/ingest.js';
import {
  annasDevice,
  prepareServerDatabase,
  type ServerProcess,
  sendAs,
  signIn,
  startServer,
} from '../test/processes.js';
import { type OpenStream, openStream, untilEnded } from '../test/sse.js';
import { StreamSlots } from './streamAccess.js';

const dialects = await testDialects();

// Issue 28: access changes are pushed to the streams (no re-check timer); each ends within this.
const PROMISE_MS = 2_000;
const soon = (ms: number) => new Date(Date.now() + ms).toISOString();

/** Issue 12 finding 2: an open stream never outlives the access it was opened with. */
describe.each(dialects)('GET /api/v1/stream keeps to current access (%s)', (dialect) => {
  let w: WorldApp;
  let base: string;
  const opened: OpenStream[] = [];

  const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  async function open(sensorIds: number[], headers: Record<string, string>) {
    const stream = await openStream(`${base}/api/v1/stream?sensor_ids=${sensorIds.join(',')}`, headers);
    opened.push(stream);
    return stream;
  }
  async function opens(sensorIds: number[], headers: Record<string, string>) {
    const stream = await open(sensorIds, headers);
    expect(stream.response.status).toBe(200);
    expect(await stream.next()).toEqual({ retry: '5000' });
    return stream;
  }
  const sensorOf = (title: string) => w.ids.sensor(title, 'temperature');

  beforeAll(async () => {
    w = await createWorldApp(dialect);
    await w.app.listen({ port: 0, host: '127.0.0.1' });
    const address = w.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterEach(() => {
    for (const stream of opened.splice(0)) stream.close();
  });
  afterAll(async () => {
    w?.app.server.closeAllConnections();
    await w?.close();
  });

  it('issue 28: ends within 2 s of POST /api/logout, pushed (no re-check timer); the other session’s stream stays', async () => {
    const anna = await w.loginAs('anna@matnat.se');
    const other = await w.loginAs('anna@matnat.se');
    const sensor = await sensorOf('Temperaturspjut Abisko 1');
    const stream = await opens([sensor], { cookie: cookieOf(anna) });
    const kept = await opens([sensor], { cookie: cookieOf(other) });
    expect((await anna.post('/api/logout')).statusCode).toBe(204);
    await untilEnded(stream, PROMISE_MS);
    await ingestReadings(w.app, [{ sensor_id: sensor, ts: Date.now(), value: 7 }]);
    expect(JSON.parse((await kept.next()).data ?? '{}')).toMatchObject({ sensor_id: sensor, value: 7 });
  });

  it('issue 28: ends when the session expires, by one timer at its expiry', async () => {
    const anna = await w.loginAs('anna@matnat.se');
    await w.db
      .updateTable('sessions')
      .set({ expires_at: soon(1_000) })
      .where('id', '=', sha256(anna.cookies.get(SESSION_COOKIE) ?? ''))
      .execute();
    const stream = await opens([await sensorOf('Temperaturspjut Abisko 1')], { cookie: cookieOf(anna) });
    await untilEnded(stream, 1_000 + PROMISE_MS);
  });

  it('issue 28: ends within 2 s of DELETE /api/v1/embed-token/{id}, every stream of the token, pushed', async () => {
    const device = await w.ids.device('Temperaturspjut Kiruna 1');
    const { id, token } = await createEmbedToken(w.anna, [`device:${device}`]);
    const headers = { authorization: `Bearer ${token}`, origin: PARTNER };
    const sensor = await sensorOf('Temperaturspjut Kiruna 1');
    const streams = [await opens([sensor], headers), await opens([sensor], headers)];
    expect((await w.anna.delete(`/api/v1/embed-token/${id}`)).statusCode).toBe(204);
    await Promise.all(streams.map((stream) => untilEnded(stream, PROMISE_MS)));
  });

  it('issue 28: a token’s streams end when it expires, by one timer per token', async () => {
    const device = await w.ids.device('Temperaturspjut Kiruna 1');
    const { id, token } = await createEmbedToken(w.anna, [`device:${device}`]);
    await w.db
      .updateTable('embed_tokens')
      .set({ expires_at: soon(1_000) })
      .where('id', '=', id)
      .execute();
    const stream = await opens([await sensorOf('Temperaturspjut Kiruna 1')], {
      authorization: `Bearer ${token}`,
    });
    await untilEnded(stream, 1_000 + PROMISE_MS);
  });

  it('ends after an impersonation is reverted', async () => {
    const admin = await w.loginAs('admin@matnat.se');
    expect((await admin.post(`/api/v1/user/${w.accounts.anna.id}/impersonate`)).statusCode).toBe(200);
    const stream = await opens([await sensorOf('Temperaturspjut Abisko 1')], { cookie: cookieOf(admin) });
    const revert = await admin.post(`/api/v1/user/${w.accounts.admin.id}/impersonate/revert`);
    expect(revert.statusCode).toBe(200);
    await untilEnded(stream, PROMISE_MS);
  });

  it('drops the sensors of a device moved out of the user’s teams, and ends when none is left', async () => {
    const erik = await w.loginAs('erik@matnat.se');
    const [kept, moved] = [
      await sensorOf('Temperaturspjut Malmö 1'),
      await sensorOf('Temperaturspjut Lund 1'),
    ];
    const both = await opens([kept, moved], { cookie: cookieOf(erik) });
    const alone = await opens([moved], { cookie: cookieOf(erik) });
    const lund = await w.ids.device('Temperaturspjut Lund 1');
    const patch = await w.admin.patch(`/api/v1/device/${lund}`, { team_ids: [w.accounts.teams.north] });
    expect(patch.statusCode).toBe(200);
    await untilEnded(alone, PROMISE_MS);
    await ingestReadings(w.app, [
      { sensor_id: moved, ts: Date.now(), value: 1 },
      { sensor_id: kept, ts: Date.now(), value: 2 },
    ]);
    expect(JSON.parse((await both.next()).data ?? '{}')).toMatchObject({ sensor_id: kept, value: 2 });
  });

  it('a token stream ends when its creator loses access to the device', async () => {
    const device = await w.ids.device('Temperaturspjut Umeå 1');
    const { token } = await createEmbedToken(w.anna, [`device:${device}`]);
    const stream = await opens([await sensorOf('Temperaturspjut Umeå 1')], {
      authorization: `Bearer ${token}`,
    });
    await w.admin.patch(`/api/v1/device/${device}`, { team_ids: [w.accounts.teams.south] });
    await untilEnded(stream, PROMISE_MS);
  });

  it('issue 28: a user removed from their teams loses their streams within 2 s, and so do the tokens they made', async () => {
    const erik = await w.loginAs('erik@matnat.se');
    const sensor = await sensorOf('Temperaturspjut Malmö 1');
    const device = await w.ids.device('Temperaturspjut Malmö 1');
    const { token } = await createEmbedToken(erik, [`device:${device}`]);
    const own = await opens([sensor], { cookie: cookieOf(erik) });
    const embedded = await opens([sensor], { authorization: `Bearer ${token}` });
    const change = await w.admin.patch(`/api/v1/user/${w.accounts.erik.id}`, { team_ids: [] });
    expect(change.statusCode).toBe(200);
    await Promise.all([untilEnded(own, PROMISE_MS), untilEnded(embedded, PROMISE_MS)]);
  });

  it('at most STREAM_MAX_PER_CALLER (10) open streams per session: the 11th is 429; closing one frees its slot', async () => {
    const anna = await w.loginAs('anna@matnat.se');
    const sensor = await sensorOf('Temperaturspjut Abisko 1');
    const streams = [];
    for (let i = 0; i < 10; i++) streams.push(await opens([sensor], { cookie: cookieOf(anna) }));
    const eleventh = await open([sensor], { cookie: cookieOf(anna) });
    expect(eleventh.response.status).toBe(429);
    // Another session of the same user has slots of its own.
    const other = await w.loginAs('anna@matnat.se');
    await opens([sensor], { cookie: cookieOf(other) });
    streams[0]?.close();
    for (let i = 0; i < 50; i++) {
      const again = await open([sensor], { cookie: cookieOf(anna) });
      if (again.response.status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the closed stream’s slot was never freed');
  });

  it('Last-Event-ID replays the readings since that event, from at most 5 minutes back', async () => {
    const anna = await w.loginAs('anna@matnat.se');
    const sensor = await sensorOf('Temperaturspjut Piteå 1');
    const now = Date.now();
    // The seeded history may hold a reading of the last few minutes (on the hour): only ours count here.
    await w.db
      .deleteFrom('measurements')
      .where('sensor_id', '=', sensor)
      .where('ts', '>=', now - 15 * 60_000)
      .execute();
    await ingestReadings(w.app, [
      { sensor_id: sensor, ts: now - 8 * 60_000, value: 8 },
      { sensor_id: sensor, ts: now - 2 * 60_000, value: 2 },
      { sensor_id: sensor, ts: now - 60_000, value: 1 },
    ]);
    const after = await opens([sensor], {
      cookie: cookieOf(anna),
      'last-event-id': String(now - 2 * 60_000 + 1),
    });
    const event = await after.next();
    expect(event.id).toBe(String(now - 60_000));
    expect(JSON.parse(event.data ?? '{}')).toMatchObject({ sensor_id: sensor, value: 1 });
    const old = await opens([sensor], { cookie: cookieOf(anna), 'last-event-id': String(now - 10 * 60_000) });
    const values = [
      JSON.parse((await old.next()).data ?? '{}').value,
      JSON.parse((await old.next()).data ?? '{}').value,
    ];
    expect(values).toEqual([2, 1]);
  });
});

describe('StreamSlots', () => {
  const limits = { maxPerCaller: 2, maxPerToken: 3 };
  const visitor = (ip: string) =>
    ({ ip, authSession: null, embedScope: { tokenId: 7 } }) as unknown as Parameters<StreamSlots['take']>[0];

  it('counts a token per visitor (IP) and in all: each visitor gets maxPerCaller, all together maxPerToken', () => {
    const slots = new StreamSlots(() => limits);
    const a1 = slots.take(visitor('10.0.0.1'));
    slots.take(visitor('10.0.0.1'));
    expect(() => slots.take(visitor('10.0.0.1'))).toThrow(expect.objectContaining({ statusCode: 429 }));
    slots.take(visitor('10.0.0.2'));
    expect(() => slots.take(visitor('10.0.0.3'))).toThrow(expect.objectContaining({ statusCode: 429 }));
    a1();
    a1();
    expect(() => slots.take(visitor('10.0.0.3'))).not.toThrow();
  });
});

/** Issue 28: two API processes on one PostgreSQL; a change made through one ends streams on the other. */
describe.each(dialects.filter((d) => d === 'postgres'))('stream access across processes (%s)', (dialect) => {
  const dir = mkdtempSync(join(tmpdir(), 'matnat-stream-processes-'));
  let prepared: Awaited<ReturnType<typeof prepareServerDatabase>>;
  let servers: ServerProcess[] = [];
  let ids: { deviceId: number; sensorId: number };
  const opened: OpenStream[] = [];

  beforeAll(async () => {
    prepared = await prepareServerDatabase(dialect, dir, 'mtn_int_stream_processes');
    ids = await annasDevice(prepared.database.db, 'ACCE55C0FFEE0001');
    servers = await Promise.all([startServer(prepared.env), startServer(prepared.env)]);
  }, 120_000);
  afterEach(() => {
    for (const stream of opened.splice(0)) stream.close();
  });
  afterAll(async () => {
    for (const server of servers) await server.kill('SIGKILL');
    await prepared?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function opens(url: string, headers: Record<string, string>) {
    const stream = await openStream(`${url}/api/v1/stream?sensor_ids=${ids.sensorId}`, headers);
    opened.push(stream);
    expect(stream.response.status).toBe(200);
    expect(await stream.next()).toEqual({ retry: '5000' });
    return stream;
  }

  it('a token revoked through process B ends its stream on process A within 2 s', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const cookie = await signIn(b.url, 'anna@matnat.se');
    const created = await sendAs(b.url, cookie, 'POST', '/api/v1/embed-token', {
      name: 'Partnersidan',
      scopes: [`device:${ids.deviceId}`],
      allowed_origins: [PARTNER],
      expires_at: soon(86_400_000),
    });
    expect(created.status).toBe(201);
    const { id, token } = ((await created.json()) as { data: { id: number; token: string } }).data;
    const stream = await opens(a.url, { authorization: `Bearer ${token}` });
    expect((await sendAs(b.url, cookie, 'DELETE', `/api/v1/embed-token/${id}`)).status).toBe(204);
    await untilEnded(stream, PROMISE_MS);
  }, 30_000);

  it('a session logged out through process B ends its stream on process A within 2 s', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const cookie = await signIn(a.url, 'anna@matnat.se');
    const stream = await opens(a.url, { cookie });
    expect((await sendAs(b.url, cookie, 'POST', '/api/logout')).status).toBe(204);
    await untilEnded(stream, PROMISE_MS);
  }, 30_000);
});
