// Runs pnpm whether or not it is installed globally: a fresh clone needs only Node and npm.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const version = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).packageManager.split('@')[1];

function hasGlobalPnpm() {
  const r = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  return r.status === 0 && r.stdout.trim() === version;
}

const viaGlobal = hasGlobalPnpm();

/** Runs `pnpm ...args`; returns the exit status. */
export function pnpm(args, options = {}) {
  const [cmd, argv] = viaGlobal ? ['pnpm', args] : ['npx', ['-y', `pnpm@${version}`, ...args]];
  const r = spawnSync(cmd, argv, { stdio: 'inherit', shell: process.platform === 'win32', ...options });
  return r.status ?? 1;
}
