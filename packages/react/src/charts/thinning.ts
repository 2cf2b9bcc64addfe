/** One point of a chart line: time in epoch milliseconds, `null` for a gap. */
export interface ChartPoint {
  time: number;
  value: number | null;
}

/** A point as lightweight-charts takes it: time in epoch seconds (UTCTimestamp); no value is a gap. */
export interface Sample {
  time: number;
  value?: number;
}

/** Every point as a sample, in strictly ascending seconds (buckets finer than a second collapse to the last). */
export function toSamples(points: readonly ChartPoint[]): Sample[] {
  const out: Sample[] = [];
  let lastTime = Number.NEGATIVE_INFINITY;
  for (const p of points) {
    const time = Math.floor(p.time / 1000);
    if (time < lastTime) continue;
    const item = p.value == null ? { time } : { time, value: p.value };
    if (time === lastTime) out[out.length - 1] = item;
    else out.push(item);
    lastTime = time;
  }
  return out;
}

/** Points drawn per bin: its minimum and maximum in time order (a bin with a gap adds the gap). */
export const SLOTS_PER_BIN = 2;
/** Points of a bin are placed a quarter of the bin apart: whole seconds from bins of 4 s up. */
const MIN_BIN_SECONDS = 4;

/**
 * The bin width (seconds) to thin a chart to, or 0 to draw every point: the widest of `4 · round(√2ᵏ)` s
 * (half octaves, in multiples of 4 s so that a bin's quarters are whole seconds) that gives each of
 * `columns` pixel columns of the visible `spanSeconds` at least one bin, so a column holds one bin or a
 * little more. Fixed steps make zooming re-thin only when the zoom passes one. Thinning pays only when
 * the longest series has more points than the bins over the whole `extentSeconds` would draw.
 */
export function binSeconds(
  spanSeconds: number,
  columns: number,
  extentSeconds: number,
  longestSeries: number,
): number {
  if (!(columns >= 1) || !(spanSeconds / MIN_BIN_SECONDS >= columns)) return 0;
  let bin = MIN_BIN_SECONDS;
  for (let k = 1; ; k++) {
    const next = MIN_BIN_SECONDS * Math.round(Math.SQRT2 ** k);
    if (spanSeconds / next < columns) break;
    bin = next;
  }
  const bins = Math.floor(extentSeconds / bin) + 2;
  return longestSeries > SLOTS_PER_BIN * bins ? bin : 0;
}

/**
 * Thins a time-ordered series (epoch milliseconds) to bins of `bin` seconds (aligned to the epoch): each
 * bin keeps its minimum and maximum in time order (so no spike disappears), and its first gap if it has
 * one; the last bin also keeps the series' last point. The kept points are placed at fixed times inside
 * the bin (its start, a quarter on), the same for every series, because lightweight-charts spaces points by their index, not their time: every bin
 * of a dense series then takes the same width on screen, as it would with all its points.
 */
export function thinToBins(points: readonly ChartPoint[], bin: number): Sample[] {
  const out: Sample[] = [];
  const kept: number[] = [];
  const binMs = bin * 1000;
  const step = bin / 4;
  let i = 0;
  while (i < points.length) {
    const startMs = Math.floor((points[i] as ChartPoint).time / binMs) * binMs;
    let end = i;
    let min = -1;
    let max = -1;
    let gap = -1;
    for (; end < points.length && (points[end] as ChartPoint).time < startMs + binMs; end++) {
      const value = (points[end] as ChartPoint).value;
      if (value == null) {
        if (gap < 0) gap = end;
      } else {
        if (min < 0 || value < ((points[min] as ChartPoint).value as number)) min = end;
        if (max < 0 || value > ((points[max] as ChartPoint).value as number)) max = end;
      }
    }
    // The series' last point stays last: the latest reading is the line's end and its price label.
    kept.length = 0;
    keep(kept, min);
    keep(kept, max);
    keep(kept, gap);
    if (end === points.length) keep(kept, end - 1);
    for (let slot = 0; slot < Math.max(SLOTS_PER_BIN, kept.length); slot++) {
      const value = (points[kept[Math.min(slot, kept.length - 1)] as number] as ChartPoint).value;
      const time = startMs / 1000 + slot * step;
      out.push(value == null ? { time } : { time, value });
    }
    i = end;
  }
  return out;
}

/** Adds index `k` (unless absent, -1, or kept already) to the ascending indices of a bin to draw. */
function keep(kept: number[], k: number): void {
  if (k < 0) return;
  let at = kept.length;
  while (at > 0 && (kept[at - 1] as number) > k) at--;
  if (kept[at - 1] !== k) kept.splice(at, 0, k);
}
