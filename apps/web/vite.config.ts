import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** React's API served by preact/compat: the app's JS budgets (docs/web.md, "Bundle size"). */
const PREACT = Object.entries({
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
}).map(([name, replacement]) => ({ find: new RegExp(`^${name}$`), replacement }));

// Built from the workspace sources of the SDK (its `@matnat/source` export condition): no SDK build first.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    conditions: ['@matnat/source', 'module', 'browser', 'development|production'],
    dedupe: ['react', 'react-dom'],
    alias: [
      ...PREACT,
      // Only the part of Leaflet the kit's maps use (src/shell/leaflet.ts).
      { find: /^leaflet$/, replacement: fileURLToPath(new URL('./src/shell/leaflet.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Shared code of a few KB goes into a chunk that needs it rather than a file of its own: every file is a
    // request (six at a time per host on HTTP/1.1) and a module for the browser to set up; the dashboard
    // loaded 24 scripts before its panels' chunks (issue 8), now 11. Rollup merges only side-effect-free
    // code, so a page may download some code it does not run (the dashboard ~10 KB gzip) but runs nothing
    // it did not run before.
    rollupOptions: { output: { experimentalMinChunkSize: 8_000 } },
  },
  // `vite` (dev) talks to the API server of `npm start` on :3000 as if from its origin.
  server: {
    proxy: Object.fromEntries(['/api', '/sanctum', '/cart'].map((path) => [path, 'http://localhost:3000'])),
  },
});
