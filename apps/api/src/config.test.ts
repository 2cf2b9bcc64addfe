import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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

  it('reads boolean flags and numbers', () => {
    const config = loadConfig({
      APP_KEY: 'k'.repeat(32),
      SEED_DEMO: 'false',
      SIMULATE: '0',
      LOGIN_MAX_ATTEMPTS: '10',
      SHUTDOWN_TIMEOUT: '30s',
      BACKUP_INTERVAL: '6h',
    });
    expect(config.seedDemo).toBe(false);
    expect(config.simulate).toBe(false);
    expect(config.loginThrottle.maxAttempts).toBe(10);
    expect(config.shutdownTimeoutMs).toBe(30_000);
    expect(config.backup.intervalMs).toBe(6 * 3_600_000);
  });

  it('issue 23 point 2: a value the server cannot use is an error naming the setting, one line each', () => {
    const problems = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig({ APP_KEY: 'k'.repeat(32), ...env });
        return [];
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message.split('\n');
      }
    };
    expect(problems({ PORT: 'abc', SIMULATE: 'maybe' })).toEqual([
      'PORT: "abc" is not a whole number from 0 to 65535',
      'SIMULATE: "maybe" is not true or false (true/false, 1/0, yes/no, on/off)',
    ]);
    expect(problems({ PORT: '70000' })).toEqual(['PORT: "70000" is not a whole number from 0 to 65535']);
    expect(problems({ DATABASE_URL: 'mysql://x/y' })).toEqual([
      'DATABASE_URL: not a postgres:// or postgresql:// URL',
    ]);
    expect(problems({ LOG_LEVEL: 'loud' })[0]).toMatch(/^LOG_LEVEL: "loud" is not one of fatal, error/);
    expect(problems({ BACKUP_INTERVAL: 'often' })[0]).toMatch(/^BACKUP_INTERVAL: "often" is not a duration/);
    expect(problems({ APP_KEY: 'short' })).toEqual(['APP_KEY: must be at least 32 characters']);
    expect(problems({ METRICS_TOKEN: 'short' })).toEqual(['METRICS_TOKEN: must be at least 16 characters']);
    expect(problems({ FRONTEND_DIR: '/no/such/dir' })).toEqual(['FRONTEND_DIR: /no/such/dir does not exist']);
  });

  it('issue 23 point 2: NODE_ENV=production needs APP_KEY, and seeds no demo data and simulates nothing unasked', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'APP_KEY: must be set when NODE_ENV=production',
    );
    const production = loadConfig({ NODE_ENV: 'production', APP_KEY: 'k'.repeat(32) });
    expect(production).toMatchObject({ production: true, seedDemo: false, simulate: false });
    expect(loadConfig({ NODE_ENV: 'production', APP_KEY: 'k'.repeat(32), SEED_DEMO: 'true' }).seedDemo).toBe(
      true,
    );
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
      expect(loadConfig({ DATA_DIR: one, APP_KEY: 'e'.repeat(32) }).appKey).toBe('e'.repeat(32));
    } finally {
      rmSync(one, { recursive: true, force: true });
      rmSync(two, { recursive: true, force: true });
    }
  });
});

describe('front end', () => {
  it('issue 8: serving an app directory mounts the examples under /examples/; serving the examples does not', () => {
    const app = mkdtempSync(join(tmpdir(), 'matnat-app-'));
    try {
      writeFileSync(join(app, 'index.html'), '<!doctype html>');
      const withApp = loadConfig({ FRONTEND_DIR: app });
      expect(withApp.staticMounts['/examples/']).toMatch(/examples$/);
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
    const withExamples = loadConfig({ FRONTEND_DIR: new URL('../../../examples', import.meta.url).pathname });
    expect(withExamples.staticMounts['/examples/']).toBeUndefined();
  });
});
