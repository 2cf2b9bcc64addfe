import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const apiRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

describe('the start command (src/main.ts)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'matnat-main-'));
  let server: ChildProcess;
  let base = '';
  let output = '';
  let exit: Promise<number | null>;

  beforeAll(async () => {
    server = spawn(process.execPath, ['--conditions=@matnat/source', '--import', 'tsx', 'src/main.ts'], {
      cwd: apiRoot,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SIMULATE: 'false',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exit = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
    base = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "listening" within 90 s:\n${output}`)), 90_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match?.[1] && output.includes('Mätnät API ready')) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      server.stdout?.on('data', onData);
      server.stderr?.on('data', onData);
    });
  }, 100_000);

  afterAll(async () => {
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('DESIGN §2: on an empty database it migrates and seeds the demo accounts; anna signs in with matnat-demo', async () => {
    expect(output).toContain('"migration":"0001_auth"');
    expect(output).toContain('demo accounts ready');
    const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
    expect(csrf.status).toBe(204);
    const cookies = csrf.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
    const token = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': token, cookie: cookies.join('; ') },
      body: JSON.stringify({ email: 'anna@matnat.se', password: 'matnat-demo' }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { data: { email: string } }).data.email).toBe('anna@matnat.se');
    expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ status: 'ok', database: 'sqlite' });
  });

  it('logs structured JSON lines (pino)', () => {
    const lines = output.split('\n').filter((line) => line.startsWith('{'));
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(JSON.parse(line)).toHaveProperty('level');
  });

  it('issue 3: SIGTERM shuts down gracefully with exit code 0', async () => {
    server.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(output).toContain('shutting down');
  });
});
