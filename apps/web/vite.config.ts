import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Built from the workspace sources of the SDK (its `@matnat/source` export condition): no SDK build first.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    conditions: ['@matnat/source', 'module', 'browser', 'development|production'],
    dedupe: ['react', 'react-dom'],
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  // `vite` (dev) talks to the API server of `npm start` on :3000 as if from its origin.
  server: {
    proxy: Object.fromEntries(['/api', '/sanctum', '/cart'].map((path) => [path, 'http://localhost:3000'])),
  },
});
