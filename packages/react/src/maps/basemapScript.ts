// Issue 26, script tags: the basemap is an opt-in file of its own (dist/embed/basemap.js, ~230 kB gz), so
// temperature-map.js keeps its budget. The build swaps `basemapLibrary.ts` for this module (tsup.config.ts).

import { lazyLibrary } from '../widgets/lazyLibrary';
import type { BasemapModule } from './basemapLibrary';

declare global {
  interface Window {
    /** Set by basemap.js. */
    MatnatBasemap?: BasemapModule;
  }
}

/** The event basemap.js sends on `window` once `window.MatnatBasemap` is set. */
export const BASEMAP_READY = 'matnat:basemap';

let source: string | undefined;

/** basemap.js's URL (a map element's `data-basemap-src`), loaded if the page has not included the file. */
export function setBasemapSource(url: string | undefined): void {
  if (url) source ??= url;
}

const missing = () => new Error('Mätnät: map tiles failed; add basemap.js or data-basemap-src for a basemap');

function loadScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Mätnät: could not load ${url}`));
    document.head.append(script);
  });
}

/** basemap.js when the page includes it (now or before the page has loaded), else from `source`. */
async function basemapFromPage(): Promise<BasemapModule> {
  if (window.MatnatBasemap) return window.MatnatBasemap;
  if (source) {
    await loadScript(source);
  } else if (document.readyState !== 'complete') {
    await new Promise<void>((resolve) => {
      window.addEventListener(BASEMAP_READY, () => resolve(), { once: true });
      window.addEventListener('load', () => resolve(), { once: true });
    });
  }
  if (!window.MatnatBasemap) throw missing();
  return window.MatnatBasemap;
}

export const basemapLibrary = lazyLibrary<BasemapModule>(basemapFromPage);
