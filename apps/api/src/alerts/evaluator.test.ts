import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '../db/types.js';
import type { MailMessage } from '../mail/mailer.js';
import { writeReadings } from '../measurements/store.js';
import { createTestApp, type TestApp, testDialects } from '../test/harness.js';
import type { AlertMessage } from './bus.js';
import { AlertEvaluator } from './evaluator.js';

const dialects = await testDialects();
const T0 = Date.UTC(2026, 0, 15, 11, 0); // 12:00 in Stockholm
const MIN = 60_000;

interface AlertSpec {
  operator?: '>' | '>=' | '<' | '<=';
  threshold?: number;
  duration_s?: number;
  clear_threshold?: number | null;
  no_data_minutes?: number | null;
  renotify_minutes?: number | null;
  muted_until?: string | null;
}

/** A device of anna's team with one temperature sensor, and an alert on it created at T0. */
async function setup(db: Kysely<DB>, team: number, owner: number, spec: AlertSpec) {
  const at = new Date(T0).toISOString();
  const tag = Math.random().toString(36).slice(2, 10);
  const device = await db
    .insertInto('devices')
    .values({ title: `Testspjut ${tag}`, external_device_id: `T${tag}`, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('device_team').values({ device_id: device.id, team_id: team }).execute();
  const sensor = await db
    .insertInto('sensors')
    .values({ device_id: device.id, type: 'temperature', name: 'Temperatur', unit: '°C', created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const alert = await db
    .insertInto('alerts')
    .values({
      team_id: team,
      user_id: owner,
      name: `Värmelarm ${tag}`,
      no_data_minutes: spec.no_data_minutes ?? null,
      renotify_minutes: spec.renotify_minutes ?? null,
      muted_until: spec.muted_until ?? null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('alert_conditions')
    .values({
      alert_id: alert.id,
      sensor_id: sensor.id,
      operator: spec.operator ?? '>',
      threshold: spec.threshold ?? 30,
      duration_s: spec.duration_s ?? 0,
      clear_threshold: spec.clear_threshold ?? null,
    })
    .execute();
  return {
    alertId: alert.id,
    sensorId: sensor.id,
    deviceTitle: `Testspjut ${tag}`,
    alertName: `Värmelarm ${tag}`,
  };
}

describe.each(dialects)('issue 11: alert evaluation with fake time (%s)', (dialect) => {
  let t: TestApp;
  let clock = T0;
  let messages: AlertMessage[];
  let mails: MailMessage[];
  let w: Awaited<ReturnType<typeof setup>>;

  const evaluator = () =>
    new AlertEvaluator({
      db: t.db,
      now: () => clock,
      announce: (m) => messages.push(...m),
      mail: (m) => mails.push(m),
      refreshMs: 0,
    });
  const reading = (minutes: number, value: number) => ({
    sensor_id: w.sensorId,
    ts: T0 + minutes * MIN,
    value,
  });
  /** Stores and evaluates readings at T0 + minutes. */
  const feed = async (e: AlertEvaluator, ...points: [number, number][]) => {
    const readings = points.map(([m, v]) => reading(m, v));
    await writeReadings(t.db, readings);
    await e.onReadings(readings);
  };
  const sweepAt = async (e: AlertEvaluator, minutes: number) => {
    clock = T0 + minutes * MIN;
    await e.sweep();
  };
  const history = async () =>
    (
      await t.db
        .selectFrom('alert_history')
        .select(['kind', 'event', 'episode'])
        .where('alert_id', '=', w.alertId)
        .orderBy('id')
        .execute()
    ).map((h) => `${h.kind}:${h.event}#${h.episode}`);
  const state = async (kind = 'value') =>
    (
      await t.db
        .selectFrom('alert_states')
        .select('state')
        .where('alert_id', '=', w.alertId)
        .where('kind', '=', kind as 'value')
        .executeTakeFirst()
    )?.state ?? 'ok';
  const notifications = () =>
    t.db
      .selectFrom('notifications')
      .selectAll()
      .where('alert_id', '=', w.alertId)
      .where('user_id', '=', t.accounts.anna.id)
      .orderBy('id')
      .execute();
  const make = (spec: AlertSpec) => setup(t.db, t.accounts.teams.north, t.accounts.anna.id, spec);

  beforeAll(async () => {
    t = await createTestApp({ dialect, config: { alerts: { sweepMs: 3_600_000 } } });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    clock = T0;
    messages = [];
    mails = [];
  });

  it('pending that does not reach its duration goes back to ok and tells nobody; one that lasts fires', async () => {
    w = await make({ duration_s: 300 });
    const e = evaluator();
    await feed(e, [0, 31]);
    expect(await state()).toBe('pending');
    await feed(e, [4, 29]);
    expect(await state()).toBe('ok');
    expect(await notifications()).toEqual([]);
    await feed(e, [10, 31], [12, 32]);
    expect(await state()).toBe('pending');
    await feed(e, [15, 33]);
    expect(await state()).toBe('firing');
    expect(await history()).toEqual([
      'value:pending#0',
      'value:cancelled#0',
      'value:pending#0',
      'value:firing#1',
    ]);
    expect((await notifications()).length).toBe(1);
  });

  it('pending fires on the timer once its duration has passed without a reading against it', async () => {
    w = await make({ duration_s: 300 });
    const e = evaluator();
    await feed(e, [0, 31]);
    await sweepAt(e, 4);
    expect(await state()).toBe('pending');
    await sweepAt(e, 5);
    expect(await state()).toBe('firing');
  });

  it('issue 27 point 2: pending that fires on the timer tells each member once (no reminder in the same sweep, none without renotify_minutes)', async () => {
    w = await make({ threshold: 40, duration_s: 10 });
    const e = evaluator();
    await feed(e, [0, 41]);
    clock = T0 + 40_000;
    await e.sweep();
    expect(await state()).toBe('firing');
    expect(await history()).toEqual(['value:pending#0', 'value:firing#1']);
    expect((await notifications()).map((n) => n.title)).toEqual([`Larm: ${w.alertName}`]);
    expect(mails.filter((m) => m.to === 'anna@matnat.se')).toHaveLength(1);
    await sweepAt(e, 30);
    await sweepAt(e, 600);
    expect(await notifications()).toHaveLength(1);
  });

  it('firing tells every member of the team in Swedish: name, value, unit, device, Stockholm time, alert_id; and e-mails them', async () => {
    w = await make({});
    const e = evaluator();
    await feed(e, [0, 31.5]);
    const [n] = await notifications();
    expect(n).toMatchObject({
      level: 'warn',
      title: `Larm: ${w.alertName}`,
      alert_id: w.alertId,
      read_at: null,
    });
    expect(n!.body).toBe(`${w.deviceTitle} (Temperatur) mätte 31,5 °C den 15 januari 2026 kl. 12:00.`);
    const members = await t.db
      .selectFrom('notifications')
      .select('user_id')
      .where('alert_id', '=', w.alertId)
      .execute();
    expect(members.map((m) => m.user_id).sort()).toEqual([t.accounts.anna.id, t.accounts.ny.id].sort());
    expect(mails.map((m) => m.to).sort()).toEqual(['anna@matnat.se', 'ny@matnat.se']);
    expect(mails[0]!.subject).toBe(`Larm: ${w.alertName}`);
    const alertEvents = messages.filter((m) => m.event.type === 'alert');
    expect(alertEvents).toEqual([
      {
        teamId: t.accounts.teams.north,
        event: {
          type: 'alert',
          alert_id: w.alertId,
          sensor_id: w.sensorId,
          kind: 'value',
          state: 'firing',
          value: 31.5,
          at: new Date(T0).toISOString(),
        },
      },
    ]);
    expect(messages.filter((m) => 'userId' in m && m.userId === t.accounts.anna.id)).toHaveLength(1);
  });

  it('hysteresis: a value dancing around the threshold does not flap; it resolves only across the clear threshold', async () => {
    w = await make({ clear_threshold: 28 });
    const e = evaluator();
    await feed(e, [0, 31], [1, 29.5], [2, 30.2], [3, 29], [4, 30.4]);
    expect(await history()).toEqual(['value:firing#1']);
    await feed(e, [5, 28]);
    expect(await state()).toBe('resolved');
    await feed(e, [6, 30.5]);
    expect(await history()).toEqual(['value:firing#1', 'value:resolved#1', 'value:firing#2']);
    const texts = (await notifications()).map((n) => n.title);
    expect(texts).toEqual([`Larm: ${w.alertName}`, `Åter normalt: ${w.alertName}`, `Larm: ${w.alertName}`]);
  });

  it('without a clear threshold the same dance flaps (the hysteresis above is what prevents it)', async () => {
    w = await make({});
    const e = evaluator();
    await feed(e, [0, 31], [1, 29.5], [2, 30.2]);
    expect(await history()).toEqual(['value:firing#1', 'value:resolved#1', 'value:firing#2']);
  });

  it('no data for N minutes fires on the timer and clears when data returns', async () => {
    w = await make({ threshold: 100, no_data_minutes: 30 });
    const e = evaluator();
    await feed(e, [0, 20]);
    await sweepAt(e, 29);
    expect(await state('no_data')).toBe('ok');
    await sweepAt(e, 30);
    expect(await state('no_data')).toBe('firing');
    await sweepAt(e, 35);
    await feed(e, [40, 21]);
    expect(await state('no_data')).toBe('resolved');
    expect(await history()).toEqual(['no_data:firing#1', 'no_data:resolved#1']);
    const [fired, back] = await notifications();
    expect(fired).toMatchObject({ level: 'error', title: `Larm: ${w.alertName}` });
    expect(fired!.body).toContain('har inte skickat några mätvärden på 30 minuter');
    expect(fired!.body).toContain('15 januari 2026 kl. 12:30');
    expect(back).toMatchObject({ level: 'success', title: `Åter normalt: ${w.alertName}` });
    expect(back!.body).toBe(`${w.deviceTitle} (Temperatur) mätte 21 °C den 15 januari 2026 kl. 12:40.`);
  });

  it('issue 27 point 6: a silence of one minute is told as "på 1 minut", not "1 minuter"', async () => {
    w = await make({ threshold: 100, no_data_minutes: 1 });
    const e = evaluator();
    await feed(e, [0, 20]);
    await sweepAt(e, 1);
    const [fired] = await notifications();
    expect(fired!.body).toContain('har inte skickat några mätvärden på 1 minut (');
  });

  it('re-notifies at its interval while firing, and acknowledging (who, comment) stops the repeats', async () => {
    w = await make({ renotify_minutes: 10 });
    const e = evaluator();
    await feed(e, [0, 31]);
    await sweepAt(e, 5);
    await sweepAt(e, 10);
    await sweepAt(e, 15);
    await sweepAt(e, 20);
    expect((await notifications()).map((n) => n.title)).toEqual([
      `Larm: ${w.alertName}`,
      `Larm: ${w.alertName} (påminnelse)`,
      `Larm: ${w.alertName} (påminnelse)`,
    ]);
    expect((await notifications())[1]!.body).toBe(
      `Larmar fortfarande den 15 januari 2026 kl. 12:10. ${w.deviceTitle} (Temperatur) mätte 31 °C den 15 januari 2026 kl. 12:00.`,
    );
    clock = T0 + 21 * MIN;
    expect(await e.acknowledge(w.alertId, t.accounts.anna.id, 'Fönstret stängt')).toBe(1);
    await sweepAt(e, 40);
    await sweepAt(e, 60);
    expect(await notifications()).toHaveLength(3);
    const row = await t.db
      .selectFrom('alert_states')
      .selectAll()
      .where('alert_id', '=', w.alertId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      state: 'acknowledged',
      acknowledged_by: t.accounts.anna.id,
      comment: 'Fönstret stängt',
    });
    expect(await history()).toEqual([
      'value:firing#1',
      'value:renotified#1',
      'value:renotified#1',
      'value:acknowledged#1',
    ]);
    // Resolving ends the episode; acknowledging a resolved alert finds nothing.
    await feed(e, [61, 20]);
    expect(await state()).toBe('resolved');
    expect(await e.acknowledge(w.alertId, t.accounts.anna.id, null)).toBe(0);
  });

  it('a muted alert still changes state but tells nobody until the mute is over', async () => {
    w = await make({ muted_until: new Date(T0 + 60 * MIN).toISOString() });
    const e = evaluator();
    await feed(e, [0, 31]);
    expect(await state()).toBe('firing');
    expect(await notifications()).toEqual([]);
    expect(mails).toEqual([]);
    expect(messages.some((m) => m.event.type === 'alert')).toBe(true);
    await sweepAt(e, 30);
    expect(await notifications()).toEqual([]);
    await sweepAt(e, 60);
    expect((await notifications()).map((n) => n.title)).toEqual([`Larm: ${w.alertName} (påminnelse)`]);
  });

  it('restart in the middle of an episode: a new evaluator does not fire again, and resolves it', async () => {
    w = await make({ renotify_minutes: 10 });
    await feed(evaluator(), [0, 31]);
    const restarted = evaluator();
    await feed(restarted, [0, 31], [1, 32]);
    await sweepAt(restarted, 5);
    expect(await history()).toEqual(['value:firing#1']);
    expect(await notifications()).toHaveLength(1);
    await feed(restarted, [6, 25]);
    expect(await history()).toEqual(['value:firing#1', 'value:resolved#1']);
  });

  it('a reading delivered twice fires once, also to two evaluators at the same time (as two processes)', async () => {
    w = await make({});
    const [a, b] = [evaluator(), evaluator()];
    const r = reading(0, 35);
    await writeReadings(t.db, [r]);
    await Promise.all([a.onReadings([r]), b.onReadings([r]), a.onReadings([r])]);
    expect(await history()).toEqual(['value:firing#1']);
    expect(await notifications()).toHaveLength(1);
  });

  it('issue 11: the database refuses a condition with no target or two (migration 0008 check)', async () => {
    w = await make({});
    const device = await t.db
      .selectFrom('sensors')
      .select('device_id')
      .where('id', '=', w.sensorId)
      .executeTakeFirstOrThrow();
    const condition = (target: { sensor_id: number | null; device_id?: number; sensor_key?: string }) =>
      t.db
        .insertInto('alert_conditions')
        .values({ alert_id: w.alertId, operator: '>', threshold: 1, ...target })
        .execute();
    await expect(condition({ sensor_id: null })).rejects.toThrow();
    await expect(
      condition({ sensor_id: w.sensorId, device_id: device.device_id, sensor_key: 'temperature' }),
    ).rejects.toThrow();
    await expect(condition({ sensor_id: null, device_id: device.device_id })).rejects.toThrow();
    await condition({ sensor_id: null, device_id: device.device_id, sensor_key: 'temperature' });
  });

  it('the database refuses a second firing of one episode (unique history entry)', async () => {
    w = await make({});
    await feed(evaluator(), [0, 35]);
    const twice = t.db
      .insertInto('alert_history')
      .values({
        alert_id: w.alertId,
        sensor_id: w.sensorId,
        kind: 'value',
        episode: 1,
        event: 'firing',
        value: 35,
        at: new Date(T0).toISOString(),
        user_id: null,
        comment: null,
      })
      .execute();
    await expect(twice).rejects.toThrow();
  });

  it('issue 11 mass silence: 2,000 silent sensors of a kind condition fire each once, a batch of 500 per transaction; a second sweep fires nothing; their reminders go in batches too', async () => {
    const at = new Date(T0).toISOString();
    const device = await t.db
      .insertInto('devices')
      .values({ title: 'Tyst hall', external_device_id: 'TYST0001', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('device_team')
      .values({ device_id: device.id, team_id: t.accounts.teams.north })
      .execute();
    const sensors = Array.from({ length: 2000 }, (_, i) => ({
      device_id: device.id,
      type: 'temperature' as const,
      name: `Temperatur ${i + 1}`,
      unit: '°C',
      created_at: at,
    }));
    await t.db.insertInto('sensors').values(sensors).execute();
    const alert = await t.db
      .insertInto('alerts')
      .values({
        team_id: t.accounts.teams.north,
        user_id: t.accounts.anna.id,
        name: 'Tyst hall',
        no_data_minutes: 30,
        renotify_minutes: 60,
        muted_until: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('alert_conditions')
      .values({
        alert_id: alert.id,
        sensor_id: null,
        device_id: device.id,
        sensor_key: 'temperature',
        operator: '>',
        threshold: 100,
      })
      .execute();
    const commits: AlertMessage[][] = [];
    const e = new AlertEvaluator({
      db: t.db,
      now: () => clock,
      announce: (m) => commits.push([...m]),
      mail: (m) => mails.push(m),
      refreshMs: 0,
      sweepBatch: 500,
    });
    const ours = (m: AlertMessage) => m.event.type === 'alert' && m.event.alert_id === alert.id;
    const fired = () =>
      t.db
        .selectFrom('alert_history')
        .select(['sensor_id', 'event'])
        .where('alert_id', '=', alert.id)
        .execute();
    await sweepAt(e, 29);
    expect(await fired()).toEqual([]);
    await sweepAt(e, 30);
    const history = await fired();
    expect(history).toHaveLength(2000);
    expect(new Set(history.map((h) => h.sensor_id)).size).toBe(2000);
    expect(history.every((h) => h.event === 'firing')).toBe(true);
    // Other tests' alerts share the chunks, so the 2,000 span at most one batch more than 2000 / 500.
    const transactions = commits.filter((c) => c.some(ours));
    expect(transactions.length).toBeLessThanOrEqual(5);
    expect(transactions.flat().filter(ours)).toHaveLength(2000);
    const told = await t.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('alert_id', '=', alert.id)
      .executeTakeFirstOrThrow();
    expect(Number(told.n)).toBe(2000 * 2); // anna and ny, the team's members
    expect(mails.filter((m) => m.subject === 'Larm: Tyst hall')).toHaveLength(4000);
    await sweepAt(e, 31);
    await sweepAt(e, 89);
    expect(await fired()).toHaveLength(2000);
    expect(commits.filter((c) => c.some(ours))).toHaveLength(transactions.length);
    // An hour after firing, 2,000 reminders are due: batched like the firings.
    await sweepAt(e, 90);
    const reminded = (await fired()).filter((h) => h.event === 'renotified');
    expect(reminded).toHaveLength(2000);
    expect(commits.filter((c) => c.some(ours)).length - transactions.length).toBeLessThanOrEqual(5);
  }, 120_000); // 2,000 sensors in four batches took over 30 s at load 17 on 2 cores; this is not a timing rule

  it('the operators < and ≤ fire below the threshold and clear above the clear threshold', async () => {
    w = await make({ operator: '<=', threshold: -25, clear_threshold: -23 });
    const e = evaluator();
    await feed(e, [0, -24], [1, -25], [2, -24], [3, -22.9]);
    expect(await history()).toEqual(['value:firing#1', 'value:resolved#1']);
  });
});
