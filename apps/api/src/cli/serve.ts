import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { pruneSessions } from '../auth/session.js';
import { backupSchedule } from '../backup/backups.js';
import type { Config } from '../config.js';
import { type Database, migrateToLatest, openDatabase } from '../db/database.js';
import { hasSimulatedDevices, startSimulator } from '../simulator.js';
import { CliError, type Command, EXIT } from './command.js';
import { checkReachable } from './reachable.js';
import { isEmpty, seedDemoWorld } from './seed.js';
import { configFrom } from './setup.js';

const HOUR = 3_600_000;

/** Migrations, the demo world on an empty database (when SEED_DEMO), and the hourly pruning. */
async function prepare(app: FastifyInstance, database: Database): Promise<() => void> {
  const { config, log } = app;
  const migrations = await migrateToLatest(database.db);
  for (const result of migrations.results ?? []) log.info({ migration: result.migrationName }, 'migrated');
  if (config.seedDemo && (await isEmpty(database.db))) {
    log.info('empty database: seeding the demo accounts and world');
    const world = await seedDemoWorld(database.db, config, app.mailer, log);
    log.info(world, 'demo world ready');
  }
  const pruneAll = async () => {
    await pruneSessions(app);
    await app.throttle.prune();
  };
  await pruneAll();
  const timer = setInterval(() => void pruneAll().catch((err) => log.warn({ err }, 'prune failed')), HOUR);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Runs the server until SIGTERM or SIGINT, then shuts down gracefully: `/api/ready` turns 503, no new
 * connections are accepted, live streams end with a short retry hint, requests in flight are answered,
 * the MQTT subscriber drains and acknowledges what it stored and ends its session, the ingestion queue
 * commits what it holds, the database closes. Past `SHUTDOWN_TIMEOUT` the process exits with 1 anyway.
 * Resolves with the exit status.
 */
export async function serve(config: Config): Promise<number> {
  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const app = await buildApp({ config, database });
  const log = app.log;
  const stopPruning = await prepare(app, database);
  // Only the demo world has devices of the simulator's own: anywhere else it does not run at all.
  const stopSimulator =
    config.simulate && (await hasSimulatedDevices(database.db))
      ? startSimulator(database.db, app.ingest.queue, {
          onError: (err) => log.warn({ err }, 'simulator round failed'),
        })
      : null;

  const backups = config.backup.dir ? backupSchedule(config, database, log) : null;
  await backups?.start();

  const stopped = new Promise<number>((resolve) => {
    let stopping = false;
    const shutdown = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      app.draining = true;
      log.info({ signal, timeout_ms: config.shutdownTimeoutMs }, 'shutting down');
      const force = setTimeout(() => {
        log.error(
          { timeout_ms: config.shutdownTimeoutMs },
          'shutdown took longer than SHUTDOWN_TIMEOUT: exiting',
        );
        process.exit(EXIT.failed);
      }, config.shutdownTimeoutMs);
      force.unref();
      try {
        stopPruning();
        await backups?.stop();
        await stopSimulator?.();
        await app.close();
        await database.close();
        log.info('shut down cleanly');
        resolve(EXIT.ok);
      } catch (err) {
        log.error({ err }, 'shutdown failed');
        resolve(EXIT.failed);
      }
    };
    process.once('SIGINT', () => void shutdown('SIGINT'));
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    await database.close();
    const code = (error as { code?: string }).code ?? String(error);
    throw new CliError(`cannot listen on ${config.host}:${config.port} (${code})`, EXIT.failed, 'PORT');
  }
  log.info(
    { url: `http://localhost:${config.port}`, database: database.dialect, frontend: config.frontendDir },
    'Mätnät API ready',
  );
  return stopped;
}

export const serveCommand: Command = {
  summary: 'run the API server (migrates first; seeds an empty database unless NODE_ENV=production)',
  usage: 'serve',
  help: [
    'Configured by environment variables (docs/operations.md). Checks the settings, that the database',
    'and the MQTT broker (MQTT_URL) answer, migrates, then serves until SIGTERM/SIGINT, which it answers',
    'with a graceful shutdown within SHUTDOWN_TIMEOUT.',
    '',
    'Exit status: 0 after a clean shutdown, 78 for a setting that cannot work, 1 otherwise.',
  ].join('\n'),
  positionals: 0,
  async run(_input, io) {
    const config = configFrom(io);
    await checkReachable(config, io.env.PATH);
    return serve(config);
  },
};
