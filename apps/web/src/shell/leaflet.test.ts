// The app hands the kit's maps a subset of Leaflet (vite.config.ts aliases `leaflet` to shell/leaflet.ts).
// The kit's `LeafletLibrary` type names everything its maps call: the subset must be one, else `tsc` fails
// here, and at run time each of those functions must be there.
import type { LeafletLibrary } from '@matnat/react';
import { describe, expect, it } from 'vitest';
import * as subset from './leaflet';

const library: LeafletLibrary = subset;

describe('issue 25: the app’s Leaflet subset cannot drift from what the maps call', () => {
  it('has every function of the kit’s LeafletLibrary', () => {
    const called = [
      library.map,
      library.tileLayer,
      library.layerGroup,
      library.circleMarker,
      library.control.zoom,
    ];
    expect(called.map((fn) => typeof fn)).toEqual(Array(5).fill('function'));
  });
});
