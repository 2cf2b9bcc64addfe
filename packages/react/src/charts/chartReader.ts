import type { IChartApi, IRange, MouseEventParams, Time } from 'lightweight-charts';
import type { Messages } from '../messages/sv';
import { resolveColor } from '../styles/theme';
import { xOf } from './chartOverlays';
import { formatReading } from './format';
import type { ChartSeriesInput } from './TimeSeriesChart';
import type { ChartPoint } from './thinning';
import { formatLocalDateTime } from './timeFormat';
import { type ChartCursor, chartKey, MIN_DRAG_PX, type ZoomValue, zoomValue } from './zoomKeys';

/** What the chart reader reads from its component, as it is at each event. */
export interface ChartReaderState {
  series: readonly ChartSeriesInput[];
  messages: Pick<Messages, 'locale' | 'chart' | 'timeFilter'>;
  /** Given: a drag across the chart, or Enter over a keyboard selection, zooms into that period. */
  onZoom?(value: ZoomValue): void;
}

const OVERLAY = 'position:absolute;top:0;pointer-events:none;z-index:3;display:none;';
const TOOLTIP = `${OVERLAY}padding:6px 8px;border-radius:6px;font:12px/1.4 system-ui,sans-serif;white-space:nowrap;background:var(--matnat-surface,#fff);color:var(--matnat-text,#111827);border:1px solid var(--matnat-border,#d1d5db);box-shadow:0 2px 6px rgba(0,0,0,.15)`;
const SELECTION = `${OVERLAY}background:rgba(13,148,136,.18);border:1px solid rgba(13,148,136,.6);border-width:0 1px`;
const HIDDEN = 'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap';
const SWATCH = 'display:inline-block;width:8px;height:8px;border-radius:50%;margin-right:6px;background:';

/** The point of `points` nearest to `time` (epoch ms), by bisection: points are in time order. */
export function nearestPoint(points: readonly ChartPoint[], time: number): ChartPoint | undefined {
  let lo = 0;
  let hi = points.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((points[mid] as ChartPoint).time < time) lo = mid + 1;
    else hi = mid;
  }
  const after = points[lo];
  const before = points[lo - 1];
  return before && after && time - before.time < after.time - time ? before : after;
}

/** One series' value at a time as the tooltip and the screen reader say it: 'Temperatur 21,5 °C'. */
function reading(input: ChartSeriesInput, time: number, locale: string): string {
  const value = nearestPoint(input.points, time)?.value;
  const text = value == null ? '–' : formatReading(value, locale, 2);
  return `${input.label} ${text}${input.unit && value != null ? `\u00a0${input.unit}` : ''}`;
}

function overlay(css: string): HTMLDivElement {
  const element = document.createElement('div');
  element.style.cssText = css;
  return element;
}

/**
 * Zoom and read on a drawn chart (issue 21): a crosshair tooltip with every series' value at the pointer's
 * time (the reader's locale, Stockholm time); a drag across the plot selects a period to zoom into; the
 * chart is focusable, and its keys (zoomKeys.ts) move a reading cursor and select a period, said in a
 * live region. Its elements lie over the chart inside the chart's container; the returned function takes
 * them and its listeners away. (Closures rather than a class: the script tags carry it, minified.)
 */
