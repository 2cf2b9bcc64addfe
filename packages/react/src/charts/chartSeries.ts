import type { IChartApi, ISeriesApi, LineSeriesPartialOptions } from 'lightweight-charts';
import { LineSeries } from 'lightweight-charts';
import { resolveColor } from '../styles/theme';
import { PriceLines, TimeBands } from './chartOverlays';
import { type ChartReaderState, readChart } from './chartReader';
import type { ChartSeriesInput } from './TimeSeriesChart';
import { ThinnedLines } from './thinnedLines';
import type { ChartPoint } from './thinning';

// The part of TimeSeriesChart that runs only once a chart exists: it comes with the chart library
// (chartRuntime.ts), not with the component (issue 22 made room for the panels' lazy creation with it).

/** A series' lines in the chart: its line, its min/max band lines, and the input they show. */
export interface SeriesHandles {
  line: ISeriesApi<'Line'>;
  min?: ISeriesApi<'Line'>;
  max?: ISeriesApi<'Line'>;
  input: ChartSeriesInput;
}

function bandOptions(color: string): LineSeriesPartialOptions {
  return {
    color: `${color}66`,
    lineWidth: 1,
    lineStyle: 2,
    priceLineVisible: false,
    lastValueVisible: false,
    crosshairMarkerVisible: false,
  };
}

/** Removes the series no longer wanted and creates or updates the others, by id. */
function updateAllSeries(
  chart: IChartApi,
  lines: ThinnedLines,
  handles: Map<string, SeriesHandles>,
  series: readonly ChartSeriesInput[],
): void {
  const wanted = new Set(series.map((s) => s.id));
  for (const [id, h] of handles) {
    if (wanted.has(id)) continue;
    for (const line of [h.line, h.min, h.max]) {
      if (!line) continue;
      chart.removeSeries(line);
      lines.delete(line);
    }
    handles.delete(id);
  }
  for (const input of series) handles.set(input.id, updateSeries(chart, lines, handles.get(input.id), input));
}

/** What the runtime attaches to a chart for TimeSeriesChart: its lines, overlays and reader, and their undo. */
export interface ChartParts {
  lines: ThinnedLines;
  handles: Map<string, SeriesHandles>;
  priceLines: PriceLines;
  bands: TimeBands;
  detach(): void;
}

/**
 * Attaches to a new chart what TimeSeriesChart draws with: the thinned lines (kept in step with the view,
 * `followView`), the threshold and limit lines, the alert bands, and zoom and read (`readChart`).
 */
export function attachParts(
  chart: IChartApi,
  container: HTMLElement,
  state: () => ChartReaderState,
  drawn: () => boolean,
): ChartParts {
  const lines = new ThinnedLines(chart, () => pixelColumns(chart, container));
  const bands = new TimeBands();
  chart.panes()[0]?.attachPrimitive(bands);
  const unread = readChart(chart, container, state);
  const unfollow = followView(chart, container, lines, drawn);
  return {
    lines,
    handles: new Map(),
    priceLines: new PriceLines(container),
    bands,
    detach() {
      unfollow();
      unread();
    },
  };
}

/**
 * Draws `series` (created, updated or removed by id) and returns whether any has points. The first data, a
 * new time filter, or a view that showed everything shows all the new data; a zoomed view stays.
 */
export function drawSeries(
  chart: IChartApi,
  { lines, handles }: ChartParts,
  series: readonly ChartSeriesInput[],
  first: boolean,
): boolean {
  const before = lines.extent();
  const showedAll = lines.showsAll();
  updateAllSeries(chart, lines, handles, series);
  const anyData = series.some((s) => s.points.length > 0);
  lines.draw((first || showedAll || ThinnedLines.newRange(before, lines.extent())) && anyData);
  return anyData;
}

/** Device pixel columns of the chart's pane: the resolution the lines are thinned to. */
function pixelColumns(chart: IChartApi, container: HTMLElement): number {
  const width = chart.timeScale().width() || container.clientWidth;
  return Math.round(width * (globalThis.devicePixelRatio || 1));
}

