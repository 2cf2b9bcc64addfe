// Starts Mätnät with demo data on an embedded SQLite database: installs, builds, then runs the API
// server, which serves the reference app from the same origin (http://localhost:3000 by default).
import { pnpm } from './pnpm.mjs';

const run = (args) => {
  const status = pnpm(args);
  if (status !== 0) process.exit(status);
};

run(['install', '--frozen-lockfile']);
run(['run', 'build:app']);
run(['--filter', '@matnat/api', 'start']);
