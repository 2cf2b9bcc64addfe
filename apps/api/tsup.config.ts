import { defineConfig } from 'tsup';

/**
 * The production server as plain JavaScript (issue 23): `dist/main.js` (the server, `node dist/main.js`)
 * and `dist/cli.js` (the `matnat` command). The contract is bundled from its sources; every other
 * dependency stays in node_modules (native modules, pino's transports).
 */
export default defineConfig({
  entry: { main: 'src/main.ts', cli: 'src/cli.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: true,
  noExternal: ['@matnat/contract'],
  esbuildOptions(options) {
    options.conditions = ['@matnat/source'];
  },
});
