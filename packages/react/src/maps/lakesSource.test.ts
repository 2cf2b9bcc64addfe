// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildLakes, LAKES_FILE } from './lakesSource';

describe('issue 26: the basemap lakes file', () => {
  it('is what lakesSource.ts makes from Natural Earth 1:50m lakes (run it again after changing either)', () => {
    const committed = JSON.parse(readFileSync(LAKES_FILE, 'utf8'));
    const made = buildLakes();
    expect(committed).toEqual(JSON.parse(JSON.stringify(made)));
    // 12,117 points of the lakes kept simplified to fewer than 7,500: basemap.js's budget holds them.
    const points = made.arcs.reduce((n, arc) => n + arc.length, 0);
    expect(points).toBeLessThan(7_500);
    expect(made.objects.lakes.geometries.length).toBeGreaterThan(200);
  }, 60_000);
});
