// The API on an existing SQLite file (BENCH_DB) or PostgreSQL database (BENCH_DATABASE_URL), for the
// benchmarks: prints {"port": n} once it listens.
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { loggerOptions } from '../src/http/logging.js';
import { profileThisProcess } from './cpuProfile.js';

const file = process.env.BENCH_DB;
const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!file && !databaseUrl) throw new Error('neither BENCH_DB nor BENCH_DATABASE_URL is set');
// Only the stream caps come from the environment (bench:fanout opens 10,000 streams of one token and IP).
const streamCaps = {
  STREAM_MAX_PER_TOKEN: process.env.STREAM_MAX_PER_TOKEN,
  STREAM_MAX_PER_CALLER: process.env.STREAM_MAX_PER_CALLER,
};
const config = loadConfig(streamCaps, {
  frontendDir: null,
  seedDemo: false,
  simulate: false,
  logLevel: 'info',
});
// BENCH_STATEMENT_CACHE=off: every statement prepared anew per query, to measure what the cache saves.
const database = openDatabase({
  dataDir: config.dataDir,
  sqliteFile: file,
  databaseUrl,
  statementCache: process.env.BENCH_STATEMENT_CACHE !== 'off',
});
// Production logging (pino at info with production's serializers: a line per request received and
// answered), written to /dev/null so that the measured cost includes serialising the logs but the bench
// output stays readable.
// BENCH_ANSWERS=plain: answers by JSON.stringify instead of the contract's serializers (the before of issue 25).
const app = await buildApp({
  config,
  database,
  logger: loggerOptions(config.logLevel, '/dev/null'),
  answers: process.env.BENCH_ANSWERS === 'plain' ? 'plain' : 'contract',
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
);
process.once('SIGTERM', () => {
  void app.close().then(() => database.close().then(() => process.exit(0)));
});

// BENCH_PROFILE_DIR: each SIGUSR2 starts a CPU profile of this process, the next one writes it there as
// server-N.cpuprofile (N = 1, 2, …), so a bench profiles only the phase it names.
const profileDir = process.env.BENCH_PROFILE_DIR;
if (profileDir) {
  let stop: (() => Promise<unknown>) | null = null;
  let profiles = 0;
  process.on('SIGUSR2', () => {
    if (stop) {
      void stop();
      stop = null;
    } else {
      profiles++;
      void profileThisProcess(`${profileDir}/server-${profiles}.cpuprofile`).then((s) => {
        stop = s;
      });
    }
  });
}
