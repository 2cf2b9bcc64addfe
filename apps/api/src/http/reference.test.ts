import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

describe('issue 24: a browsable API reference at /api/reference that works offline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect: 'sqlite', accounts: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves Swagger UI and every file it loads from this server (no CDN), under our CSP', async () => {
    const page = await t.client().get('/api/reference/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      expect({ asset, external: /^(https?:)?\/\//.test(asset) }).toEqual({ asset, external: false });
      const file = await t.client().get(new URL(asset, 'http://x/api/reference/').pathname);
      expect({ asset, status: file.statusCode }).toEqual({ asset, status: 200 });
    }
    expect((await t.client().get('/api/reference')).statusCode).toBe(200);
  });

  it('reads our OpenAPI document, whose introduction has examples for ingestion, webhook signatures and embed tokens', async () => {
    const doc = (await t.client().get('/api/reference/json')).json();
    expect(doc.paths['/api/v1/ingest']).toBeDefined();
    expect(doc.paths['/api/v1/webhook']).toBeDefined();
    const intro = doc.info.description as string;
    expect(intro).toContain('POST /api/v1/ingest');
    expect(intro).toContain('X-Matnat-Signature');
    expect(intro).toContain("createHmac('sha256', secret)");
    expect(intro).toContain('POST /api/v1/embed-token');
    expect(intro).not.toMatch(/https?:\/\/(unpkg|cdn|jsdelivr)/);
  });
});
