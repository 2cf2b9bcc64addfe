// Issue 26: what a map does with its tiles, and the built-in basemap when they fail; and the rest of what
// only runs once Leaflet is there (Leaflet's texts in the messages' language, popups filled in as they
// open). Loaded with Leaflet (leafletLibrary.ts), like the charts' runtime with their library: its own entry
// in the library build (`@matnat/react/map-runtime`), a chunk of the app, inline in the script tags; the
// React entry carries none of it.
import type { CircleMarker, LatLngBoundsExpression, Map as LeafletMap, PopupEvent, TileLayer } from 'leaflet';
import type { Messages } from '../messages';
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

/**
 * Issue 21: Leaflet's own texts in the messages' language: the zoom buttons (their titles are their
 * accessible names), the attribution's Leaflet link and the popups' close button (Leaflet writes 'Close
 * popup' into each popup it opens).
 */
export function speakTheMessagesLanguage(L: LeafletLibrary, map: LeafletMap, m: Messages['map']): void {
  L.control.zoom({ zoomInTitle: m.zoomIn, zoomOutTitle: m.zoomOut }).addTo(map);
  const prefix = map.attributionControl?.options.prefix;
  if (typeof prefix === 'string')
    map.attributionControl.setPrefix(
      prefix.replace(/title="[^"]*"/, `title="${escapeHtml(m.leafletTitle)}"`),
    );
  map.on('popupopen', (event: PopupEvent) => {
    event.popup
      .getElement()
      ?.querySelector('.leaflet-popup-close-button')
      ?.setAttribute('aria-label', m.closePopup);
  });
}

/**
 * A popup whose content arrives after it opens. Leaflet pans an opening popup into view, but the filled-in
 * content is taller, and a popup opened while the map still moves (its first fit, a resize) is placed by
 * where the map was; so the popup is laid out and panned into view again when its content arrives and when
 * the map settles (zoomend, resize) while it is open. The content element is kept while the popup is open:
 * Leaflet calls a content function again on every update(), which must not start the fetch over.
 */
export function bindFilledPopup(
  marker: CircleMarker,
  map: LeafletMap,
  loading: string,
  fill: (el: HTMLElement) => Promise<void>,
): void {
  let content: HTMLElement | null = null;
  const relayout = () => {
    if (marker.isPopupOpen()) marker.getPopup()?.update();
  };
  marker.bindPopup(() => {
    if (content) return content;
    const el = document.createElement('div');
    el.textContent = loading;
    content = el;
    void fill(el).then(relayout, relayout);
    return el;
  });
  marker.on('popupopen', () => map.on('zoomend resize', relayout));
  marker.on('popupclose', () => {
    content = null;
    map.off('zoomend resize', relayout);
  });
}

/**
 * Issue 21: fits `bounds`, `pad` px round them, in the part of the map its legend leaves free. The kit's
 * legends lie over the map's bottom-left (widgetCss.ts `.matnat-legend`), so the bottom is padded by how far
 * the legend reaches up into the map, measured: after the fit no marker lies under it (on /map at 375 px,
 * with a 24 px padding only, about 20 did). At most half the map's height, so a low map still fits.
 */
export function fitClearOfLegend(
  map: LeafletMap,
  bounds: LatLngBoundsExpression,
  pad: number,
  maxZoom?: number,
): void {
  const canvas = map.getContainer();
  const legend = canvas.parentElement?.querySelector('.matnat-legend');
  const bottom = canvas.getBoundingClientRect().bottom;
  const over = legend
    ? Math.min(Math.max(0, bottom - legend.getBoundingClientRect().top), canvas.clientHeight / 2)
    : 0;
  map.fitBounds(bounds, { paddingTopLeft: [pad, pad], paddingBottomRight: [pad, pad + over], maxZoom });
}
