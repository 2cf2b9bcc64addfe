import { lazyLibrary } from '../widgets/lazyLibrary';

/**
 * What a map does with its tiles and the built-in basemap (issue 26, `mapRuntime.ts`), loaded with Leaflet.
 * The script tags swap this module for `mapRuntimeInline.ts` (they bundle everything anyway).
 */
export const mapRuntime = lazyLibrary<typeof import('./mapRuntime')>(() => import('./mapRuntime'));
