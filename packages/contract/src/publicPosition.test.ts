import { describe, expect, it } from 'vitest';
import { coarsenPosition, isPublicGrid, onPublicGrid, PUBLIC_GRID_M } from './publicPosition';

describe('issue 26.2 public positions', () => {
  it('a grid is 0 (exakt) or a whole number of metres from 100 to 50 000', () => {
    for (const ok of [0, 100, 1000, 50_000]) expect(isPublicGrid(ok)).toBe(true);
    for (const bad of [-1, 1, 99, 50_001, 1000.5, Number.NaN]) expect(isPublicGrid(bad)).toBe(false);
    expect(PUBLIC_GRID_M.default).toBe(1000);
  });

  it('rounds to the nearest grid point, at most half a cell away, and leaves "exakt" alone', () => {
    for (const [lat, lng] of [
      [59.329323, 18.068581],
      [67.855799, 20.225282],
      [-45.878761, 170.502792],
      [0.000001, -0.000001],
    ] as const) {
      for (const grid of [100, 1000, 5000, 50_000]) {
        const c = coarsenPosition(lat, lng, grid);
        expect(onPublicGrid(c.lat, c.lng, grid)).toBe(true);
        // Half a cell's diagonal, in metres, is the most a point moves.
        const dy = (c.lat - lat) * 111_320;
        const dx = (c.lng - lng) * 111_320 * Math.cos((c.lat * Math.PI) / 180);
        expect(Math.hypot(dx, dy)).toBeLessThanOrEqual(grid * 0.75);
      }
      expect(coarsenPosition(lat, lng, 0)).toEqual({ lat, lng });
    }
  });

  it('an exact position is not on a 1 km grid; a longitude near ±180° stays valid and on the grid', () => {
    expect(onPublicGrid(59.329323, 18.068581, 1000)).toBe(false);
    const c = coarsenPosition(-44.5, 179.9999, 50_000);
    expect(Math.abs(c.lng)).toBeLessThanOrEqual(180);
    expect(onPublicGrid(c.lat, c.lng, 50_000)).toBe(true);
  });
});
