import type * as Leaflet from 'leaflet';
import { lazyLibrary } from '../widgets/lazyLibrary';
import { loadLeafletCss } from './leafletCss';

export type LeafletLibrary = typeof Leaflet;

export const leafletLibrary = lazyLibrary<LeafletLibrary>(async () => {
  const [mod] = await Promise.all([import('leaflet'), loadLeafletCss()]);
  return ((mod as { default?: LeafletLibrary }).default ?? mod) as LeafletLibrary;
});
