import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('DESIGN §2: listens on PORT, default 3000; SQLite unless DATABASE_URL is set', () => {
    const defaults = loadConfig({});
    expect(defaults.port).toBe(3000);
    expect(defaults.databaseUrl).toBeNull();
    expect(defaults.appUrl).toBe('http://localhost:3000');
    expect(defaults.dataDir).toMatch(/\.data$/);
    const custom = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://x/y',
      APP_URL: 'https://matnat.se/',
    });
    expect(custom).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://x/y',
      appUrl: 'https://matnat.se',
      secureCookies: true,
    });
  });

  it('ignores malformed numbers and reads boolean flags', () => {
    const config = loadConfig({ PORT: 'abc', SEED_DEMO: 'false', SIMULATE: '0', LOGIN_MAX_ATTEMPTS: '10' });
    expect(config.port).toBe(3000);
    expect(config.seedDemo).toBe(false);
    expect(config.simulate).toBe(false);
    expect(config.loginThrottle.maxAttempts).toBe(10);
  });
});
