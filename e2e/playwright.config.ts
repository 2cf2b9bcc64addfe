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
  // Under CI a failed test runs once more: a test that then passes is reported as flaky (by name, in the
  // summary of `npm test`) instead of failing the run; a test that fails twice fails it.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: chromiumLaunch,
    trace: 'off',
  },
});
