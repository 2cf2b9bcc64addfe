import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { libraryConfig } from '@matnat/build-config';
import { type Plugin, transform } from 'esbuild';
import { defineConfig } from 'tsup';
import { dropUnusedLeafletRules } from './src/maps/leafletCssRules';

const require = createRequire(import.meta.url);

/**
 * `import css from 'x.css?inline'` (Vite's spelling) as a string, so Leaflet's CSS can go into shadow roots;
 * minified as a stylesheet (Leaflet ships it with comments and indentation: 14.8 kB, 11 kB minified), without
 * the rules of the parts of Leaflet the maps never create (leafletCssRules.ts: 2.70 → 2.2 kB gz).
 */
const inlineCss: Plugin = {
  name: 'inline-css',
  setup(build) {
    build.onResolve({ filter: /\.css\?inline$/ }, (args) => ({
      // A suffix that no `.css` loader matches, so tsup's own CSS handling leaves the file alone.
      path: `${require.resolve(args.path.replace(/\?inline$/, ''), { paths: [args.resolveDir] })}#inline`,
      namespace: 'inline-css',
    }));
    build.onLoad({ filter: /.*/, namespace: 'inline-css' }, async (args) => {
      const css = await readFile(args.path.replace(/#inline$/, ''), 'utf8');
      const { code } = await transform(css, { loader: 'css', minify: true });
      return { contents: dropUnusedLeafletRules(code), loader: 'text' };
    });
  },
};

/**
 * Issue 26: the script tags' maps take the built-in basemap from basemap.js (`basemapScript.ts`), never
 * bundled: Natural Earth's land and borders are ~230 kB gz, temperature-map.js's budget 65 KB.
 */
const basemapFromScript: Plugin = {
  name: 'basemap-from-script',
  setup(build) {
    build.onResolve({ filter: /^\.\/basemapLibrary$/ }, () => ({
      path: fileURLToPath(new URL('./src/maps/basemapScript.ts', import.meta.url)),
    }));
    // The map runtime inline: a dynamic import of a bundled module costs esbuild's lazy-module wrappers.
    build.onResolve({ filter: /^\.\/mapRuntimeLibrary$/ }, () => ({
      path: fileURLToPath(new URL('./src/maps/mapRuntimeInline.ts', import.meta.url)),
    }));
  },
};

/** The entries that need a client are client components for React Server Components hosts (Next.js). */
const useClient = { js: "'use client';" };

/**
 * In the library build, maps load Leaflet's CSS text from its own entry (`@matnat/react/leaflet-css`), their
 * tiles' handling with Leaflet from theirs (`@matnat/react/map-runtime`) and the built-in basemap when it is
 * drawn (`@matnat/react/basemap`, issue 26), and charts their library with our drawing code from theirs
 * (`@matnat/react/chart-runtime`), so the main entry carries none: each is fetched when first needed.
 */
const lazyEntriesApart: Plugin = {
  name: 'lazy-entries-apart',
  setup(build) {
    build.onResolve({ filter: /^\.\/leafletCssText$/ }, () => ({
      path: '@matnat/react/leaflet-css',
      external: true,
    }));
    build.onResolve({ filter: /^\.\/mapRuntime$/ }, (args) =>
      args.importer.endsWith('mapRuntimeLibrary.ts')
        ? { path: '@matnat/react/map-runtime', external: true }
        : undefined,
    );
    build.onResolve({ filter: /^\.\/basemap$/ }, (args) =>
      args.importer.endsWith('basemapLibrary.ts')
        ? { path: '@matnat/react/basemap', external: true }
        : undefined,
    );
    build.onResolve({ filter: /^\.\/chartRuntime$/ }, (args) =>
      args.importer.endsWith('chartLibrary.ts')
        ? { path: '@matnat/react/chart-runtime', external: true }
        : undefined,
    );
  },
};

export default defineConfig([
  libraryConfig({
    entry: {
      index: 'src/index.ts',
      elements: 'src/elements/index.ts',
      'leaflet-css': 'src/maps/leafletCssText.ts',
      'map-runtime': 'src/maps/mapRuntime.ts',
      basemap: 'src/maps/basemap.ts',
      'chart-runtime': 'src/charts/chartRuntime.ts',
      'messages-en': 'src/messages/en.ts',
    },
    // Leaflet's stylesheet is inlined as text (not left as an import of a .css file that Node cannot load).
    overrides: {
      platform: 'browser',
      esbuildPlugins: [inlineCss, lazyEntriesApart],
      // The basemap's data (projected at build time, basemapSource.ts) goes into dist/basemap.js as its
      // relative JSON import is bundled: no JSON import for a host.
      noExternal: [/\.css\?inline$/],
      banner: useClient,
      // tsup's Rollup tree-shaking pass drops module directives, the banner's 'use client' with them;
      // esbuild's own tree-shaking keeps it (pack.test.ts checks the built entries).
      treeshake: false,
      // The package ships what a partner runs: no source maps pointing at sources it does not ship.
      sourcemap: false,
    },
  }),
  // Script-tag builds: everything bundled, React swapped for preact/compat (one copy, see check-bundles).
  scriptTags({
    'temperature-map': 'src/embed/temperature-map.ts',
    panel: 'src/embed/panel.ts',
    elements: 'src/embed/elements.ts',
    basemap: 'src/embed/basemap.ts',
  }),
]);

function scriptTags(entry: Record<string, string>) {
  return {
    entry,
    outDir: 'dist/embed',
    format: ['iife' as const],
    platform: 'browser' as const,
    target: 'es2020',
    minify: true,
    sourcemap: false,
    clean: true,
    dts: false,
    metafile: true,
    noExternal: [/.*/],
    outExtension: () => ({ js: '.js' }),
    esbuildPlugins: [inlineCss, basemapFromScript],
    esbuildOptions(options: import('esbuild').BuildOptions) {
      // Workspace packages from source, so the script tags never depend on another package's build order.
      options.conditions = ['@matnat/source'];
      options.alias = {
        react: 'preact/compat',
        'react-dom': 'preact/compat',
        'react-dom/client': 'preact/compat/client',
        'react/jsx-runtime': 'preact/jsx-runtime',
      };
      options.define = { ...options.define, 'process.env.NODE_ENV': '"production"' };
      options.legalComments = 'none';
    },
  };
}
