// A partner's app, as a partner would set it up: a copy of the committed app outside the repo, the packed
// SDK added with npm, then built and served with the framework's own commands.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../harness';
import { SDK_PACKAGES, type SdkPackage } from './tarballs';

export const PARTNER_APPS = ['next-app', 'vite-react18-app'] as const;
export type PartnerAppName = (typeof PARTNER_APPS)[number];

export interface RunResult {
  code: number | null;
  output: string;
}

/**
 * The environment of a partner's shell: without what pnpm (npm_config_*, the package's scripts) and the
 * Playwright runner (NODE_PATH to its own modules, FORCE_COLOR) put into the test's process.
 */
function partnerEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const own = /^(npm_|pnpm_|PLAYWRIGHT|PW_|TEST_)|^(NODE_PATH|FORCE_COLOR|INIT_CWD)$/i;
  return { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !own.test(k))), ...extra };
}

/** Runs a command to its end, keeping the last of its output for the failure message. */
export function run(
  cmd: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<RunResult> {
  return new Promise((done, fail) => {
    const child = spawn(cmd, args, {
      cwd,
      env: partnerEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (d: Buffer) => {
      output = (output + d.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', fail);
    child.on('close', (code) => done({ code, output }));
  });
}

export async function runOk(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const started = Date.now();
  const r = await run(cmd, args, cwd, env);
  if (r.code !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.code}) in ${cwd}:\n${r.output}`);
  console.log(`partner test: ${cmd} ${args.join(' ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return r.output;
}

/**
 * Copies the app into `workDir` and names the three tarballs as its dependencies. The overrides make npm
 * resolve @matnat/react's own dependencies on @matnat/core and @matnat/contract to the same tarballs; without
 * them npm would look for those versions in the registry.
 */
export function copyApp(name: PartnerAppName, workDir: string, tarballs: Record<SdkPackage, string>): string {
  const dir = join(workDir, name);
  const source = join(repoRoot, 'e2e/partners', name);
  cpSync(source, dir, {
    recursive: true,
    filter: (path) => !/[/\\](node_modules|\.next|dist)$/.test(path),
  });
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  manifest.overrides = {};
  for (const pkg of SDK_PACKAGES) {
    manifest.dependencies[`@matnat/${pkg}`] = `file:${tarballs[pkg]}`;
    manifest.overrides[`@matnat/${pkg}`] = `$@matnat/${pkg}`;
  }
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}

/** The tarball, not the registry, must have answered for every @matnat package, and only one copy of each. */
function checkInstalledFromTarballs(dir: string): void {
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'));
  const matnat = Object.entries(lock.packages as Record<string, { resolved?: string }>).filter(([path]) =>
    path.includes('node_modules/@matnat/'),
  );
  const expected = SDK_PACKAGES.map((pkg) => `node_modules/@matnat/${pkg}`);
  const once = matnat.length === expected.length && matnat.every(([path]) => expected.includes(path));
  if (!once || !matnat.every(([, entry]) => entry.resolved?.startsWith('file:'))) {
    throw new Error(
      `npm did not install the @matnat tarballs once each:\n${JSON.stringify(matnat, null, 2)}`,
    );
  }
}

/** `npm install` as a partner runs it (npm's own cache, shared by both apps). */
export async function installApp(dir: string): Promise<void> {
  await runOk('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], dir);
  checkInstalledFromTarballs(dir);
}

export interface AppServer {
  url: string;
  log(): string;
  stop(): Promise<void>;
}

async function waitUntilServing(url: string, timeoutMs: number, exited: () => boolean, log: () => string) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (exited()) throw new Error(`the server for ${url} exited:\n${log()}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(5_000) });
      return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`nothing served ${url} after ${timeoutMs} ms:\n${log()}`);
}

/**
 * Starts a server of the app (`next start`, `vite preview`, …) from its own node_modules/.bin in a process
 * group of its own, so that stopping it also ends the workers it forks.
 */
export async function serveApp(
  dir: string,
  bin: string,
  args: string[],
  port: number,
  env: NodeJS.ProcessEnv,
): Promise<AppServer> {
  const url = `http://127.0.0.1:${port}`;
  const executable = join(dir, 'node_modules/.bin', bin);
  if (!existsSync(executable)) throw new Error(`${executable} is missing: was the app installed?`);
  const child = spawn(executable, args, {
    cwd: dir,
    env: partnerEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  try {
    await waitUntilServing(
      url,
      120_000,
      () => child.exitCode !== null,
      () => output,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, log: () => output, stop };
}
