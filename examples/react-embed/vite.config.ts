import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Built from the workspace sources of @matnat/react (its `@matnat/source` export condition), so the example
// needs no prior SDK build. `base: './'` lets the output be served from any path, e.g. /react-embed/dist/.
export default defineConfig({
  base: './',
  plugins: [react()],
  resolve: {
    conditions: ['@matnat/source', 'module', 'browser', 'development|production'],
    dedupe: ['react', 'react-dom'],
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
