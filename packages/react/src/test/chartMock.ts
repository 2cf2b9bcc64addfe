import { vi } from 'vitest';

/** A recording stand-in for lightweight-charts (happy-dom has no canvas); used only by unit tests. */
export const chartMock = {
  created: 0,
  removed: 0,
  applied: [] as unknown[],
  charts: [] as FakeChart[],
  reset() {
    this.created = 0;
    this.removed = 0;
    this.applied = [];
    this.charts = [];
  },
};

export interface FakeSeries {
  data: unknown[];
  /** setData calls. */
  sets: number;
  updates: unknown[];
  options: Record<string, unknown>;
  /** Its price lines' options, in the order created. */
  priceLines: Record<string, unknown>[];
  setData: (d: unknown[]) => void;
  update: (p: unknown) => void;
  applyOptions: (o: Record<string, unknown>) => void;
  createPriceLine: (o: Record<string, unknown>) => Record<string, unknown>;
  removePriceLine: (line: Record<string, unknown>) => void;
}

interface TimeRange {
  from: number;
  to: number;
}

export interface FakeChart {
  series: FakeSeries[];
  removedSeries: FakeSeries[];
  options: unknown;
  /** fitContent calls. */
  fits: number;
  /** The time range in view (epoch seconds); fitContent shows all data. */
  visibleRange: TimeRange | null;
  /** Pane width in pixels. */
  width: number;
  /** Zooms or scrolls as a viewer would: sets the range in view and tells the subscribers. */
  viewerSetsRange(range: TimeRange): void;
  /**
   * The plot's width changes (the container, or the price axis beside the plot after new data's labels),
   * as lightweight-charts 5 handles it (TimeScale.setWidth): with `lockVisibleTimeRangeOnResize` the bars
   * in view stay; else, with `fixLeftEdge` and the first bar in view, the bar spacing and the left edge stay
   * and the bars beyond the new width leave the view on the right.
   */
  plotWidthChanges(width: number): void;
  /** Primitives attached to the pane (the alert bands), with their redraw requests counted. */
  primitives: { primitive: { set?: unknown }; updates: number }[];
  /** Moves the pointer's crosshair as the library reports it: to a plot x (the time under it), or off the plot (no time, point nor source event). */
  pointerAt(x: number | null): void;
  /** Where the keyboard put the crosshair (setCrosshairPosition): the time in epoch seconds, or null. */
  crosshair: number | null;
}

function dataRange(series: FakeSeries[]): TimeRange | null {
  const times = series.flatMap((s) => (s.data as { time: number }[]).map((p) => p.time));
  return times.length ? { from: Math.min(...times), to: Math.max(...times) } : null;
}

export function createChartModule() {
  return {
    LineSeries: { type: 'Line' },
    createChart: vi.fn((container: HTMLElement, options: unknown) => {
      chartMock.created++;
      const listeners = new Set<(range: TimeRange | null) => void>();
      const crosshairListeners = new Set<(param: unknown) => void>();
      const chart: FakeChart = {
        series: [],
        removedSeries: [],
        options,
        fits: 0,
        visibleRange: null,
        width: 1000,
        viewerSetsRange(range) {
          chart.visibleRange = range;
          for (const listener of listeners) listener(range);
        },
        plotWidthChanges(width) {
          const was = chart.width;
          chart.width = width;
          const range = chart.visibleRange;
          const scale = (chart.options as { timeScale?: Record<string, unknown> }).timeScale ?? {};
          if (!range || scale.lockVisibleTimeRangeOnResize || !scale.fixLeftEdge) return;
          const times = [
            ...new Set(chart.series.flatMap((s) => (s.data as { time: number }[]).map((p) => p.time))),
          ].sort((a, b) => a - b);
          const first = times.findIndex((t) => t >= range.from);
          if (first !== 0) return;
          const shown = times.filter((t) => t <= range.to).length;
          const kept = Math.max(1, Math.floor((shown * width) / was));
          chart.viewerSetsRange({ from: range.from, to: times[kept - 1] as number });
        },
        primitives: [],
        pointerAt(x) {
          const time = x === null ? undefined : timeScale.coordinateToTime(x);
          const param = {
            time: time ?? undefined,
            point: x === null ? undefined : { x, y: 10 },
            seriesData: new Map(),
            // As lightweight-charts 5 fires it: leaving the plot clears the crosshair with no source event.
            sourceEvent: x === null ? undefined : {},
          };
          for (const listener of crosshairListeners) listener(param);
        },
        crosshair: null,
      };
      // The time axis maps the range in view linearly onto the pane's width (the library snaps to points).
      const span = () => chart.visibleRange ?? { from: 0, to: 1 };
      chartMock.charts.push(chart);
      const timeScale = {
        fitContent() {
          chart.fits++;
          chart.visibleRange = dataRange(chart.series);
        },
        getVisibleRange: () => chart.visibleRange,
        setVisibleRange(range: TimeRange) {
          chart.visibleRange = range;
        },
        width: () => chart.width,
        height: () => 26,
        coordinateToTime: (x: number) => {
          const { from, to } = span();
          return from + ((to - from) * x) / chart.width;
        },
        timeToCoordinate: (time: number) => {
          const { from, to } = span();
          return to === from ? 0 : ((time - from) / (to - from)) * chart.width;
        },
        subscribeVisibleTimeRangeChange: (listener: (range: TimeRange | null) => void) =>
          listeners.add(listener),
        unsubscribeVisibleTimeRangeChange: (listener: (range: TimeRange | null) => void) =>
          listeners.delete(listener),
      };
      const api = {
        panes: () => [
          {
            attachPrimitive(primitive: {
              attached?(p: { chart: unknown; requestUpdate(): void }): void;
              set?: unknown;
            }) {
              const entry = { primitive, updates: 0 };
              chart.primitives.push(entry);
              primitive.attached?.({ chart: api, requestUpdate: () => entry.updates++ });
            },
            getSeries: () => chart.series,
          },
        ],
        addSeries: (_def: unknown, options: Record<string, unknown> = {}) => {
          const s: FakeSeries = {
            data: [],
            sets: 0,
            updates: [],
            options,
            setData(d) {
              s.sets++;
              s.data = d;
            },
            update(p) {
              s.updates.push(p);
            },
            applyOptions(o) {
              Object.assign(s.options, o);
            },
            priceLines: [],
            createPriceLine(o) {
              s.priceLines.push(o);
              return o;
            },
            removePriceLine(line) {
              s.priceLines = s.priceLines.filter((l) => l !== line);
            },
          };
          chart.series.push(s);
          return s;
        },
        removeSeries: (s: FakeSeries) => {
          chart.series = chart.series.filter((x) => x !== s);
          chart.removedSeries.push(s);
        },
        applyOptions: (o: unknown) => chartMock.applied.push(o),
        subscribeCrosshairMove: (listener: (param: unknown) => void) => crosshairListeners.add(listener),
        unsubscribeCrosshairMove: (listener: (param: unknown) => void) => crosshairListeners.delete(listener),
        setCrosshairPosition: (_price: number, time: number) => {
          chart.crosshair = time;
        },
        clearCrosshairPosition: () => {
          chart.crosshair = null;
        },
        paneSize: () => ({ width: chart.width, height: 274 }),
        timeScale: () => timeScale,
        // The library's own box inside the container; the container stands in for it.
        chartElement: () => container,
        remove: () => {
          chartMock.removed++;
        },
      };
      return api;
    }),
  };
}
