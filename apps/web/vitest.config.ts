import { sourceResolve } from '@matnat/build-config/vitest';
import { defineProject } from 'vitest/config';

export default defineProject({
  ...sourceResolve,
  test: { name: 'web', environment: 'happy-dom' },
});
