import { defaultClientConditions, defaultServerConditions } from 'vite';

/**
 * Vite/Vitest resolve settings that make workspace packages resolve to their TypeScript sources
 * (the `@matnat/source` export condition), so tests never need a build first.
 */
export const sourceResolve = {
  resolve: { conditions: ['@matnat/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@matnat/source', ...defaultServerConditions] } },
};