export function readChart(
  chart: IChartApi,
  container: HTMLElement,
  state: () => ChartReaderState,
): () => void {
  const timeScale = chart.timeScale();
  const tooltip = overlay(TOOLTIP);
  const selection = overlay(SELECTION);
  const live = overlay(HIDDEN);
  let cursor: ChartCursor | null = null;
  let cursorPoints: readonly ChartPoint[] = [];
  let drag: { start: number; pointer: number } | null = null;
  const off: (() => void)[] = [];
  tooltip.setAttribute('aria-hidden', 'true');
  tooltip.className = 'matnat-chart__tooltip';
  live.setAttribute('aria-live', 'polite');
  container.append(selection, tooltip, live);
  container.tabIndex = 0;
  container.setAttribute('role', 'application');
  container.setAttribute('aria-label', state().messages.chart.chartKeys);
  // A drag selects a period to zoom into rather than scrolling the chart (the wheel and a pinch still zoom
  // it in place).
  if (state().onZoom) chart.applyOptions({ handleScroll: { pressedMouseMove: false, horzTouchDrag: false } });

  const hide = (element: HTMLElement) => {
    element.style.display = 'none';
  };

  /** Shows every series' value at `time` (epoch ms) beside the plot's x coordinate `x`. */
  const showTooltip = (time: number, x: number) => {
    const { series, messages } = state();
    tooltip.replaceChildren(formatLocalDateTime(time, messages.locale));
    for (const input of series) {
      const row = document.createElement('div');
      const swatch = document.createElement('span');
      swatch.style.cssText = SWATCH + resolveColor(input.color, container);
      row.append(swatch, reading(input, time, messages.locale));
      tooltip.append(row);
    }
    const right = x > timeScale.width() / 2;
    Object.assign(tooltip.style, {
      display: 'block',
      left: right ? '' : `${x + 12}px`,
      right: right ? `${container.clientWidth - x + 12}px` : '',
    });
  };

  /** The selected period between two plot x coordinates, shaded over the plot's height. */
  const showSelection = (a: number, b: number) =>
    Object.assign(selection.style, {
      display: 'block',
      left: `${Math.min(a, b)}px`,
      width: `${Math.abs(b - a)}px`,
      height: `${chart.paneSize().height}px`,
    });

  const period = (a: number, b: number) => {
    const { locale, timeFilter } = state().messages;
    return timeFilter.custom(
      formatLocalDateTime(Math.min(a, b), locale),
      formatLocalDateTime(Math.max(a, b), locale),
    );
  };

  /** Asks the panel for the zoom between two instants, and says where it zoomed. */
  const zoom = (a: number, b: number) => {
    const value = zoomValue(a, b);
    const { onZoom, messages } = state();
    if (!value || !onZoom) return;
    live.textContent = messages.chart.zoomedTo(period(a, b));
    onZoom(value);
    // The period at once, in the lines drawn so far (a panel keeps them, dimmed, until its finer buckets come).
    timeScale.setVisibleRange({ from: Math.min(a, b) / 1000, to: Math.max(a, b) / 1000 } as IRange<Time>);
  };

  /**
   * The pointer's crosshair: the tooltip at its time, hidden when it leaves (unless the keys hold a cursor).
   * Leaving comes without a source event (the library clears its crosshair), so only a crosshair at a time
   * needs one: without it, it is the keys' own (setCrosshairPosition), whose tooltip setCursor shows.
   */
  const hover = ({ time, point, sourceEvent }: MouseEventParams<Time>) => {
    if (time !== undefined && point) sourceEvent && showTooltip((time as number) * 1000, point.x);
    else if (!cursor) hide(tooltip);
  };
  chart.subscribeCrosshairMove(hover);
  off.push(() => chart.unsubscribeCrosshairMove(hover));

  /** Where a pointer event lies on the plot's x axis (kept within it unless `free`). */
  const plotX = (event: PointerEvent, free?: boolean) => {
    const x = event.clientX - container.getBoundingClientRect().left;
    return free ? x : Math.min(timeScale.width(), Math.max(0, x));
  };

  /** The time (epoch ms) at a plot x: the nearest drawn point's, or the visible range's end beyond the data. */
  const timeAt = (x: number) => {
    const visible = timeScale.getVisibleRange();
    const seconds =
      timeScale.coordinateToTime(x) ?? (visible && (x < timeScale.width() / 2 ? visible.from : visible.to));
    return seconds == null ? null : (seconds as number) * 1000;
  };

  const endDrag = () => {
    drag = null;
    hide(selection);
  };

  /** Shows the keyboard's cursor (crosshair, tooltip, selection) and says it; null hides them. */
  const setCursor = (next: ChartCursor | null) => {
    cursor = next;
    const point = next && cursorPoints[next.index];
    const x = point && xOf(chart, point.time, timeScale.width());
    if (!next || !point || x == null) {
      chart.clearCrosshairPosition();
      hide(tooltip);
      hide(selection);
      return;
    }
    const line = chart.panes()[0]?.getSeries()[0];
    if (line) chart.setCrosshairPosition(point.value ?? 0, (point.time / 1000) as Time, line);
    showTooltip(point.time, x);
    const { series, messages } = state();
    const anchor = next.anchor === null ? undefined : cursorPoints[next.anchor];
    if (anchor) {
      showSelection(xOf(chart, anchor.time, timeScale.width()) ?? x, x);
      live.textContent = messages.chart.marked(period(anchor.time, point.time));
      return;
    }
    hide(selection);
    live.textContent = `${formatLocalDateTime(point.time, messages.locale)}: ${series
      .map((input) => reading(input, point.time, messages.locale))
      .join(', ')}`;
  };

  const handlers: Record<string, (event: never) => void> = {
    pointerdown(event: PointerEvent) {
      if (!state().onZoom || event.button !== 0 || !event.isPrimary) return;
      if (plotX(event, true) >= timeScale.width()) return;
      drag = { start: plotX(event), pointer: event.pointerId };
      container.setPointerCapture?.(event.pointerId);
    },
    pointermove(event: PointerEvent) {
      if (drag?.pointer === event.pointerId) showSelection(drag.start, plotX(event));
    },
    pointerup(event: PointerEvent) {
      const started = drag;
      if (started?.pointer !== event.pointerId) return;
      endDrag();
      const end = plotX(event);
      if (Math.abs(end - started.start) < MIN_DRAG_PX) return;
      const [from, to] = [timeAt(started.start), timeAt(end)];
      if (from !== null && to !== null) zoom(from, to);
    },
    pointercancel: endDrag,
    keydown(event: KeyboardEvent) {
      const points = state().series[0]?.points ?? [];
      // New data (a zoom, a new range) starts the cursor anew.
      if (points !== cursorPoints) cursor = null;
      cursorPoints = points;
      const outcome = chartKey(event.key, event.shiftKey, cursor, points.length);
      if (!outcome) return;
      event.preventDefault();
      setCursor(outcome.cursor);
      const span = outcome.zoom;
      if (span) zoom((points[span[0]] as ChartPoint).time, (points[span[1]] as ChartPoint).time);
    },
    blur: () => setCursor(null),
  };
  for (const [type, handler] of Object.entries(handlers)) {
    container.addEventListener(type, handler as EventListener);
    off.push(() => container.removeEventListener(type, handler as EventListener));
  }

  return () => {
    for (const stop of off) stop();
    selection.remove();
    tooltip.remove();
    live.remove();
  };
}
