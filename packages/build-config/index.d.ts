import type { Options } from 'tsup';

export interface LibraryBuildOptions {
  /** Entry points, name → source file. */
  entry: Record<string, string>;
  /** Packages to leave out of the bundle besides dependencies and peerDependencies. */
  external?: (string | RegExp)[];
  /** Extra tsup options merged over the defaults. */
  overrides?: Options;
}

/** The one tsup configuration of every publishable @matnat package: ESM + CJS + d.ts, tree-shakeable. */
export function libraryConfig(options: LibraryBuildOptions): Options;
