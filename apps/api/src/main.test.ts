import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './auth/demoAccounts.js';
import { DEMO_EMBED_TOKEN } from './seed/embedToken.js';
import { DEMO_INGEST_SECRET } from './seed/integration.js';
import { buildApi, freePort, signIn } from './test/processes.js';

const apiRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

const APP_KEY = 'main-test-app-key-0123456789abcdef0123';
const METRICS_TOKEN = 'main-test-metrics-token-0123456789';

describe('the production server (node dist/main.js)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'matnat-main-'));
  let server: ChildProcess;
  let base = '';
  let output = '';
  let exit: Promise<number | null>;

  beforeAll(async () => {
    buildApi();
    const port = await freePort();
    server = spawn(process.execPath, ['dist/main.js'], {
      cwd: apiRoot,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SIMULATE: 'false',
        APP_KEY,
        METRICS_TOKEN,
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exit = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
    base = `http://127.0.0.1:${port}`;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not ready within 90 s:\n${output}`)), 90_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Mätnät API ready')) {
          clearTimeout(timer);
          resolve();
        }
      };
      server.stdout?.on('data', onData);
      server.stderr?.on('data', onData);
    });
  }, 120_000);

  afterAll(async () => {
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('issue 23 point 1: runs as plain JavaScript: the build has no TypeScript loader and the process runs no tsx', () => {
    const built = readdirSync(join(apiRoot, 'dist')).filter((f) => f.endsWith('.js'));
    expect(built).toEqual(expect.arrayContaining(['main.js', 'cli.js']));
    for (const file of built)
      expect(readFileSync(join(apiRoot, 'dist', file), 'utf8')).not.toMatch(/\btsx\b/);
    const cmdline = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(cmdline.slice(1)).toEqual(['dist/main.js']);
  });

  it('DESIGN §2: on an empty database it migrates and seeds the demo accounts; anna signs in with matnat-demo', async () => {
    expect(output).toContain('"migration":"0001_auth"');
    expect(output).toContain('demo accounts ready');
    const cookie = await signIn(base, 'anna@matnat.se');
    const me = await fetch(`${base}/api/me`, { headers: { cookie } });
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe('anna@matnat.se');
    expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ status: 'ok', database: 'sqlite' });
    expect(await (await fetch(`${base}/api/ready`)).json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', broker: 'not configured' },
    });
  });

  it('issue 23 point 4: JSON log lines carry the request id, which the answer names (a proxy may hand its own)', async () => {
    const mine = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'proxy-req-42' } });
    expect(mine.headers.get('x-request-id')).toBe('proxy-req-42');
    const made = (
      await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'bad id with spaces' } })
    ).headers.get('x-request-id');
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((r) => setTimeout(r, 200));
    const lines = output.split('\n').filter((line) => line.startsWith('{'));
    for (const line of lines) expect(JSON.parse(line)).toHaveProperty('level');
    const requests = lines.map((line) => JSON.parse(line)).filter((entry) => entry.req);
    expect(requests.some((entry) => entry.reqId === 'proxy-req-42')).toBe(true);
    expect(requests.some((entry) => entry.reqId === made)).toBe(true);
  });

  it('issue 23 point 4: /metrics answers Prometheus text from loopback or with METRICS_TOKEN, else 401', async () => {
    const local = await fetch(`${base}/metrics`);
    expect(local.status).toBe(200);
    expect(local.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await local.text();
    expect(text).toMatch(
      /^matnat_http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+/m,
    );
    expect(text).toContain('# TYPE matnat_http_request_duration_seconds histogram');
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    const forwarded = { 'x-forwarded-for': '203.0.113.9' };
    expect((await fetch(`${base}/metrics`, { headers: forwarded })).status).toBe(401);
    const wrong = { ...forwarded, authorization: 'Bearer not-the-token-at-all' };
    expect((await fetch(`${base}/metrics`, { headers: wrong })).status).toBe(401);
    const wrongHere = { authorization: 'Bearer not-the-token-at-all' };
    expect((await fetch(`${base}/metrics`, { headers: wrongHere })).status).toBe(401);
    const right = { ...forwarded, authorization: `Bearer ${METRICS_TOKEN}` };
    expect((await fetch(`${base}/metrics`, { headers: right })).status).toBe(200);
  });

  it('issue 23 point 4: no secret reaches the logs: passwords, sessions, tokens in links, keys', async () => {
    const cookie = await signIn(base, 'admin@matnat.se');
    const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '');
    const session = /matnat_session=([^;]+)/.exec(cookie)?.[1] ?? '';
    expect(session.length).toBeGreaterThan(20);
    const mail = (to: string) =>
      readdirSync(join(dataDir, 'mail'))
        .filter((f) => f.endsWith('.json'))
        .map(
          (f) =>
            JSON.parse(readFileSync(join(dataDir, 'mail', f), 'utf8')) as { to: string; links: string[] },
        )
        .filter((m) => m.to === to);
    const invite = new URL(mail('ny@matnat.se')[0]!.links[0]!).searchParams.get('token')!;
    expect((await fetch(`${base}/api/invite/${invite}`)).status).toBe(200);
    const reset = await fetch(`${base}/api/password/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie },
      body: JSON.stringify({ email: 'anna@matnat.se' }),
    });
    expect(reset.status).toBe(200);
    let resetLink = '';
    for (let i = 0; i < 100 && !resetLink; i++) {
      resetLink = mail('anna@matnat.se')[0]?.links[0] ?? '';
      if (!resetLink) await new Promise((r) => setTimeout(r, 50));
    }
    const resetToken = new URL(resetLink).pathname.split('/').at(-1)!;
    // The reset page's path as a browser asks for it (404 here: this server's front end is the examples).
    await fetch(`${base}${new URL(resetLink).pathname}?email=anna%40matnat.se`);
    const ingest = await fetch(`${base}/api/v1/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO_INGEST_SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({ device: 'LOGTEST000000001', readings: [{ sensor: 'temperature', value: 3 }] }),
    });
    expect(ingest.status).toBe(200);
    const embed = await fetch(`${base}/api/v1/public/temperature-map`, {
      headers: { authorization: `Bearer ${DEMO_EMBED_TOKEN}` },
    });
    expect(embed.status).toBe(200);
    await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    await new Promise((r) => setTimeout(r, 300));
    const secrets = {
      DEMO_PASSWORD,
      DEMO_INGEST_SECRET,
      DEMO_EMBED_TOKEN,
      APP_KEY,
      METRICS_TOKEN,
      session,
      xsrf,
      invite,
      resetToken,
    };
    const leaked = Object.entries(secrets).filter(([, secret]) => output.includes(secret));
    expect(leaked.map(([name]) => name)).toEqual([]);
    expect(output).toContain('"url":"/api/invite/…"');
    expect(output).toContain('"url":"/password/reset/…?email=…"');
  });

  it('issue 3, 23 point 5: SIGTERM shuts down gracefully with exit code 0', async () => {
    server.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(output).toContain('shutting down');
    expect(output).toContain('shut down cleanly');
  });
});
