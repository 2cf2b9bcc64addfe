import { defineConfig } from 'tsup';

/**
 * The production server as plain JavaScript (issue 23): `dist/main.js` (the server, `node dist/main.js`)
 * and `dist/cli.js` (the `matnat` command). Bundled with them: the contract (from its sources), Kysely and
 * zod (hundreds of small modules each, a quarter of the start-up when loaded one by one). Every other
 * dependency stays in node_modules (native modules, pino's transports, mqtt.js loaded only when used).
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
  noExternal: ['@matnat/contract', 'kysely', 'zod'],
  esbuildOptions(options) {
    options.conditions = ['@matnat/source'];
  },
});
