import { sourceResolve } from '@matnat/build-config/vitest';
import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  ...sourceResolve,
  test: {
    name: 'api',
    environment: 'node',
    // The deployment test (deploy/) runs on its own: `npm run test:deploy`.
    exclude: [...configDefaults.exclude, 'deploy/**'],
    // Every test file builds its own app on fresh SQLite and PostgreSQL databases; files run in parallel
    // workers, tests inside a file share the app.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
