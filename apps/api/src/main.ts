import { buildApp } from './app.js';
import { seedDemoAccounts } from './auth/demoAccounts.js';
import { pruneSessions } from './auth/session.js';
import { loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { seedDemo } from './seed/index.js';
import { hasSimulatedDevices, startSimulator } from './simulator.js';

async function start(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const app = await buildApp({ config, database });
  const log = app.log;

  const migrations = await migrateToLatest(database.db);
  for (const result of migrations.results ?? []) log.info({ migration: result.migrationName }, 'migrated');

  const users = await database.db.selectFrom('users').select('id').limit(1).execute();
  if (users.length === 0 && config.seedDemo) {
    log.info('empty database: seeding the demo accounts and world');
    const accounts = await seedDemoAccounts(database.db, config.password);
    const world = await seedDemo(database.db, { accounts });
    log.info({ devices: world.devices, sensors: world.sensors }, 'demo world ready');
    log.info(
      { accounts: ['admin@matnat.se', 'anna@matnat.se', 'erik@matnat.se'], password: 'matnat-demo' },
      'demo accounts ready',
    );
    log.info({ link: `${config.appUrl}${accounts.invitePath}` }, 'invite of ny@matnat.se');
  }
  const pruneAll = async () => {
    await pruneSessions(app);
    await app.throttle.prune();
  };
  await pruneAll();
  const prune = setInterval(
    () => void pruneAll().catch((err) => log.warn({ err }, 'prune failed')),
    3_600_000,
  );
  prune.unref();

  // Only the demo world has devices of the simulator's own: anywhere else it does not run at all.
  const stopSimulator =
    config.simulate && (await hasSimulatedDevices(database.db))
      ? startSimulator(database.db, app.ingest.queue, {
          onError: (err) => log.warn({ err }, 'simulator round failed'),
        })
      : null;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    clearInterval(prune);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await stopSimulator?.();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  log.info(
    { url: `http://localhost:${config.port}`, database: database.dialect, frontend: config.frontendDir },
    'Mätnät API ready',
  );
}

start().catch((err) => {
  console.error(err);
  process.exit(1);
});
