import type { Map as LeafletMap, MapOptions, TileLayer } from 'leaflet';
import { type RefObject, useEffect, useRef } from 'react';
import { useWidget } from '../widgets/useWidget';
import { ensureLeafletCss } from './leafletCss';
import { type LeafletLibrary, leafletLibrary } from './leafletLibrary';

/** OpenStreetMap's standard tiles (production default; tests always pass a local tile server). */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';
export const SATELLITE_TILE_URL =
  'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}';
export const SATELLITE_ATTRIBUTION = 'Tiles &copy; Esri';

/** Sweden, for a map that has no markers yet. */
export const SWEDEN_CENTER: [number, number] = [62.0, 15.0];

export interface TileOptions {
  /** Tile URL template. @default OpenStreetMap's `https://tile.openstreetmap.org/{z}/{x}/{y}.png` */
  tileUrl?: string;
  /** @default OpenStreetMap's attribution */
  attribution?: string;
}

export interface MapHandle {
  L: LeafletLibrary;
  map: LeafletMap;
}

/**
 * A Leaflet map created once in a layout effect and removed in cleanup (see useWidget); the tile layer is
 * swapped in place when the URL changes, never by recreating the map.
 */
export function useLeafletMap(
  containerRef: RefObject<HTMLElement | null>,
  tiles: { url: string; attribution: string },
  options: MapOptions = {},
): MapHandle | null {
  const initial = useRef(options);
  const handle = useWidget(containerRef, leafletLibrary, {
    create(L, container) {
      ensureLeafletCss(container);
      const map = L.map(container, { center: SWEDEN_CENTER, zoom: 4, ...initial.current });
      return { L, map };
    },
    destroy({ map }) {
      map.remove();
    },
  });

  // Leaflet measures its container once; a container that is resized (or laid out late inside a shadow
  // root) would otherwise keep a stale size and draw markers in the wrong place.
  useEffect(() => {
    const container = containerRef.current;
    if (!handle || !container || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => handle.map.invalidateSize());
    observer.observe(container);
    return () => observer.disconnect();
  }, [handle, containerRef]);

  const tileLayer = useRef<TileLayer | null>(null);
  useEffect(() => {
    if (!handle) return;
    const layer = handle.L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(
      handle.map,
    );
    tileLayer.current = layer;
    return () => {
      layer.remove();
      tileLayer.current = null;
    };
  }, [handle, tiles.url, tiles.attribution]);

  return handle;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
