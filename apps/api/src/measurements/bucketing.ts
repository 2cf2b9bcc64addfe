/** One day in milliseconds: the widest rollup period. */
export const DAY = 86_400_000;

const S = 1000;
const M = 60 * S;
const H = 60 * M;

/** Bucket widths a chart axis reads well; anything wider is a whole number of days. */
export const NICE_WIDTHS_MS = [
  S,
  2 * S,
  5 * S,
  10 * S,
  15 * S,
  30 * S,
  M,
  2 * M,
  5 * M,
  10 * M,
  15 * M,
  30 * M,
  H,
  2 * H,
  3 * H,
  6 * H,
  12 * H,
  DAY,
  2 * DAY,
  7 * DAY,
  14 * DAY,
];

/** Number of epoch-aligned buckets of `width` that touch the half-open range [from, to). */
export function bucketCount(from: number, to: number, width: number): number {
  if (to <= from) return 0;
  return Math.floor((to - 1) / width) - Math.floor(from / width) + 1;
}

function niceAtLeast(ms: number): number {
  for (const w of NICE_WIDTHS_MS) if (w >= ms) return w;
  return Math.ceil(ms / DAY) * DAY;
}

function nextNice(width: number): number {
  for (const w of NICE_WIDTHS_MS) if (w > width) return w;
  return width + DAY;
}

/**
 * Bucket width for a range: at least the requested interval and at least span/maxPoints, rounded up to
 * a nice width, widened further until the epoch-aligned buckets number at most `maxPoints`.
 */
export function chooseBucketWidth(from: number, to: number, intervalMs: number, maxPoints: number): number {
  let width = niceAtLeast(Math.max(intervalMs, Math.ceil((to - from) / maxPoints), 1));
  while (bucketCount(from, to, width) > maxPoints) width = nextNice(width);
  return width;
}
