import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// The core's route table from its source (no SDK build first, as the app's own build).
import { ROUTES } from '../../packages/core/src/routes';
import { CHART_LIBRARY, compileHints } from './build/compileHints';
import { lazyImports, routePreloadsPlugin } from './build/routePreloads';
import { startChunks } from './build/startChunks';

/** React's API served by preact/compat: the app's JS budgets (docs/web.md, "Bundle size"). */
const PREACT = Object.entries({
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
}).map(([name, replacement]) => ({ find: new RegExp(`^${name}$`), replacement }));

/**
 * The app's one stylesheet goes into index.html as a <style> (the CSP allows inline styles): the first
 * paint (the wordmark, then the route's screen) waits for no stylesheet request, a round trip that
 * Lighthouse counted as render-blocking (issue 22). index.html is sent brotli'd, the CSS ~5 KB of it. Lazily
 * loaded chunks' own CSS (Leaflet's) stays in files.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'matnat:inline-entry-css',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(
          /[ \t]*<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">\n?/g,
          (link, file: string) => {
            const asset = bundle[file];
            if (asset?.type !== 'asset') return link;
            // The file is still written (nothing links to it): a cached old index.html may ask for it.
            return `    <style>${String(asset.source).replace(/<\/style/gi, '<\\/style')}</style>\n`;
          },
        );
      },
    },
  };
}

const SCREENS_FILE = fileURLToPath(new URL('./src/routing/screens.ts', import.meta.url));
const MAIN_FILE = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

/**
 * The route → chunks table the API server preloads from (build/routePreloads.ts): the screens' lazy imports
 * of routing/screens.ts and the layouts' of main.tsx, resolved as the build resolved them.
 */
function routePreloads(): Plugin {
  return routePreloadsPlugin(async (resolve) => {
    const resolved = async (file: string) => {
      const ids: Record<string, string> = {};
      for (const [name, spec] of Object.entries(lazyImports(readFileSync(file, 'utf8')))) {
        const id = await resolve(spec, file);
        if (id) ids[name] = id;
      }
      return ids;
    };
    const { comingSoon, ...screens } = await resolved(SCREENS_FILE);
    return { routes: ROUTES, screens, fallback: comingSoon ?? '', layouts: await resolved(MAIN_FILE) };
  });
}

// Built from the workspace sources of the SDK (its `@matnat/source` export condition): no SDK build first.
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    inlineEntryCss(),
    routePreloads(),
    // lightweight-charts compiled while it downloads, not function by function in the first chart's frame.
    compileHints(CHART_LIBRARY),
    startChunks(MAIN_FILE),
  ],
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
