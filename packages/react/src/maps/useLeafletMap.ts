import type { Map as LeafletMap, MapOptions } from 'leaflet';
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Messages } from '../messages';
import { useMessageGroups } from '../messages/context';
import { svMapGroups } from '../messages/sv';
import { postTask } from '../widgets/oneWidgetPerTask';
import { useWidget } from '../widgets/useWidget';
import { escapeHtml } from './escapeHtml';
import { ensureLeafletCss } from './leafletCss';
import { type LeafletLibrary, leafletLibrary } from './leafletLibrary';
import { mapRuntime } from './mapRuntimeLibrary';

export { escapeHtml };

/** OpenStreetMap's standard tiles (production default; tests always pass a local tile server). */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** OpenStreetMap's attribution in English; the maps' default is in the messages' language (`osmAttribution`). */
export const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a>';
export const SATELLITE_TILE_URL =
  'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}';
/** Esri's attribution in English; the maps' default is in the messages' language (`satelliteAttribution`). */
export const SATELLITE_ATTRIBUTION = 'Tiles &copy; Esri';

/** OpenStreetMap's attribution in the messages' language (issue 21: '© OpenStreetMap-bidragsgivare'). */
export const osmAttribution = (m: Messages['map']): string =>
  `&copy; <a href="https://www.openstreetmap.org/copyright">${escapeHtml(m.osmContributors)}</a>`;
/** Esri's attribution in the messages' language. */
export const satelliteAttribution = (m: Messages['map']): string => `${escapeHtml(m.imagery)} &copy; Esri`;

/** Sweden, for a map that has no markers yet. */
export const SWEDEN_CENTER: [number, number] = [62.0, 15.0];

export interface TileOptions {
  /**
   * Tile URL template (http or https; a relative one is resolved against the page), or `false` for no
   * tiles: the built-in basemap (Natural Earth's land and borders) is drawn instead, as it is when the
   * tiles fail to load or the URL is not http(s).
   * @default OpenStreetMap's `https://tile.openstreetmap.org/{z}/{x}/{y}.png`
   */
  tileUrl?: string | false;
  /** @default OpenStreetMap's attribution */
  attribution?: string;
}

/** A `tile-url` / `data-tile-url` attribute as a `tileUrl`: `"false"` is no tiles (the basemap). */
export function tileUrlAttr(value: string | undefined): string | false | undefined {
  return value?.trim() === 'false' ? false : value;
}

/** Longest wait of a map's tiles for the data it was made to show (see `useLeafletMap`'s `holdTiles`). */
export const TILE_HOLD_MS = 1000;

export interface MapHandle {
  L: LeafletLibrary;
  map: LeafletMap;
}

/**
 * A Leaflet map created once in a layout effect and removed in cleanup (see useWidget); the tile layer is
 * swapped in place when the URL changes, never by recreating the map. The map is handed out in the task
 * after the one that created it: Leaflet's map (its handlers, controls and first measure of the container)
 * and what is drawn on it (markers, the first fit and its layout) are two tasks, not one long one (issue 22).
 *
 * `holdTiles`: the map's own data is on its way. Its tiles are then asked for once the data came (the
 * markers drawn first) or after `TILE_HOLD_MS`: twenty tile requests and their decoding otherwise compete
 * with the data the map is for, on a phone's link or CPU as on the project's 2 cores (issue 13: the
 * script-tag map's first marker came 60-90 ms sooner, level with a plain Leaflet page).
 */
export function useLeafletMap(
  containerRef: RefObject<HTMLElement | null>,
  tiles: { url: string | false; attribution: string },
  options: MapOptions = {},
  holdTiles = false,
): MapHandle | null {
  const initial = useRef(options);
  const m = useMessageGroups(svMapGroups).map;
  const labels = useRef(m);
  labels.current = m;
  const created = useWidget(containerRef, leafletLibrary, {
    create(L, container) {
      ensureLeafletCss(container);
      const map = L.map(container, {
        center: SWEDEN_CENTER,
        zoom: 4,
        ...initial.current,
        zoomControl: false,
      });
      // Loaded with Leaflet (leafletLibrary.ts), so present once Leaflet is.
      mapRuntime.current()?.speakTheMessagesLanguage(L, map, labels.current);
      return { L, map };
    },
    destroy({ map }) {
      map.remove();
    },
  });
  // A map destroyed before its task came is never handed out: only the one `useWidget` holds now is.
  const [shown, setShown] = useState<MapHandle | null>(null);
  useLayoutEffect(() => {
    if (created) postTask(() => setShown(created));
  }, [created]);
  const handle = shown === created ? created : null;

  // Leaflet measures its container once; a container that is resized (or laid out late inside a shadow
  // root) would otherwise keep a stale size and draw markers in the wrong place.
  useEffect(() => {
    const container = containerRef.current;
    if (!handle || !container || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => handle.map.invalidateSize());
    observer.observe(container);
    return () => observer.disconnect();
  }, [handle, containerRef]);

  // Due when not held, once released (in the next task: after the commit that drew the markers), or after
  // TILE_HOLD_MS of holding. Once due they stay: a later hold never takes the tiles away.
  const [tilesDue, setTilesDue] = useState(!holdTiles);
  useEffect(() => {
    if (!handle || tilesDue) return;
    const timer = setTimeout(setTilesDue, holdTiles ? TILE_HOLD_MS : 0, true);
    return () => clearTimeout(timer);
  }, [handle, holdTiles, tilesDue]);
  // Issue 26: the tiles, or the built-in basemap when they fail or there are none (mapRuntime.ts, loaded
  // with Leaflet).
  useEffect(() => {
    if (!handle || !tilesDue) return;
    return mapRuntime.current()?.showTiles(handle.L, handle.map, {
      url: tiles.url,
      attribution: tiles.attribution,
      basemapName: m.basemap,
    });
  }, [handle, tilesDue, tiles.url, tiles.attribution, m.basemap]);

  return handle;
}
