import { sourceResolve } from '@matnat/build-config/vitest';
import { defineProject } from 'vitest/config';

export default defineProject({
  ...sourceResolve,
  // A controllable IntersectionObserver: panels draw once they come near the viewport (issue 22).
  test: { name: 'react', environment: 'happy-dom', setupFiles: ['src/test/viewport.ts'] },
});
