import type * as Leaflet from 'leaflet';
import { lazyLibrary } from '../widgets/lazyLibrary';
import { documentHasLeafletCss, loadLeafletCss } from './leafletCss';
import { mapRuntime } from './mapRuntimeLibrary';

/**
 * The part of Leaflet the kit's maps call, and all they may call: a host that hands them a subset of
 * Leaflet instead of the whole (apps/web's `shell/leaflet.ts`) is type-checked against it, so the two
 * cannot drift apart. A map calling one more function adds it here, and the subset then fails `tsc`.
 */
export interface LeafletLibrary
  extends Pick<typeof Leaflet, 'map' | 'tileLayer' | 'layerGroup' | 'circleMarker'> {
  control: Pick<typeof Leaflet.control, 'zoom'>;
}

export const leafletLibrary = lazyLibrary<LeafletLibrary>(async () => {
  // A page whose own stylesheets carry Leaflet's CSS needs no copy in its document (ensureLeafletCss).
  const [mod] = await Promise.all([
    import('leaflet'),
    documentHasLeafletCss() ? null : loadLeafletCss(),
    mapRuntime.load(),
  ]);
  return ((mod as { default?: LeafletLibrary }).default ?? mod) as LeafletLibrary;
});
