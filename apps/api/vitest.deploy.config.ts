import { sourceResolve } from '@matnat/build-config/vitest';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:deploy` (scripts/test-deploy.mjs): the deployment test alone, never in the API project. A
 * project of its own, as the root config's projects are (prom-client's optional OpenTelemetry import then
 * resolves as it does under `vitest run`).
 */
export default defineConfig({
  test: {
    projects: [
      {
        ...sourceResolve,
        test: {
          name: 'deploy',
          include: ['apps/api/deploy/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
