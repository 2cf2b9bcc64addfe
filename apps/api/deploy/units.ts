import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * systemd is not PID 1 in the container the tests run in, so `npm run test:deploy` runs the units of
 * deploy/systemd with this small supervisor instead. It reads the unit file itself and honours what the
 * deployment relies on: ExecStart, Environment, EnvironmentFile, WorkingDirectory, Restart=always,
 * RestartSec, RestartPreventExitStatus and LimitNOFILE (through prlimit). User=/Group= are not applied
 * (the test runs as the current user). `paths` maps the installed paths (/opt/matnat, /etc/matnat/…) to
 * the checkout and the test's own files.
 */

export type UnitFile = Record<string, Record<string, string[]>>;

/** `[Section]` → key → values (a key may repeat, as Environment= does); comments and blanks skipped. */
export function parseUnit(text: string): UnitFile {
  const unit: UnitFile = {};
  let section: Record<string, string[]> | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)]$/.exec(line);
    if (header) {
      section = {};
      unit[header[1]!] = section;
      continue;
    }
    const at = line.indexOf('=');
    if (at < 0 || !section) throw new Error(`not a unit file line: ${line}`);
    const key = line.slice(0, at).trim();
    section[key] = [...(section[key] ?? []), line.slice(at + 1).trim()];
  }
  return unit;
}

/** An EnvironmentFile: `KEY=value` lines, comments and blanks skipped, one level of quotes removed. */
export function parseEnvironmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const at = line.indexOf('=');
    env[line.slice(0, at)] = line.slice(at + 1).replace(/^"(.*)"$/, '$1');
  }
  return env;
}

export interface ServiceOptions {
  /** The instance (`%i`): the port, for matnat@.service. */
  instance: string;
  /** Installed path → the path to use here, applied to every value of the unit. */
  paths: Record<string, string>;
  /** Settings that replace the EnvironmentFile's own (the test's database, broker, key). */
  overrides?: Record<string, string>;
  /** The process's output, line by line. */
  onOutput?: (text: string) => void;
}

export interface Service {
  /** The running process's id (undefined between a death and its restart). */
  pid(): number | undefined;
  /** When each start happened (ms since the epoch); the first is the initial start. */
  starts: number[];
  /** Stops it for good (SIGTERM, as `systemctl stop`), without restarting. */
  stop(): Promise<void>;
}

const one = (section: Record<string, string[]> | undefined, key: string) => section?.[key]?.at(-1);

/** Runs a unit's [Service] as systemd would, restarting it as its Restart= and RestartSec= say. */
export function runService(unitPath: string, options: ServiceOptions): Service {
  const resolve = (value: string) =>
    Object.entries(options.paths).reduce(
      (text, [from, to]) => text.replaceAll(from, to),
      value.replaceAll('%i', options.instance),
    );
  const service = parseUnit(readFileSync(unitPath, 'utf8')).Service ?? {};
  const env: Record<string, string> = {};
  for (const file of service.EnvironmentFile ?? []) {
    Object.assign(env, parseEnvironmentFile(readFileSync(resolve(file.replace(/^-/, '')), 'utf8')));
  }
  Object.assign(env, options.overrides);
  for (const assignment of service.Environment ?? []) {
    const text = resolve(assignment);
    env[text.slice(0, text.indexOf('='))] = text.slice(text.indexOf('=') + 1);
  }
  const [command = '', ...args] = resolve(one(service, 'ExecStart') ?? '').split(/\s+/);
  const limit = one(service, 'LimitNOFILE');
  const restart = one(service, 'Restart') ?? 'no';
  const restartMs = Number(one(service, 'RestartSec') ?? '0.1') * 1000;
  const noRestart = new Set((one(service, 'RestartPreventExitStatus') ?? '').split(/\s+/).filter(Boolean));
  const cwd = resolve(one(service, 'WorkingDirectory') ?? '/');

  let child: ChildProcess | null = null;
  let stopped = false;
  const starts: number[] = [];
  const start = () => {
    starts.push(Date.now());
    const argv = limit
      ? ['prlimit', `--nofile=${limit}:${limit}`, '--', command, ...args]
      : [command, ...args];
    const proc = spawn(argv[0]!, argv.slice(1), { cwd, env: { PATH: process.env.PATH, ...env } });
    child = proc;
    proc.stdout?.on('data', (chunk) => options.onOutput?.(String(chunk)));
    proc.stderr?.on('data', (chunk) => options.onOutput?.(String(chunk)));
    proc.once('exit', (code) => {
      child = null;
      const again =
        !stopped &&
        (restart === 'always' || (restart === 'on-failure' && code !== 0)) &&
        !(code !== null && noRestart.has(String(code)));
      if (again) setTimeout(() => !stopped && start(), restartMs);
    });
  };
  start();
  return {
    pid: () => child?.pid,
    starts,
    async stop() {
      stopped = true;
      const proc = child;
      if (!proc) return;
      await new Promise((done) => {
        proc.once('exit', done);
        proc.kill('SIGTERM');
      });
    },
  };
}
