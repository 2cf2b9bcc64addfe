import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { libraryConfig } from '@matnat/build-config';
import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';

const require = createRequire(import.meta.url);

/** `import css from 'x.css?inline'` (Vite's spelling) as a string, so Leaflet's CSS can go into shadow roots. */
const inlineCss: Plugin = {
  name: 'inline-css',
  setup(build) {
    build.onResolve({ filter: /\.css\?inline$/ }, (args) => ({
      // A suffix that no `.css` loader matches, so tsup's own CSS handling leaves the file alone.
      path: `${require.resolve(args.path.replace(/\?inline$/, ''), { paths: [args.resolveDir] })}#inline`,
      namespace: 'inline-css',
    }));
    build.onLoad({ filter: /.*/, namespace: 'inline-css' }, async (args) => ({
      contents: await readFile(args.path.replace(/#inline$/, ''), 'utf8'),
      loader: 'text',
    }));
  },
};

/** In the script-tag builds, chartLibrary.ts's dynamic import goes to chartModule.ts (named imports only). */
const chartsByName: Plugin = {
  name: 'charts-by-name',
  setup(build) {
    build.onResolve({ filter: /^lightweight-charts$/ }, (args) =>
      args.importer.endsWith('chartLibrary.ts')
        ? { path: fileURLToPath(new URL('./src/charts/chartModule.ts', import.meta.url)) }
        : undefined,
    );
  },
};

/**
 * In the library build, maps load Leaflet's CSS text from its own entry (`@matnat/react/leaflet-css`), so the
 * main entry carries none of Leaflet, not even its stylesheet.
 */
const leafletCssApart: Plugin = {
  name: 'leaflet-css-apart',
  setup(build) {
    build.onResolve({ filter: /^\.\/leafletCssText$/ }, () => ({
      path: '@matnat/react/leaflet-css',
      external: true,
    }));
  },
};

export default defineConfig([
  libraryConfig({
    entry: {
      index: 'src/index.ts',
      elements: 'src/elements/index.ts',
      'leaflet-css': 'src/maps/leafletCssText.ts',
    },
    // Leaflet's stylesheet is inlined as text (not left as an import of a .css file that Node cannot load).
    overrides: {
      platform: 'browser',
      esbuildPlugins: [inlineCss, leafletCssApart],
      noExternal: [/\.css\?inline$/],
    },
  }),
  // Script-tag builds: everything bundled, React swapped for preact/compat (one copy, see check-bundles).
  {
    entry: {
      'temperature-map': 'src/embed/temperature-map.ts',
      panel: 'src/embed/panel.ts',
      elements: 'src/embed/elements.ts',
    },
    outDir: 'dist/embed',
    format: ['iife'],
    platform: 'browser',
    target: 'es2020',
    minify: true,
    sourcemap: true,
    clean: true,
    dts: false,
    metafile: true,
    noExternal: [/.*/],
    outExtension: () => ({ js: '.js' }),
    esbuildPlugins: [inlineCss, chartsByName],
    esbuildOptions(options) {
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
  },
]);
