import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('DESIGN §2: listens on PORT, default 3000; SQLite unless DATABASE_URL is set', () => {
    const defaults = loadConfig({ APP_KEY: 'k'.repeat(32) });
    expect(defaults.port).toBe(3000);
    expect(defaults.databaseUrl).toBeNull();
    expect(defaults.appUrl).toBe('http://localhost:3000');
    expect(defaults.dataDir).toMatch(/\.data$/);
    const custom = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://x/y',
      APP_URL: 'https://matnat.se/',
      APP_KEY: 'k'.repeat(32),
    });
    expect(custom).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://x/y',
      appUrl: 'https://matnat.se',
      secureCookies: true,
    });
  });

  it('ignores malformed numbers and reads boolean flags', () => {
    const config = loadConfig({
      APP_KEY: 'k'.repeat(32),
      PORT: 'abc',
      SEED_DEMO: 'false',
      SIMULATE: '0',
      LOGIN_MAX_ATTEMPTS: '10',
    });
    expect(config.port).toBe(3000);
    expect(config.seedDemo).toBe(false);
    expect(config.simulate).toBe(false);
    expect(config.loginThrottle.maxAttempts).toBe(10);
  });

  it('issue 12 finding 8: without APP_KEY a random key is made on first start and kept in the data directory', () => {
    const one = mkdtempSync(join(tmpdir(), 'matnat-key-'));
    const two = mkdtempSync(join(tmpdir(), 'matnat-key-'));
    try {
      const first = loadConfig({ DATA_DIR: one }).appKey;
      expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(first).not.toContain(one);
      expect(loadConfig({ DATA_DIR: one }).appKey).toBe(first);
      expect(statSync(join(one, 'app-key')).mode & 0o777).toBe(0o600);
      expect(loadConfig({ DATA_DIR: two }).appKey).not.toBe(first);
      expect(loadConfig({ DATA_DIR: one, APP_KEY: 'from-env' }).appKey).toBe('from-env');
    } finally {
      rmSync(one, { recursive: true, force: true });
      rmSync(two, { recursive: true, force: true });
    }
  });
});

describe('front end', () => {
  it('issue 8: serving an app directory mounts the examples under /examples/; serving the examples does not', () => {
    const withApp = loadConfig({ FRONTEND_DIR: 'apps/web/dist' });
    expect(withApp.staticMounts['/examples/']).toMatch(/examples$/);
    const withExamples = loadConfig({ FRONTEND_DIR: new URL('../../../examples', import.meta.url).pathname });
    expect(withExamples.staticMounts['/examples/']).toBeUndefined();
  });
});
