// `npm start`'s server: the built API server with its log passed through, and once it answers, a note of
// where to go: the address, the demo accounts and the link of ny@matnat.se's invitation (read from the mail
// the server wrote to <DATA_DIR>/mail; the server itself never logs a link).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const apiRoot = join(repoRoot, 'apps/api');

/** The data folder the server uses: DATA_DIR (relative to apps/api, where it runs) or the checkout's `.data`. */
export function dataDirOf(env) {
  return env.DATA_DIR ? resolve(apiRoot, env.DATA_DIR) : join(repoRoot, '.data');
}

/** The link of the newest invitation mailed to ny@matnat.se, or null when there is none. */
export function demoInviteLink(dataDir) {
  let names;
  try {
    names = readdirSync(join(dataDir, 'mail')).filter((name) => name.endsWith('.json'));
  } catch {
    return null;
  }
  const invites = names
    .map((name) => JSON.parse(readFileSync(join(dataDir, 'mail', name), 'utf8')))
    .filter((mail) => mail.to === 'ny@matnat.se' && mail.links?.some((l) => l.includes('/invite?token=')))
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt));
  return invites.at(-1)?.links.find((l) => l.includes('/invite?token=')) ?? null;
}

/** A line of the server's JSON log, or null for any other output. */
function logLine(line) {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}

/** What `npm start` prints once the server answers. */
export function startBanner(url, invite) {
  return [
    '',
    `Mätnät is running: ${url}`,
    'Demo accounts (password matnat-demo): admin@matnat.se (admin), anna@matnat.se, erik@matnat.se',
    invite
      ? `Invitation of ny@matnat.se (open it to choose a password; it works once): ${invite}`
      : 'No invitation of ny@matnat.se was mailed to this data folder.',
    '',
  ].join('\n');
}

/**
 * Runs `node apps/api/dist/main.js` with `env`, its output passed to `out`; after the server's
 * "Mätnät API ready" line, the banner. Resolves with the child process.
 */
export function serveDemo({ env = process.env, out = process.stdout } = {}) {
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: apiRoot,
    env,
    stdio: ['inherit', 'pipe', 'inherit'],
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    out.write(`${line}\n`);
    const ready = logLine(line);
    if (ready?.msg === 'Mätnät API ready') out.write(startBanner(ready.url, demoInviteLink(dataDirOf(env))));
  });
  return child;
}
