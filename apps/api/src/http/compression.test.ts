import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

const repoRoot = resolve(import.meta.dirname, '../../../..');
const bundle = `/* a bundle */\n${Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i};`).join('\n')}\n`;

describe('compressed answers (Accept-Encoding)', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matnat-compress-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Mätnät</title>');
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'app.js'), bundle);
    writeFileSync(join(dir, 'assets', 'small.js'), 'console.log(1)');
    execFileSync(process.execPath, [join(repoRoot, 'scripts/precompress.mjs'), dir]);
    t = await createTestApp({ dialect: 'sqlite', accounts: false, config: { frontendDir: dir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends JSON br or gzip as the browser asks, and plain to a client that asks for neither', async () => {
    const plain = await t.client().get('/api/docs');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.json();
    const br = await t
      .client()
      .get('/api/docs', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(json);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gzip = await t.client().get('/api/docs', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(json);
  });

  it('sends a static file’s precompressed sibling, made at build time, as it is', async () => {
    const br = await t.client().get('/assets/app.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.rawPayload.equals(readFileSync(join(dir, 'assets', 'app.js.br')))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(bundle);
    const gzip = await t.client().get('/assets/app.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(readFileSync(join(dir, 'assets', 'app.js.gz')))).toBe(true);
    const plain = await t.client().get('/assets/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
  });

  it('compresses a file the build left without siblings (under 1 KB) as it is sent', async () => {
    expect(() => readFileSync(join(dir, 'assets', 'small.js.br'))).toThrow();
    const small = await t.client().get('/assets/small.js', { headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(brotliDecompressSync(small.rawPayload).toString('utf8')).toBe('console.log(1)');
  });
});
