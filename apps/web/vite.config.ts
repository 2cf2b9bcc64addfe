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
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  // `vite` (dev) talks to the API server of `npm start` on :3000 as if from its origin.
  server: {
    proxy: Object.fromEntries(['/api', '/sanctum', '/cart'].map((path) => [path, 'http://localhost:3000'])),
  },
});
