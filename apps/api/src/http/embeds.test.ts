import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbedScripts } from '@matnat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

const panel = `/* panel */\n${'window.matnat=1;'.repeat(200)}\n`;

describe('issue 23 point 8: script tags at versioned, immutable URLs', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matnat-embeds-'));
    writeFileSync(join(dir, 'panel.js'), panel);
    writeFileSync(join(dir, 'elements.js'), 'window.elements=1;');
    writeFileSync(join(dir, 'metafile-iife.json'), '{}');
    t = await createTestApp({
      dialect: 'sqlite',
      accounts: false,
      config: { embeds: { dir, version: '2.4.1' } },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the exact version immutable for a year, to any origin', async () => {
    const res = await t.client().get('/embed/2.4.1/panel.js', { headers: { origin: 'https://partner.se' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(panel);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('serves the major alias with a short max-age', async () => {
    const res = await t.client().get('/embed/v2/panel.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(panel);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('answers 404 for another version, a file that is no script, and a path out of the build', async () => {
    for (const path of [
      '/embed/2.4.0/panel.js',
      '/embed/v1/panel.js',
      '/embed/2.4.1/metafile-iife.json',
      '/embed/2.4.1/../../package.json',
      '/embed/2.4.1/nothing.js',
    ]) {
      expect({ path, status: (await t.client().get(path)).statusCode }).toEqual({ path, status: 404 });
    }
  });

  it('redirects the old unversioned path to the major alias', async () => {
    const res = await t.client().get('/packages/react/dist/embed/panel.js');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/embed/v2/panel.js');
  });

  it('names every build with its URLs and the sha384 integrity of the bytes served', async () => {
    const res = await t.client().get('/api/v1/embed-script');
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: EmbedScripts };
    expect(EmbedScripts.parse(data)).toEqual(data);
    expect(data.version).toBe('2.4.1');
    expect(data.scripts.map((s) => s.name)).toEqual(['elements', 'panel']);
    const script = data.scripts.find((s) => s.name === 'panel');
    expect(script).toMatchObject({ url: '/embed/2.4.1/panel.js', major_url: '/embed/v2/panel.js' });
    const served = (await t.client().get(script?.url ?? '')).rawPayload;
    expect(script?.integrity).toBe(`sha384-${createHash('sha384').update(served).digest('base64')}`);
  });
});

describe('a server without script-tag builds', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect: 'sqlite', accounts: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says it serves none', async () => {
    const res = await t.client().get('/api/v1/embed-script');
    expect(res.json()).toEqual({ data: { version: null, scripts: [] } });
    expect((await t.client().get('/embed/v0/panel.js')).statusCode).toBe(404);
  });
});
