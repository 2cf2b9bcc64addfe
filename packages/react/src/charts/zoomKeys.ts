import { customRange, fittingInterval, type IntervalSlug, type RangeValue } from '@matnat/contract/plain';

// Zoom and read (issue 21): which period a drag or a keyboard selection zooms into, and how the keys move
// the chart's reading cursor. Pure; the chart reader (chartReader.ts) applies it to a drawn chart.

/** What a zoom asks a panel to fetch: an absolute range, and the interval that fits it (the contract's rule). */
export type ZoomValue = RangeValue & { interval_slug: IntervalSlug };

/** The shortest period a zoom shows: a shorter drag or selection is a click, not a zoom. */
export const MIN_ZOOM_MS = 60_000;
/** How far (px) a pressed pointer moves before it selects a period rather than clicks. */
export const MIN_DRAG_PX = 6;

/**
 * The zoom between two instants (either order): the absolute range from the earlier to the later, at the
 * interval `fittingInterval` gives it. Null when it is shorter than `MIN_ZOOM_MS` or breaks the
 * absolute-range rule (not a finite range, or longer than the longest preset).
 */
export function zoomValue(a: number, b: number): ZoomValue | null {
  const range = { from: Math.min(a, b), to: Math.max(a, b) };
  if (!(range.to - range.from >= MIN_ZOOM_MS)) return null;
  const value = customRange(range.from, range.to);
  return value && { ...value, interval_slug: fittingInterval(range) };
}

/** The keyboard's reading cursor: the index of the point it is on and, while Shift selects, where it began. */
export interface ChartCursor {
  index: number;
  anchor: number | null;
}

/** What a key did: the cursor after it (null: hidden) and, on Enter over a selection, the points to zoom between. */
export interface KeyOutcome {
  cursor: ChartCursor | null;
  zoom?: readonly [number, number];
}

/** Where a moving key takes the cursor among `count` points: arrows a step, pages a tenth, Home/End the ends. */
function moved(key: string, index: number, count: number): number | undefined {
  const step = Math.max(1, Math.round(count / 100));
  const page = Math.max(1, Math.round(count / 10));
  const to = {
    ArrowLeft: index - step,
    ArrowRight: index + step,
    PageDown: index - page,
    PageUp: index + page,
    Home: 0,
    End: count - 1,
  }[key];
  return to === undefined ? undefined : Math.min(count - 1, Math.max(0, to));
}

/**
 * The chart's keys (issue 21): ←/→ read the values point by point (a step is a hundredth of the points
 * when there are more than 100), PageDown/PageUp a tenth, Home/End the ends; the first key shows the latest
 * point. Shift with any of them selects from where the cursor was; Enter zooms into the selection; Escape
 * drops the selection, then the cursor. Undefined for a key the chart leaves to the page.
 */
export function chartKey(
  key: string,
  shift: boolean,
  cursor: ChartCursor | null,
  count: number,
): KeyOutcome | undefined {
  if (count === 0) return undefined;
  if (key === 'Escape') {
    if (!cursor) return undefined;
    return { cursor: cursor.anchor === null ? null : { index: cursor.index, anchor: null } };
  }
  if (key === 'Enter') {
    const anchor = cursor?.anchor ?? null;
    if (!cursor || anchor === null || anchor === cursor.index) return undefined;
    return { cursor: null, zoom: [Math.min(anchor, cursor.index), Math.max(anchor, cursor.index)] };
  }
  const from = cursor?.index ?? count - 1;
  const to = moved(key, from, count);
  if (to === undefined) return undefined;
  // The first key without Shift shows the latest point where it is, rather than moving off it.
  const index = cursor || shift ? to : from;
  return { cursor: { index, anchor: shift ? (cursor?.anchor ?? from) : null } };
}
