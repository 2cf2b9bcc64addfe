import { defineConfig, devices } from '@playwright/test';

/** Debian's chromium; Playwright's own browser builds cannot be downloaded here. */
export const chromiumLaunch = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // The partner apps have their own config (npm run test:partners): they install and build for minutes.
  testIgnore: 'partners/**',
  outputDir: '../test-results/e2e',
  globalSetup: './globalSetup.ts',
  // Two cores: one worker keeps the API server and the browser from starving each other.
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 20_000 },
  forbidOnly: true,
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: chromiumLaunch,
    trace: 'off',
  },
});
