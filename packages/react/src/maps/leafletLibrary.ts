import type * as Leaflet from 'leaflet';
import { lazyLibrary } from '../widgets/lazyLibrary';
import { leafletCssForDocument } from './leafletCss';

export type LeafletLibrary = typeof Leaflet;

export const leafletLibrary = lazyLibrary<LeafletLibrary>(async () => {
  const [mod] = await Promise.all([import('leaflet'), leafletCssForDocument()]);
  return ((mod as { default?: LeafletLibrary }).default ?? mod) as LeafletLibrary;
});
