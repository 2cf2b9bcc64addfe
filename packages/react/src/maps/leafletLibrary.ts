import type * as Leaflet from 'leaflet';
import { lazyLibrary } from '../widgets/lazyLibrary';
import { documentHasLeafletCss, loadLeafletCss } from './leafletCss';

export type LeafletLibrary = typeof Leaflet;

export const leafletLibrary = lazyLibrary<LeafletLibrary>(async () => {
  // A page whose own stylesheets carry Leaflet's CSS needs no copy in its document (ensureLeafletCss).
  const [mod] = await Promise.all([import('leaflet'), documentHasLeafletCss() ? null : loadLeafletCss()]);
  return ((mod as { default?: LeafletLibrary }).default ?? mod) as LeafletLibrary;
});
