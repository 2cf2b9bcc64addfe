import { sourceResolve } from '@matnat/build-config/vitest';
import { defineConfig } from 'vitest/config';

/** `npm run test:deploy` (scripts/test-deploy.mjs): the deployment test alone, never in the API project. */
export default defineConfig({
  ...sourceResolve,
  test: {
    name: 'deploy',
    root: import.meta.dirname,
    include: ['deploy/**/*.test.ts'],
    environment: 'node',
    testTimeout: 240_000,
    hookTimeout: 180_000,
  },
});
