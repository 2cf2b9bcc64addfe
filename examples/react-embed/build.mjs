// Bundles the example with esbuild (no dev server needed): @matnat/react from the workspace sources.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '../..');

export async function buildReactEmbedExample() {
  await build({
    entryPoints: [join(here, 'src/main.tsx')],
    outfile: join(here, 'dist/app.js'),
    bundle: true,
    format: 'esm',
    minify: true,
    sourcemap: true,
    jsx: 'automatic',
    conditions: ['@matnat/source'],
    nodePaths: [join(repoRoot, 'packages/react/node_modules')],
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.css': 'text' },
    logLevel: 'warning',
    plugins: [
      {
        name: 'workspace-react',
        setup(b) {
          b.onResolve({ filter: /^@matnat\/react$/ }, () => ({
            path: join(repoRoot, 'packages/react/src/index.ts'),
          }));
          b.onResolve({ filter: /\.css\?inline$/ }, (args) => ({
            path: join(repoRoot, 'packages/react/node_modules', args.path.replace(/\?inline$/, '')),
          }));
        },
      },
    ],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildReactEmbedExample();
