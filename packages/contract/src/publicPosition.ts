/**
 * Issue 26: what a public caller (no session, the public map, an embed token that does not grant exact
 * positions) learns of a device's position — the nearest point of a grid its team chose, never the exact
 * one. Zod-free: the API rounds with it and the tests check answers with it.
 */

/** A device's public grid in metres: 0 is "exakt", else between `min` and `max`. @default 1000 (~1 km) */
export const PUBLIC_GRID_M = { min: 100, max: 50_000, default: 1000, exact: 0 } as const;

/** The grid sizes the app offers (metres; 0 exakt). Any integer in range is accepted by the API. */
export const PUBLIC_GRID_CHOICES = [0, 100, 500, 1000, 5000, 10_000] as const;

/** Whether `gridM` is a grid the API accepts: 0 (exakt) or an integer from 100 m to 50 km. */
export const isPublicGrid = (gridM: number): boolean =>
  gridM === PUBLIC_GRID_M.exact ||
  (Number.isInteger(gridM) && gridM >= PUBLIC_GRID_M.min && gridM <= PUBLIC_GRID_M.max);

/** Metres in a degree of latitude (and of longitude at the equator). */
const METRES_PER_DEGREE = 111_320;
/**
 * Longitude steps stop growing here (84°), so the poles do not make a cell the whole world wide. Marked pure
 * (a call of its own: `Math.PI` in a pure call's arguments still counts as a side effect) so that a bundle
 * that never rounds a position drops it.
 */
const MIN_COS = /* @__PURE__ */ (() => Math.cos((84 * Math.PI) / 180))();

/** The grid's steps in degrees: latitude's everywhere, longitude's at the (already rounded) latitude. */
export function gridSteps(gridM: number, lat: number): { lat: number; lng: number } {
  const latStep = gridM / METRES_PER_DEGREE;
  return { lat: latStep, lng: latStep / Math.max(Math.cos((lat * Math.PI) / 180), MIN_COS) };
}

const snap = (value: number, step: number) => Number((Math.round(value / step) * step).toFixed(6));

/** The position a public caller sees: unchanged for a grid of 0 (exakt), else the nearest grid point. */
export function coarsenPosition(lat: number, lng: number, gridM: number): { lat: number; lng: number } {
  if (gridM === PUBLIC_GRID_M.exact) return { lat, lng };
  const rounded = snap(lat, gridSteps(gridM, lat).lat);
  const lngStep = gridSteps(gridM, rounded).lng;
  const snapped = snap(lng, lngStep);
  // Near the antimeridian a grid point past ±180° gives way to its neighbour: a valid longitude, on the grid.
  const lngOut = Math.abs(snapped) > 180 ? snap(snapped - Math.sign(snapped) * lngStep, lngStep) : snapped;
  return { lat: rounded, lng: lngOut };
}

/**
 * Whether a position is on the grid (within the 6 decimals an answer carries): what the tests of every
 * public answer check. A grid of 0 allows anything.
 */
export function onPublicGrid(lat: number, lng: number, gridM: number): boolean {
  if (gridM === PUBLIC_GRID_M.exact) return true;
  const steps = gridSteps(gridM, lat);
  const off = (value: number, step: number) => Math.abs(value / step - Math.round(value / step)) * step;
  return off(lat, steps.lat) < 2e-6 && off(lng, steps.lng) < 2e-6;
}
