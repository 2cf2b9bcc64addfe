// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BASEMAP_STEPS, decodeLine, encodeLine } from './basemapCodec';
import { BASEMAP_FILE, buildBasemap } from './basemapSource';

describe('issue 22: the basemap projected at build time', () => {
  it('basemap-50m.generated.json is what basemapSource.ts makes (run it again after changing either)', () => {
    const committed = JSON.parse(readFileSync(BASEMAP_FILE, 'utf8'));
    const made = buildBasemap();
    expect(committed).toEqual(made);
    // Natural Earth's 1:50m: 1,400-odd land polygons, the lakes kept by lakesSource.ts, the borders.
    expect(made.land.length).toBeGreaterThan(1_000);
    expect(made.lakes.length).toBeGreaterThan(200);
    expect(made.borders.length).toBeGreaterThan(100);
  }, 60_000);

  it('a line comes back within half a step of each point, negative and past 1 (unwrapped) too', () => {
    const line = [0.5, 0.5, 0.50001, 0.49999, 1.02, 0.3, -0.01, 0.99, 0, 0];
    const back = decodeLine(encodeLine(line));
    expect(back.length).toBe(line.length);
    for (const [i, v] of back.entries())
      expect(Math.abs(v - (line[i] as number))).toBeLessThanOrEqual(0.5 / BASEMAP_STEPS);
    expect(decodeLine(encodeLine([]))).toEqual(new Float64Array(0));
  });
});
