// The script tags' `mapRuntimeLibrary.ts` (tsup.config.ts): the map runtime imported statically, without
// the lazy-module wrappers a dynamic import costs in a single-file bundle.
import type { LazyLibrary } from '../widgets/lazyLibrary';
import * as runtime from './mapRuntime';

export const mapRuntime: LazyLibrary<typeof runtime> = {
  current: () => runtime,
  load: async () => runtime,
};
