// Starts Mätnät with demo data on an embedded SQLite database: installs, builds, then runs the API
// server, which serves the reference app from the same origin (http://localhost:3000 by default), and
// prints where to go: the address, the demo accounts and the demo invitation's link.
import { serveDemo } from './demo.mjs';
import { pnpm } from './pnpm.mjs';

const run = (args) => {
  const status = pnpm(args);
  if (status !== 0) process.exit(status);
};

run(['install', '--frozen-lockfile']);
run(['run', 'build:app']);
const server = serveDemo();
// Ctrl-C reaches the server too (one process group): it shuts down gracefully, and this process with it.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => server.kill('SIGTERM'));
server.on('exit', (code) => process.exit(code ?? 1));
