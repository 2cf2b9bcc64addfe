import type { ChartOptions, DeepPartial, IChartApi } from 'lightweight-charts';
import { type CSSProperties, useEffect, useLayoutEffect, useRef } from 'react';
import { useMessageGroups } from '../messages/context';
import { svPanelGroups } from '../messages/sv';
import { useLatest } from '../widgets/useLatest';
import { useWidget } from '../widgets/useWidget';
import { type ChartLibrary, chartLibraryForData } from './chartLibrary';
// Types only: the code that draws comes with the chart library (chartRuntime.ts), not with this component.
import type { ChartBand, ChartLine } from './chartOverlays';
import type { ChartParts } from './chartSeries';
import type { ChartPoint } from './thinning';
import type { ZoomValue } from './zoomKeys';

export type { ChartBand, ChartLine } from './chartOverlays';
export type { ChartPoint } from './thinning';
export type { ZoomValue } from './zoomKeys';

export interface ChartSeriesInput {
  /** Stable key: a series is created once per id and updated in place after that. */
  id: string;
  label: string;
  /** A hex colour (the band lines add transparency), or `var(--name, #hex)`: a theme's, as the page sets it. */
  color: string;
  /** Said after the series' values in the crosshair tooltip ('21,5 °C'). */
  unit?: string;
  points: ChartPoint[];
  /** Lower and upper envelope (bucket min/max), drawn as thin lines so that extremes stay visible when zoomed out. */
  band?: { min: ChartPoint[]; max: ChartPoint[] };
}

export interface TimeSeriesChartProps {
  series: ChartSeriesInput[];
  /** lightweight-charts options; changes are applied as a diff with `applyOptions`. */
  options?: DeepPartial<ChartOptions>;
  /** Locale of the axis and crosshair labels. @default 'sv-SE' */
  locale?: string;
  /** Height in pixels. @default 300 */
  height?: number;
  className?: string;
  style?: CSSProperties;
  /** Called once per created chart, after its first data was drawn. */
  onFirstData?(chart: IChartApi): void;
  /**
   * Horizontal lines on the first series' scale: threshold steps (solid) and alert limits (dashed). Colours
   * may be `var(--name, #hex)`. Kept in view when they lie near the data.
   */
  lines?: readonly ChartLine[];
  /** Shaded periods behind the lines (alerts firing); `to: null` runs to the right edge. */
  bands?: readonly ChartBand[];
  /**
   * Given, a drag across the chart or Enter over a keyboard selection asks for that period, fetched anew
   * (issue 21). Without it a drag scrolls the chart. Either way the crosshair tooltip reads every series.
   */
  onZoom?(value: ZoomValue): void;
}

const NO_LINES: readonly ChartLine[] = [];
const NO_BANDS: readonly ChartBand[] = [];

/**
 * A lightweight-charts time-series chart: the chart is created once, series are added, updated and removed
 * by id, options changes are applied as a diff, and the chart is removed on unmount.
 */
export function TimeSeriesChart({
  series,
  options,
  locale = 'sv-SE',
  height = 300,
  className,
  style,
  onFirstData,
  lines = NO_LINES,
  bands = NO_BANDS,
  onZoom,
}: TimeSeriesChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  // What the chart runtime attached to the chart (lines, overlays, zoom and read), while the chart lives.
  const partsRef = useRef<ChartParts | null>(null);
  const appliedOptions = useRef<DeepPartial<ChartOptions> | undefined>(undefined);
  const appliedHeight = useRef(height);
  const firstDataDone = useRef(false);
  const onFirstDataRef = useLatest(onFirstData);
  const initial = useLatest({ options, locale, height });
  const libRef = useRef<ChartLibrary | null>(null);
  const reading = useLatest({ series, messages: useMessageGroups(svPanelGroups), onZoom });

  const chart = useWidget(containerRef, chartLibraryForData, {
    create(lib, container) {
      libRef.current = lib;
      const { options: opts, locale: loc, height: h } = initial.current;
      const created = lib.createChart(container, { ...lib.baseOptions(loc, h, container), ...opts });
      partsRef.current = lib.attachParts(
        created,
        container,
        () => reading.current,
        () => firstDataDone.current,
      );
      appliedOptions.current = opts;
      appliedHeight.current = h;
      firstDataDone.current = false;
      return created;
    },
    destroy(instance) {
      partsRef.current?.detach();
      partsRef.current = null;
      instance.remove();
    },
  });

  useEffect(() => {
    const lib = libRef.current;
    if (!chart || !lib) return;
    const diff = lib.diffOptions(appliedOptions.current, options);
    appliedOptions.current = options;
    if (diff) chart.applyOptions(diff);
  }, [chart, options]);

  // Only a new height: any applyOptions makes lightweight-charts draw the whole chart again, and given the
  // height it was created with, it drew every new chart a second time in the frame after its first (issue 22).
  useEffect(() => {
    if (!chart || appliedHeight.current === height) return;
    appliedHeight.current = height;
    chart.applyOptions({ height });
  }, [chart, height]);

  // A layout effect: new data reaches lightweight-charts in the commit that brought it, so the chart draws it
  // in the next frame (a passive effect of a data update would run only after a frame was painted).
  useLayoutEffect(() => {
    const lib = libRef.current;
    const parts = partsRef.current;
    if (!chart || !lib || !parts) return;
    const anyData = lib.drawSeries(chart, parts, series, !firstDataDone.current);
    if (anyData && !firstDataDone.current) {
      firstDataDone.current = true;
      onFirstDataRef.current?.(chart);
    }
  }, [chart, series, onFirstDataRef]);

  // Threshold steps and alert limits on the first line's scale; alert periods behind the lines (their theme
  // colours resolved by the runtime when they change, not at each new reading).
  useLayoutEffect(() => {
    const parts = partsRef.current;
    if (!chart || !parts) return;
    const first = series[0] && parts.handles.get(series[0].id)?.line;
    parts.priceLines.set(first ?? null, lines);
  }, [chart, series, lines]);
  useLayoutEffect(() => {
    if (chart) partsRef.current?.bands.set(bands);
  }, [chart, bands]);

  return (
    <div
      ref={containerRef}
      className={['matnat-chart', className].filter(Boolean).join(' ')}
      style={{ position: 'relative', width: '100%', height, ...style }}
    />
  );
}
