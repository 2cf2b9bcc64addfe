// `npm run bench:alerts`: the alert evaluator of issue 11 with 10,000 alerts over 100,000 sensors (ten
// sensors each, half of the alerts also watching for silence), on SQLite and PostgreSQL: the cost of an
// arriving reading (µs) in batches and alone, with and without transitions, and the no-data sweep's time.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { AlertEvaluator } from '../src/alerts/evaluator.js';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import type { DB } from '../src/db/types.js';
import { writeReadings } from '../src/measurements/store.js';
import { createPostgresDatabase } from '../src/test/harness.js';
import { startReceiver } from '../src/test/receiver.js';
import { WebhookDeliverer } from '../src/webhooks/deliverer.js';
import { sealSecret } from '../src/webhooks/secrets.js';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 10_000);
const PER_ALERT = 10;
const SENSORS = ALERTS * PER_ALERT;
const ONLY = (process.env.BENCH_ONLY ?? 'sqlite,postgres').split(',');
const NOW = Date.UTC(2026, 10, 25, 12);

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

/** A team, 1,000 devices with 100 sensors each, one reading per sensor a minute ago, the alerts. */
async function world(db: Kysely<DB>) {
  const at = new Date(NOW).toISOString();
  const team = await db
    .insertInto('teams')
    .values({ name: 'Bench', created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({
      name: 'Bench',
      email: 'bench@matnat.se',
      password_hash: null,
      is_admin: 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const devices = Array.from({ length: SENSORS / 100 }, (_, i) => ({
    title: `Bänk ${i}`,
    external_device_id: `BENCH${i}`,
    created_at: at,
    updated_at: at,
  }));
  await insertChunks(devices, (chunk) => db.insertInto('devices').values(chunk).execute());
  const deviceIds = (await db.selectFrom('devices').select('id').orderBy('id').execute()).map((d) => d.id);
  const sensors = deviceIds.flatMap((device_id) =>
    Array.from({ length: 100 }, (_, i) => ({
      device_id,
      type: 'temperature' as const,
      name: `T${i}`,
      unit: '°C',
      created_at: at,
    })),
  );
  await insertChunks(sensors, (chunk) => db.insertInto('sensors').values(chunk).execute());
  const sensorIds = (await db.selectFrom('sensors').select('id').orderBy('id').execute()).map((s) => s.id);
  await writeReadings(
    db,
    sensorIds.map((sensor_id) => ({ sensor_id, ts: NOW - 60_000, value: 20 })),
  );
  const alerts = Array.from({ length: ALERTS }, (_, i) => ({
    team_id: team.id,
    user_id: user.id,
    name: `Larm ${i}`,
    no_data_minutes: i % 2 === 0 ? 30 : null,
    renotify_minutes: 60,
    muted_until: null,
    created_at: at,
    updated_at: at,
  }));
  await insertChunks(alerts, (chunk) => db.insertInto('alerts').values(chunk).execute());
  const alertIds = (await db.selectFrom('alerts').select('id').orderBy('id').execute()).map((a) => a.id);
  const conditions = alertIds.flatMap((alert_id, a) =>
    Array.from({ length: PER_ALERT }, (_, k) => ({
      alert_id,
      sensor_id: sensorIds[a * PER_ALERT + k]!,
      operator: '>' as const,
      threshold: 30,
      duration_s: 0,
      clear_threshold: 28,
    })),
  );
  await insertChunks(conditions, (chunk) => db.insertInto('alert_conditions').values(chunk).execute());
  return { sensorIds, alertIds, teamId: team.id };
}

const BENCH_KEY = 'bench-app-key-of-32-characters-at-least';

/** Issue 24: every alert posts to one webhook channel, a real local receiver; returns it. */
async function webhookOfAll(db: Kysely<DB>, teamId: number, alertIds: number[], url: string) {
  const at = new Date(NOW).toISOString();
  const channel = await db
    .insertInto('webhook_channels')
    .values({
      team_id: teamId,
      created_by: null,
      name: 'Bänk',
      url,
      format: 'json',
      secret: sealSecret(BENCH_KEY, 'whsec_bench'),
      failures: 0,
      paused_at: null,
      pause_reason: null,
      last_delivery_at: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertChunks(
    alertIds.map((alert_id) => ({ alert_id, channel_id: channel.id })),
    (chunk) => db.insertInto('alert_webhooks').values(chunk).execute(),
  );
}

const micros = (ms: number, n: number) => ((ms * 1000) / n).toFixed(1);

async function run(dialect: 'sqlite' | 'postgres') {
  const dir = mkdtempSync(join(tmpdir(), 'matnat-bench-alerts-'));
  const pg = dialect === 'postgres' ? await createPostgresDatabase() : null;
  const database = openDatabase({ dataDir: dir, databaseUrl: pg?.url ?? null });
  try {
    await migrateToLatest(database.db);
    const db = database.db;
    let t = performance.now();
    const { sensorIds, alertIds, teamId } = await world(db);
    const receiver = await startReceiver();
    await webhookOfAll(db, teamId, alertIds, `${receiver.url}/bench`);
    const deliverer = new WebhookDeliverer({
      db,
      config: {
        allowPrivate: ['127.0.0.1'],
        timeoutMs: 5000,
        maxAttempts: 8,
        retryBaseMs: 1000,
        pauseAfter: 3,
        pollMs: 1000,
      },
      appKey: BENCH_KEY,
      appUrl: 'http://localhost:3000',
      log: { warn: () => {}, error: () => {}, info: () => {}, child: () => ({}) } as never,
    });
    deliverer.start();
    console.log(
      `${dialect}: ${ALERTS} alerts over ${sensorIds.length} sensors set up in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    let clock = NOW;
    let mails = 0;
    const evaluator = new AlertEvaluator({
      db,
      now: () => clock,
      mail: () => mails++,
      webhooksQueued: () => deliverer.kick(),
    });
    t = performance.now();
    await evaluator.refresh();
    console.log(`  loading the alerts: ${(performance.now() - t).toFixed(0)} ms`);
    const pick = (i: number) => sensorIds[(i * 7919) % sensorIds.length]!;
    let ts = NOW;

    // Readings within range: the common case, no transition (a map lookup and one state read a batch).
    const batches = 50;
    const size = 1000;
    t = performance.now();
    for (let b = 0; b < batches; b++) {
      ts += 1000;
      await evaluator.onReadings(
        Array.from({ length: size }, (_, i) => ({ sensor_id: pick(b * size + i), ts, value: 21 })),
      );
    }
    const batched = performance.now() - t;
    console.log(
      `  ${batches} batches of ${size} readings, no transition: ${micros(batched, batches * size)} µs a reading`,
    );

    const single = 2000;
    t = performance.now();
    for (let i = 0; i < single; i++) {
      ts += 1;
      await evaluator.onReadings([{ sensor_id: pick(i), ts, value: 21 }]);
    }
    const alone = performance.now() - t;
    console.log(`  ${single} readings one at a time, no transition: ${micros(alone, single)} µs a reading`);

    // 1 % of each batch crosses its threshold: firing, notifications (no team members here), history.
    t = performance.now();
    let fired = 0;
    // When each firing sensor's reading was handed to the evaluator (wall clock): its webhook's delay.
    const handed = new Map<number, number>();
    for (let b = 0; b < 20; b++) {
      ts += 1000;
      const readings = Array.from({ length: size }, (_, i) => ({
        sensor_id: pick(100_000 + b * size + i),
        ts,
        value: i % 100 === 0 ? 35 : 21,
      }));
      fired += readings.filter((r) => r.value > 30).length;
      const at = Date.now();
      for (const r of readings) if (r.value > 30) handed.set(r.sensor_id, at);
      await evaluator.onReadings(readings);
    }
    const firing = performance.now() - t;
    const arrived = await receiver.waitFor('/bench', fired, 60_000);
    const delays = arrived.map((r) => r.at - handed.get(JSON.parse(r.body).sensor.id)!).sort((a, b) => a - b);
    const q = (p: number) => delays[Math.min(delays.length - 1, Math.floor(p * delays.length))]!;
    console.log(
      `  webhooks of those firings (one channel, a local receiver): ${delays.length} delivered, ` +
        `reading→receiver p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${delays.at(-1)} ms, ` +
        `${delays.filter((d) => d <= 2000).length} within 2 s`,
    );
    await deliverer.stop();
    await receiver.close();
    // The sweeps below measure the evaluator alone, as before the webhooks.
    await db.deleteFrom('alert_webhooks').execute();
    await evaluator.refresh();
    console.log(
      `  20 batches of ${size} readings, 1 % firing (${fired} firings): ${micros(firing, 20 * size)} µs a reading`,
    );

    // The sweep: half of the alerts watch 50,000 sensors for silence; first all quiet, then all silent.
    clock = NOW + 10 * 60_000;
    t = performance.now();
    await evaluator.sweep();
    const quietSweep = performance.now() - t;
    clock = NOW + 60 * 60_000;
    t = performance.now();
    await evaluator.sweep();
    const silentSweep = performance.now() - t;
    const silent = await db
      .selectFrom('alert_states')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'no_data')
      .where('state', '=', 'firing')
      .executeTakeFirstOrThrow();
    console.log(
      `  no-data sweep over ${sensorIds.length / 2} watched sensors, none silent: ${quietSweep.toFixed(0)} ms`,
    );
    console.log(
      `  no-data sweep, ${silent.n} silent (each a firing written): ${(silentSweep / 1000).toFixed(1)} s`,
    );
    t = performance.now();
    clock += 1000;
    await evaluator.sweep();
    console.log(
      `  the next sweep (all already firing, repeats not due): ${(performance.now() - t).toFixed(0)} ms`,
    );
    return { batched, alone, firing, quietSweep, silentSweep };
  } finally {
    await database.close();
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `machine: ${cpus().length} cores, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const dialect of ['sqlite', 'postgres'] as const) if (ONLY.includes(dialect)) await run(dialect);
console.log(
  `load after: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