/** Creates or updates one input's line (and min/max band lines) and hands their points to `lines`. */
function updateSeries(
  chart: IChartApi,
  lines: ThinnedLines,
  h: SeriesHandles | undefined,
  input: ChartSeriesInput,
): SeriesHandles {
  // A theme colour as the page around the chart sets it.
  const color = resolveColor(input.color, chart.chartElement());
  if (!h) {
    // The legend names the lines; a title on the price scale would cover the chart on a phone.
    const line = chart.addSeries(LineSeries, {
      color,
      lineWidth: 2,
      priceLineVisible: false,
    });
    lines.set(line, input.points);
    h = { line, input };
  } else {
    const prev = h.input;
    if (prev.color !== input.color) {
      h.line.applyOptions({ color });
      for (const band of [h.min, h.max]) band?.applyOptions(bandOptions(color));
    }
    if (prev.points !== input.points) lines.set(h.line, input.points, appended(prev.points, input.points));
  }
  const prevBand = h.input === input ? undefined : h.input.band;
  if (input.band) {
    const fresh = !h.min;
    h.min ??= chart.addSeries(LineSeries, bandOptions(color));
    h.max ??= chart.addSeries(LineSeries, bandOptions(color));
    if (fresh || prevBand?.min !== input.band.min) lines.set(h.min, input.band.min);
    if (fresh || prevBand?.max !== input.band.max) lines.set(h.max, input.band.max);
  } else if (h.min && h.max) {
    for (const band of [h.min, h.max]) {
      chart.removeSeries(band);
      lines.delete(band);
    }
    h.min = undefined;
    h.max = undefined;
  }
  h.input = input;
  return h;
}

/** Whether `next` is `prev` with one live reading appended (drawn with `update`, not a redraw). */
function appended(prev: ChartPoint[], next: ChartPoint[]): boolean {
  const last = next[next.length - 1];
  const before = prev[prev.length - 1];
  const same = next[next.length - 2];
  return (
    last != null &&
    last.value != null &&
    next.length === prev.length + 1 &&
    (before === same ||
      (before != null && same != null && before.time === same.time && before.value === same.value))
  );
}

/**
 * Keeps a chart's thinning in step with its view, until the returned function stops it: a zoom or scroll
 * re-thins the lines for the new visible range once the range settles in a frame; a new width of the
 * container (phone rotation, a resized grid) keeps the whole range in view, thinned for the new number of
 * pixel columns, once the chart has drawn its first data (`drawn`).
 */
function followView(
  chart: IChartApi,
  container: HTMLElement,
  lines: ThinnedLines,
  drawn: () => boolean,
): () => void {
  let frame = 0;
  const rethin = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => lines.draw(false));
  };
  chart.timeScale().subscribeVisibleTimeRangeChange(rethin);
  const unresize = redrawOnResize(container, () => drawn() && lines.draw(true));
  return () => {
    chart.timeScale().unsubscribeVisibleTimeRangeChange(rethin);
    cancelAnimationFrame(frame);
    unresize();
  };
}

/**
 * Calls `redraw` in the frame after the container's width changed (after lightweight-charts' own resize,
 * which runs in its own observer callback); returns the undo.
 */
function redrawOnResize(container: HTMLElement, redraw: () => void): () => void {
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  // The observer's first call reports the starting size (reading clientWidth here would force a layout).
  let width: number | undefined;
  let frame = 0;
  const observer = new ResizeObserver((entries) => {
    const observed = entries[0]?.contentRect.width;
    if (observed === undefined || observed === width) return;
    const resized = width !== undefined;
    width = observed;
    if (resized) frame = requestAnimationFrame(redraw);
  });
  observer.observe(container);
  return () => {
    observer.disconnect();
    cancelAnimationFrame(frame);
  };
}
