import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

/**
 * `npm run test:partners`: the packed SDK installed with npm into a fresh Next.js app and a fresh Vite +
 * React 18 app, each built and served as a partner would, then looked at in Chromium.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.spec.ts',
  testIgnore: [],
  outputDir: '../../test-results/partners',
  globalSetup: './globalSetup.ts',
  // A production build or a dev server's first compile takes minutes on two shared cores.
  timeout: 300_000,
  expect: { timeout: 60_000 },
});
