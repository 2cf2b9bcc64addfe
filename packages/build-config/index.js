/**
 * One tsup configuration for every publishable package, so that ESM, CJS, declaration files and
 * targets never drift apart between packages.
 * @param {import('./index.d.ts').LibraryBuildOptions} options
 * @returns {import('tsup').Options}
 */
export function libraryConfig({ entry, external = [], overrides = {} }) {
  return {
    entry,
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    treeshake: true,
    splitting: false,
    target: 'es2022',
    platform: 'neutral',
    external,
    ...overrides,
  };
}
