import type { Map as LeafletMap } from 'leaflet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASEMAP_COLORS, BASEMAP_SLICE_MS, drawBasemap, pathData, type View } from './basemap';
import { isHttpTileUrl } from './mapRuntime';
import { tileUrlAttr } from './useLeafletMap';

/** A map's view at `zoom` with its top-left corner at `lng`, `lat` (Web Mercator, as Leaflet's). */
function viewAt(zoom: number, lng: number, lat: number, width: number, height: number): View {
  const scale = 256 * 2 ** zoom;
  const phi = (lat * Math.PI) / 180;
  const originX = ((lng + 180) / 360) * scale;
  const originY = (0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI)) * scale;
  return { scale, originX, originY, minX: 0, minY: 0, maxX: width, maxY: height };
}

/** A stand-in for the Leaflet map methods drawBasemap calls, showing Sweden (or `view`) at 375 × 667 px. */
function fakeMap(view = viewAt(4, 5, 70, 375, 667)) {
  const container = document.createElement('div');
  const panes = new Map<string, HTMLElement>();
  const handlers = new Map<string, () => void>();
  const point = (x: number, y: number) => ({ x, y, round: () => point(Math.round(x), Math.round(y)) });
  const map = {
    getContainer: () => container,
    getPane: (name: string) => panes.get(name),
    createPane: (name: string) => {
      const pane = document.createElement('div');
      panes.set(name, pane);
      container.append(pane);
      return pane;
    },
    getSize: () => point(view.maxX, view.maxY),
    containerPointToLayerPoint: ([x, y]: [number, number]) => point(x, y),
    getPixelOrigin: () => point(view.originX, view.originY),
    getZoom: () => Math.log2(view.scale / 256),
    on: (events: string, fn: () => void) => {
      for (const e of events.split(' ')) handlers.set(e, fn);
    },
    off: (events: string) => {
      for (const e of events.split(' ')) handlers.delete(e);
    },
  };
  return { map: map as unknown as LeafletMap, container, handlers };
}

/** Waits for the basemap in `container` to show its first view (drawn in slices of tasks of their own: issue 22). */
async function shown(container: HTMLElement): Promise<void> {
  await vi.waitFor(() =>
    expect(container.querySelector('path.matnat-basemap__land')?.hasAttribute('d')).toBe(true),
  );
}

