// The SDK as a partner receives it: the three packages built and packed with `pnpm pack`, which writes the
// `workspace:*` dependencies between them as plain versions, exactly as `pnpm publish` would.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pnpm } from '../../scripts/pnpm.mjs';
import { repoRoot } from '../harness';

/** Bottom floor first, the order they are built in. */
export const SDK_PACKAGES = ['contract', 'core', 'react'] as const;
export type SdkPackage = (typeof SDK_PACKAGES)[number];

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** A package whose dist is missing or older than one of its sources would pack yesterday's code. */
function isStale(pkg: SdkPackage): boolean {
  const dir = join(repoRoot, 'packages', pkg);
  const built = join(dir, 'dist/index.js');
  return !existsSync(built) || newestMtime(join(dir, 'src')) > statSync(built).mtimeMs;
}

function run(args: string[], cwd: string, stdout: 'inherit' | 'ignore' = 'inherit'): void {
  const status = pnpm(args, { cwd, stdio: ['ignore', stdout, 'inherit'] });
  if (status !== 0) throw new Error(`pnpm ${args.join(' ')} failed in ${cwd} (exit ${status})`);
}

/** Builds the packages when any is stale (`npm test` has just built them), then packs them into `dir`. */
export function packSdk(dir: string): Record<SdkPackage, string> {
  if (SDK_PACKAGES.some(isStale)) run(['run', 'build'], repoRoot);
  for (const pkg of SDK_PACKAGES) {
    run(['pack', '--pack-destination', dir], join(repoRoot, 'packages', pkg), 'ignore');
  }
  const files = readdirSync(dir);
  const tarball = (pkg: SdkPackage) => {
    const file = files.find((f) => f.startsWith(`matnat-${pkg}-`) && f.endsWith('.tgz'));
    if (!file) throw new Error(`pnpm pack wrote no tarball for @matnat/${pkg} into ${dir}`);
    return join(dir, file);
  };
  return { contract: tarball('contract'), core: tarball('core'), react: tarball('react') };
}
