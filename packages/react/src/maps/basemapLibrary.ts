import { lazyLibrary } from '../widgets/lazyLibrary';

/** The built-in basemap's module (`basemap.ts`): what a map calls once its tiles have failed. */
export interface BasemapModule {
  drawBasemap(map: import('leaflet').Map): () => void;
}

/**
 * The basemap, imported when a map first needs it: its own chunk in the app and the library build
 * (`@matnat/react/basemap`). The script tags swap this module for `basemapScript.ts` (basemap.js).
 */
export const basemapLibrary = lazyLibrary<BasemapModule>(() => import('./basemap'));
