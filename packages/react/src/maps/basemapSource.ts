// Issue 22: the built-in basemap's data, projected once here instead of in every visitor's browser. Natural
// Earth's 1:50m land and country borders (world-atlas's countries-50m, TopoJSON) and the lakes of
// lakes-50m.generated.json (lakesSource.ts), decoded from TopoJSON, projected into Web Mercator's unit
// square and encoded as basemapCodec.ts says (1:50m's 87,000 points; left unsimplified: half a pixel at
// zoom 8 would drop 3 % of them), each shape after its box: basemap.ts reads a shape's lines (one pass over
// their characters) only when its box is in view, with no TopoJSON decoder and no projection at the page.
// Issue 22: on /temperaturspjut with its tiles failing, the basemap was ~600 ms of Lighthouse's total
// blocking time (runs with its chunk blocked against runs without), decoding the world at once its most.
//
// Node only, never bundled: `pnpm exec tsx packages/react/src/maps/basemapSource.ts` writes
// basemap-50m.generated.json beside it, which basemap.ts imports. basemapSource.test.ts checks the committed
// file is what this makes.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'world-atlas/countries-50m.json';
import { BASEMAP_STEPS, encodeLine } from './basemapCodec';
import lakesTopology from './lakes-50m.generated.json';

/**
 * What basemap-50m.generated.json holds: land and lakes a shape a polygon (its rings), borders a shape a
 * line. A shape is its box (west, north, east, south, encoded as a line of two points) and then its lines,
 * each encoded (basemapCodec.ts): the boxes let the page read only the shapes in view.
 */
export interface BasemapData {
  land: string[][];
  lakes: string[][];
  borders: string[][];
}

const MAX_LAT = 85.0511287798;

/** Longitude and latitude in degrees to Web Mercator's unit square (EPSG:3857, the kit's maps' CRS). */
function toUnit(lng: number, lat: number): [number, number] {
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return [(lng + 180) / 360, 0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI)];
}

/**
 * A ring or line in the unit square. One that crosses the antimeridian (Chukotka, Fiji: Natural Earth's
 * rings step from 180° to −180°) is unwrapped, its longitudes continued past ±180°, so no edge runs across
 * the whole world.
 */
function project(ring: number[][]): Float64Array {
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
  });
  return line;
}

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

/** Rings or lines (in degrees) projected and encoded, after their box (in whole steps round them). */
function stored(rings: number[][][]): string[] {
  const lines = rings.map(project);
  let [west, north, east, south] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const line of lines)
    for (let i = 0; i < line.length; i += 2) {
      const x = (line[i] as number) * BASEMAP_STEPS;
      const y = (line[i + 1] as number) * BASEMAP_STEPS;
      west = Math.min(west, Math.floor(x));
      north = Math.min(north, Math.floor(y));
      east = Math.max(east, Math.ceil(x));
      south = Math.max(south, Math.ceil(y));
    }
  const box = [west, north, east, south].map((step) => step / BASEMAP_STEPS);
  return [encodeLine(box), ...lines.map(encodeLine)];
}

/** Land and lakes (one entry a polygon) and the borders between countries, projected and encoded. */
export function buildBasemap(): BasemapData {
  const topology = atlas as unknown as Topology<{ land: GeometryCollection; countries: GeometryCollection }>;
  const lakes = lakesTopology as unknown as Topology<{ lakes: GeometryCollection }>;
  const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
  return {
    land: polygonsOf(topology, topology.objects.land).map(stored),
    lakes: polygonsOf(lakes, lakes.objects.lakes).map(stored),
    borders: borders.coordinates.map((line) => stored([line])),
  };
}

export const BASEMAP_FILE = join(dirname(fileURLToPath(import.meta.url)), 'basemap-50m.generated.json');

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(BASEMAP_FILE, `${JSON.stringify(buildBasemap())}\n`);
  console.log(`wrote ${BASEMAP_FILE}`);
}
