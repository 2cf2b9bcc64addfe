import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../db/database.js';
import type { DB } from '../db/types.js';
import { testDialects } from '../test/harness.js';
import {
  annasDevice,
  prepareServerDatabase,
  type ServerProcess,
  sendAs,
  signIn,
  startServer,
  waitFor,
} from '../test/processes.js';

const dialects = await testDialects();
const SECRET = 'mtn_int_alert_process_secret';

/** A device of anna's team (known by EUI to ingestion) with a temperature sensor and an alert on it. */
async function alertOnDevice(db: Kysely<DB>, eui: string, spec: { no_data_minutes?: number } = {}) {
  const at = new Date().toISOString();
  const { teamId, sensorId } = await annasDevice(db, eui);
  const anna = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'anna@matnat.se')
    .executeTakeFirstOrThrow();
  const alert = await db
    .insertInto('alerts')
    .values({
      team_id: teamId,
      user_id: anna.id,
      name: `Värme ${eui}`,
      no_data_minutes: spec.no_data_minutes ?? null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('alert_conditions')
    .values({ alert_id: alert.id, sensor_id: sensorId, operator: '>', threshold: 30, duration_s: 0 })
    .execute();
  return { alertId: alert.id, sensorId };
}

function post(server: ServerProcess, eui: string, value: number, ts = Date.now()) {
  return fetch(`${server.url}/api/v1/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
    body: JSON.stringify({ device: eui, readings: [{ sensor: 'temperature', value, ts }] }),
  });
}

async function servers(dialect: Dialect) {
  const dir = mkdtempSync(join(tmpdir(), 'matnat-alert-processes-'));
  const prepared = await prepareServerDatabase(dialect, dir, SECRET);
  const started: ServerProcess[] = [];
  return {
    prepared,
    async start(env: Record<string, string> = {}) {
      const server = await startServer({ ...prepared.env, ...env });
      started.push(server);
      return server;
    },
    async close() {
      for (const server of started) await server.kill('SIGKILL');
      await prepared.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.each(dialects)('issue 11: alerts against the real server (%s)', (dialect) => {
  let s: Awaited<ReturnType<typeof servers>>;
  beforeAll(async () => {
    s = await servers(dialect);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('a reading over the threshold posted to the ingestion API: within 2 s the SSE stream carries the alert event and the notification', async () => {
    const { alertId, sensorId } = await alertOnDevice(s.prepared.database.db, 'ALERTSSE00000001');
    const server = await s.start();
    const cookie = await signIn(server.url, 'anna@matnat.se');
    const controller = new AbortController();
    const stream = await fetch(`${server.url}/api/v1/stream?alerts=1`, {
      headers: { cookie },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = (await reader.read()).value ?? '';
    const started = Date.now();
    expect((await post(server, 'ALERTSSE00000001', 31.2)).status).toBe(200);
    const timeout = setTimeout(() => controller.abort(), 2000);
    try {
      while (!text.includes('event: notification')) text += (await reader.read()).value ?? '';
    } finally {
      clearTimeout(timeout);
      controller.abort();
    }
    expect(Date.now() - started).toBeLessThan(2000);
    const alertData = JSON.parse(/event: alert\ndata: (.*)\n/.exec(text)![1]!);
    expect(alertData).toMatchObject({
      type: 'alert',
      alert_id: alertId,
      sensor_id: sensorId,
      kind: 'value',
      state: 'firing',
      value: 31.2,
    });
    const notification = JSON.parse(/event: notification\ndata: (.*)\n/.exec(text)![1]!);
    expect(notification.notification).toMatchObject({ level: 'warn', alert_id: alertId });
    expect(notification.notification.body).toContain('mätte 31,2 °C');
  }, 60_000);

  it('erik (another team) hears nothing of anna’s alert; an embed token cannot ask for alerts', async () => {
    await alertOnDevice(s.prepared.database.db, 'ALERTSSE00000002');
    const server = await s.start();
    const cookie = await signIn(server.url, 'erik@matnat.se');
    const controller = new AbortController();
    const stream = await fetch(`${server.url}/api/v1/stream?alerts=1`, {
      headers: { cookie },
      signal: controller.signal,
    });
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = (await reader.read()).value ?? '';
    expect((await post(server, 'ALERTSSE00000002', 35)).status).toBe(200);
    const timeout = setTimeout(() => controller.abort(), 1000);
    try {
      for (;;) text += (await reader.read()).value ?? '';
    } catch {
      // aborted after a second
    } finally {
      clearTimeout(timeout);
    }
    expect(text).not.toContain('event: alert');
    expect(text).not.toContain('event: notification');
    const embed = await fetch(`${server.url}/api/v1/stream?alerts=1`, {
      headers: { authorization: 'Bearer mtn_emb_not_a_real_token' },
    });
    expect([401, 422]).toContain(embed.status);
  }, 60_000);
});

// Several API processes share one database only on PostgreSQL (SQLite is one process's file).
describe.each(dialects.filter((d) => d === 'postgres'))('issue 11: two API processes (%s)', (dialect) => {
  let s: Awaited<ReturnType<typeof servers>>;
  beforeAll(async () => {
    s = await servers(dialect);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('the same readings posted to both processes at once fire each episode once; both sweeps fire a silence once', async () => {
    const db = s.prepared.database.db;
    const { alertId } = await alertOnDevice(db, 'ALERTTWO00000001', { no_data_minutes: 1 });
    const env = { ALERT_SWEEP_MS: '100' };
    const [a, b] = [await s.start(env), await s.start(env)];
    const base = Date.now() - 5 * 60_000;
    for (const [i, value] of [31, 32, 20, 33, 34, 21].entries()) {
      const ts = base + i * 1000;
      const answers = await Promise.all([
        post(a, 'ALERTTWO00000001', value, ts),
        post(b, 'ALERTTWO00000001', value, ts),
      ]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
    }
    // The readings are five minutes old: both processes' sweeps find the sensor silent for a minute.
    await waitFor(async () => {
      const rows = await db
        .selectFrom('alert_history')
        .select('id')
        .where('alert_id', '=', alertId)
        .where('kind', '=', 'no_data')
        .execute();
      return rows.length > 0;
    }, 'the silence to fire');
    await new Promise((r) => setTimeout(r, 500));
    const history = await db
      .selectFrom('alert_history')
      .select(['kind', 'event', 'episode'])
      .where('alert_id', '=', alertId)
      .orderBy('id')
      .execute();
    const of = (kind: string) => history.filter((h) => h.kind === kind).map((h) => `${h.event}#${h.episode}`);
    expect(of('value')).toEqual(['firing#1', 'resolved#1', 'firing#2', 'resolved#2']);
    expect(of('no_data')).toEqual(['firing#1']);
    const notices = await db
      .selectFrom('notifications')
      .innerJoin('users', 'users.id', 'notifications.user_id')
      .select('notifications.id')
      .where('users.email', '=', 'anna@matnat.se')
      .where('alert_id', '=', alertId)
      .execute();
    expect(notices).toHaveLength(5);
  }, 120_000);

  it('issue 27 point 3: an alert created or edited through one process holds at once for a reading sent through the other', async () => {
    const db = s.prepared.database.db;
    // The sensor exists, no alert watches it yet.
    const { alertId: other, sensorId } = await alertOnDevice(db, 'ALERTDEF00000001');
    await db.deleteFrom('alerts').where('id', '=', other).execute();
    const [a, b] = [await s.start(), await s.start()];
    // B has just loaded its alerts (a reading of its own), which it would otherwise trust for 5 s.
    expect((await post(b, 'ALERTDEF00000001', 10)).status).toBe(200);
    const cookie = await signIn(a.url, 'anna@matnat.se');
    const created = await sendAs(a.url, cookie, 'POST', '/api/v1/alert', {
      name: 'Ny värmevakt',
      conditions: [{ sensor_id: sensorId, operator: '>', threshold: 40 }],
    });
    expect(created.status).toBe(201);
    const alertId = ((await created.json()) as { data: { id: number } }).data.id;
    const sentAt = Date.now();
    expect((await post(b, 'ALERTDEF00000001', 41)).status).toBe(200);
    const events = async () =>
      (
        await db
          .selectFrom('alert_history')
          .select(['event', 'value'])
          .where('alert_id', '=', alertId)
          .orderBy('id')
          .execute()
      ).map((h) => `${h.event}:${h.value}`);
    await waitFor(async () => (await events()).length === 1, 'B to fire the alert A created', 2000);
    expect(Date.now() - sentAt).toBeLessThan(2000);
    expect(await events()).toEqual(['firing:41']);
    // Edited through A: B resolves on the new threshold at once (41 is no longer over 45).
    const edited = await sendAs(a.url, cookie, 'PATCH', `/api/v1/alert/${alertId}`, {
      conditions: [{ sensor_id: sensorId, operator: '>', threshold: 45 }],
    });
    expect(edited.status).toBe(200);
    expect((await post(b, 'ALERTDEF00000001', 42)).status).toBe(200);
    await waitFor(async () => (await events()).length === 2, 'B to resolve on the edited threshold', 2000);
    expect(await events()).toEqual(['firing:41', 'resolved:42']);
  }, 120_000);
});
