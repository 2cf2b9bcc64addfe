import { sourceResolve } from '@matnat/build-config/vitest';
import { defineProject } from 'vitest/config';

export default defineProject({
  ...sourceResolve,
  test: { name: 'react', environment: 'happy-dom' },
});
