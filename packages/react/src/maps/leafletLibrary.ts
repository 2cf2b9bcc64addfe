import type * as Leaflet from 'leaflet';
import { lazyLibrary } from '../widgets/lazyLibrary';

export type LeafletLibrary = typeof Leaflet;

export const leafletLibrary = lazyLibrary<LeafletLibrary>(() =>
  import('leaflet').then((mod) => ((mod as { default?: LeafletLibrary }).default ?? mod) as LeafletLibrary),
);
