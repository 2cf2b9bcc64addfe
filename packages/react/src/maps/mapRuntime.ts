// Issue 26: what a map does with its tiles, and the built-in basemap when they fail. Loaded with Leaflet
// (leafletLibrary.ts), like the charts' runtime with their library: its own entry in the library build
// (`@matnat/react/map-runtime`), a chunk of the app, inline in the script tags; the React entry carries
// none of it.
import type { Map as LeafletMap, TileLayer } from 'leaflet';
import { basemapLibrary } from './basemapLibrary';
import { escapeHtml } from './escapeHtml';
import type { LeafletLibrary } from './leafletLibrary';

/** Whether the kit asks for tiles from `url`: http(s) only (no `javascript:`, `file:` or `data:`). */
export function isHttpTileUrl(url: string): boolean {
  try {
    return /^https?:$/.test(new URL(url, globalThis.location?.href).protocol);
  } catch {
    return false;
  }
}

/** Tile errors, with no tile loaded, after which a map's tiles count as failed and the basemap is drawn. */
export const TILE_FAILURES = 4;

/**
 * Calls `failed` once `layer`'s tiles are seen not to load: `TILE_FAILURES` errors, or every tile of a view
 * errored (Leaflet's `load` with none loaded), while not one tile has loaded. Detected, not guessed: a slow
 * tile server that answers is never taken for a missing one.
 */
export function watchTiles(layer: TileLayer, failed: () => void): void {
  let loaded = 0;
  let errors = 0;
  layer.on('tileload', () => {
    loaded++;
  });
  layer.on('tileerror', () => {
    errors++;
    if (!loaded && errors >= TILE_FAILURES) failed();
  });
  layer.on('load', () => {
    if (!loaded && errors) failed();
  });
}

/** Natural Earth's credit while the basemap is drawn, `name` the messages' word ('Grundkarta: Natural Earth'). */
export const basemapAttribution = (name: string): string =>
  `${escapeHtml(name)}: <a href="https://www.naturalearthdata.com/">Natural Earth</a>`;

export interface TileSource {
  /** The tile URL template, or `false` for no tiles. */
  url: string | false;
  attribution: string;
  /** The messages' word for the basemap in its credit. */
  basemapName: string;
}

/**
 * The map's tiles from `url`, and the built-in basemap under them (credited in the attribution) when they
 * fail, when `url` is `false`, or when it is not http(s) (said in the console, and nothing is asked of it).
 * A tile layer whose tiles failed stays: tiles that come back cover the basemap. Returns their removal.
 */
export function showTiles(L: LeafletLibrary, map: LeafletMap, source: TileSource): () => void {
  let removeBasemap: (() => void) | undefined;
  let asked = false;
  let gone = false;
  const basemap = () => {
    if (asked) return;
    asked = true;
    const credit = basemapAttribution(source.basemapName);
    basemapLibrary.load().then(({ drawBasemap }) => {
      if (gone) return;
      const remove = drawBasemap(map);
      const attribution = map.attributionControl;
      attribution?.addAttribution(credit);
      // Tiles that never loaded are not credited (their layer credits them again when one does).
      attribution?.removeAttribution(source.attribution);
      removeBasemap = () => {
        remove();
        attribution?.removeAttribution(credit);
      };
    }, console.error);
  };
  const { url } = source;
  let layer: TileLayer | undefined;
  if (url !== false && isHttpTileUrl(url)) {
    layer = L.tileLayer(url, { attribution: source.attribution, maxZoom: 19 }).addTo(map);
    watchTiles(layer, basemap);
    layer.once('tileload', () => asked && map.attributionControl?.addAttribution(source.attribution));
  } else {
    if (url !== false)
      console.error(
        `Mätnät: tileUrl ${JSON.stringify(url)} is not an http(s) URL; the built-in basemap is drawn instead`,
      );
    basemap();
  }
  return () => {
    gone = true;
    layer?.remove();
    removeBasemap?.();
  };
}
