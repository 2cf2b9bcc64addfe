// What the API benchmarks share: signing in as the SPA does, a process's CPU time, medians.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** Signs a demo user (anna unless named) in as the SPA does; returns the cookie header of the session. */
export async function login(base: string, email = 'anna@matnat.se'): Promise<string> {
  const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) jar.set(name, value.join('='));
    }
  };
  keep(csrf);
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookie(),
      'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
    },
    body: JSON.stringify({ email, password: 'matnat-demo' }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  keep(res);
  return cookie();
}

/** CPU seconds a process has used so far in user space and in the kernel (Linux /proc, 100 ticks a second). */
export function cpuTimes(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

/** CPU seconds a process has used so far (user + kernel). */
export function cpuSeconds(pid: number): number {
  const { user, system } = cpuTimes(pid);
  return user + system;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/**
 * `bench/server.ts` (or BENCH_SERVER's, which loads its own checkout's code) in a process of its own with
 * `env` (BENCH_DB, …), once it listens.
 */
export async function startBenchServer(
  env: Record<string, string | undefined>,
): Promise<{ port: number; pid: number; stop(): Promise<void> }> {
  // BENCH_SERVER: another checkout's bench/server.ts (e.g. main's), for a same-run comparison.
  const server = process.env.BENCH_SERVER ?? join(dirname(fileURLToPath(import.meta.url)), 'server.ts');
  const child = spawn(process.execPath, ['--conditions=@matnat/source', '--import', 'tsx', server], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolveLine, reject) => {
    const rl = createInterface({ input: child.stdout });
    rl.once('line', resolveLine);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const { port } = JSON.parse(line) as { port: number };
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    port,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