/** drawBasemap, and its first view shown. */
async function drawn(map: LeafletMap, container: HTMLElement): Promise<() => void> {
  const remove = drawBasemap(map);
  await shown(container);
  return remove;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('issue 26: the built-in basemap', () => {
  it("draws Natural Earth's land and country borders under the tiles, the map's background the water", async () => {
    const { map, container, handlers } = fakeMap();
    const remove = await drawn(map, container);
    const svg = container.querySelector('svg.matnat-basemap');
    expect(svg?.parentElement?.style.zIndex).toBe('150');
    const land = svg?.querySelector('path.matnat-basemap__land')?.getAttribute('d') ?? '';
    const borders = svg?.querySelector('path.matnat-basemap__borders')?.getAttribute('d') ?? '';
    // Scandinavia's coast and its borders (Sweden–Norway, Sweden–Finland) are in view, at zoom 4 within
    // a few thousand points: points under half a pixel apart are left out.
    expect(land.split(/[ML]/).length).toBeGreaterThan(200);
    expect(land.split(/[ML]/).length).toBeLessThan(20_000);
    expect(borders).toMatch(/^M/);
    expect(container.style.background).toBe(BASEMAP_COLORS.water);
    expect([...handlers.keys()].sort()).toEqual(['moveend', 'resize', 'viewreset', 'zoomend']);
    remove();
    expect(container.querySelector('svg')).toBeNull();
    expect(container.style.background).toBe('');
    expect(handlers.size).toBe(0);
  });

  it("lakes in the water's colour over the land, under the borders: Vänern, Vättern and Taupō in view", async () => {
    /** Whether the layer pixel of `lng`, `lat` lies inside an odd number of the path's rings. */
    const inPath = (d: string, view: View, lng: number, lat: number) => {
      const phi = (lat * Math.PI) / 180;
      const x = ((lng + 180) / 360) * view.scale - view.originX;
      const y = (0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI)) * view.scale - view.originY;
      let inside = false;
      for (const ring of d.split('M').filter(Boolean)) {
        const points = [...ring.matchAll(/(-?[\d.]+) (-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
        for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
          const [xi, yi] = points[i] as number[];
          const [xj, yj] = points[j] as number[];
          if (yi! > y !== yj! > y && x < ((xj! - xi!) * (y - yi!)) / (yj! - yi!) + xi!) inside = !inside;
        }
      }
      return inside;
    };
    for (const [view, inLake, dry] of [
      // Sweden at zoom 4 on a phone: Vänern and Vättern; Jönköping's hills between them are dry.
      [
        viewAt(4, 5, 70, 375, 667),
        [
          [13.3, 58.9],
          [14.55, 58.35],
        ],
        [13.9, 57.9],
      ],
      // New Zealand's North Island at zoom 5: Taupō; Rotorua's town is dry.
      [viewAt(5, 170, -34, 375, 667), [[175.9, -38.8]], [176.5, -37.8]],
    ] as const) {
      const { map, container } = fakeMap(view);
      await drawn(map, container);
      const paths = [...container.querySelectorAll('svg.matnat-basemap path')];
      expect(paths.map((p) => p.getAttribute('class'))).toEqual([
        'matnat-basemap__land',
        'matnat-basemap__lakes',
        'matnat-basemap__borders',
      ]);
      const lakes = paths[1];
      expect(lakes?.getAttribute('fill')).toBe(BASEMAP_COLORS.water);
      const d = lakes?.getAttribute('d') ?? '';
      for (const [lng, lat] of inLake) expect(inPath(d, view, lng, lat), `${lng}, ${lat}`).toBe(true);
      expect(inPath(d, view, dry[0], dry[1])).toBe(false);
      const land = paths[0]?.getAttribute('d') ?? '';
      expect(inPath(land, view, dry[0], dry[1])).toBe(true);
    }
  });

  it('a ring crossing the antimeridian is unwrapped: no edge across the world at Chukotka', async () => {
    // The Bering Strait at zoom 4 (Chukotka, Wrangel Island): no point of the drawn land is a world away.
    const view = viewAt(4, 160, 75, 1280, 900);
    const { map, container } = fakeMap(view);
    await drawn(map, container);
    const land = container.querySelector('path.matnat-basemap__land')?.getAttribute('d') ?? '';
    const xs = [...land.matchAll(/[ML](-?[\d.]+) /g)].map((m) => Number(m[1]));
    expect(xs.length).toBeGreaterThan(50);
    expect(Math.min(...xs)).toBeGreaterThan(-view.scale / 2);
    expect(Math.max(...xs)).toBeLessThan(view.scale / 2);
  });

  it('the open Indian Ocean: no borders, and of Afro-Eurasia (its box covers the view) a handful of points', async () => {
    const { map, container } = fakeMap(viewAt(6, 90, -30, 375, 667));
    await drawn(map, container);
    const land = container.querySelector('path.matnat-basemap__land')?.getAttribute('d') ?? '';
    expect(land.split(/[ML]/).length).toBeLessThan(100);
    expect(container.querySelector('path.matnat-basemap__borders')?.getAttribute('d')).toBe('');
  });

  it('issue 22: a view is drawn in slices of tasks of their own, no slice longer than BASEMAP_SLICE_MS, shown once whole', async () => {
    // A clock that moves 1 ms each time it is read: each slice does BASEMAP_SLICE_MS steps at most.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now++);
    const timeouts = vi.spyOn(globalThis, 'setTimeout');
    const { map, container } = fakeMap();
    drawBasemap(map);
    // Returned after the first slice: nothing shown yet (no half-drawn view), the rest in later tasks.
    expect(container.querySelector('path.matnat-basemap__land')?.hasAttribute('d')).toBe(false);
    const start = now;
    await shown(container);
    const slices = timeouts.mock.calls.filter(([, ms]) => ms === 0).length + 1;
    expect(slices).toBeGreaterThan(10);
    // Each slice read the clock once to start and once a step, BASEMAP_SLICE_MS steps at most.
    expect((now - start) / slices).toBeLessThanOrEqual(BASEMAP_SLICE_MS + 1);
    expect(container.querySelector('path.matnat-basemap__land')?.getAttribute('d')).toMatch(/^M/);
  });

  it('issue 22: a redraw asked for while a view is being drawn takes its place', async () => {
    const { map, container, handlers } = fakeMap();
    const sets = vi.spyOn(Element.prototype, 'setAttribute');
    drawBasemap(map);
    handlers.get('moveend')?.();
    await shown(container);
    // A view under way would show itself within a few tasks of the other: give it time, then count.
    await new Promise((resolve) => setTimeout(resolve, 50));
    // One view was shown: each of the three paths had its `d` set once (a second show sets them again).
    const paths = sets.mock.calls.filter(([name]) => name === 'd');
    expect(paths).toHaveLength(3);
    expect(container.querySelector('path.matnat-basemap__land')?.getAttribute('d')).toMatch(/^M/);
  });

  it('a path in layer pixels: rings closed, lines open, points under half a pixel from the last left out', () => {
    const square = new Float64Array([0.5, 0.5, 0.5001, 0.5, 0.51, 0.5, 0.51, 0.51, 0.5, 0.5]);
    const shapes = [{ lines: [square], box: [0.5, 0.5, 0.51, 0.51] as [number, number, number, number] }];
    const view = { scale: 1000, originX: 400, originY: 400, minX: 0, minY: 0, maxX: 200, maxY: 200 };
    expect(pathData(shapes, view, true)).toBe('M100 100L110 100L110 110L100 100Z');
    expect(pathData(shapes, view, false)).toBe('M100 100L110 100L110 110L100 100');
    expect(pathData(shapes, { ...view, originX: 0 }, true)).toBe('');
  });

  it('a run of points off one side of the view keeps its first and last: what is in view is unchanged', () => {
    // From inside, out to the left for three points, and back in.
    const line = new Float64Array([0.45, 0.45, 0.3, 0.45, 0.3, 0.4, 0.3, 0.35, 0.45, 0.35]);
    const shapes = [{ lines: [line], box: [0.3, 0.35, 0.45, 0.45] as [number, number, number, number] }];
    const view = { scale: 1000, originX: 0, originY: 0, minX: 400, minY: 300, maxX: 500, maxY: 500 };
    expect(pathData(shapes, view, false)).toBe('M450 450L300 450L300 350L450 350');
  });

  it('tile URLs: http(s) and relative ones are asked for; javascript:, file: and data: are not', () => {
    expect(isHttpTileUrl('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(true);
    expect(isHttpTileUrl('http://127.0.0.1:8080/{z}/{x}/{y}.png')).toBe(true);
    expect(isHttpTileUrl('/tiles/{z}/{x}/{y}.png')).toBe(true);
    expect(isHttpTileUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpTileUrl('file:///etc/tiles/{z}/{x}/{y}.png')).toBe(false);
    expect(isHttpTileUrl('data:image/png;base64,AAAA')).toBe(false);
  });

  it('a tile-url attribute "false" is no tiles; any other value a URL, absent the default', () => {
    expect(tileUrlAttr('false')).toBe(false);
    expect(tileUrlAttr(' false ')).toBe(false);
    expect(tileUrlAttr('https://t/{z}/{x}/{y}.png')).toBe('https://t/{z}/{x}/{y}.png');
    expect(tileUrlAttr(undefined)).toBeUndefined();
  });
});
