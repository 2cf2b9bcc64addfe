import type { ChartOptions, DeepPartial, IChartApi } from 'lightweight-charts';
import { type CSSProperties, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { resolveColor } from '../styles/theme';
import { useLatest } from '../widgets/useLatest';
import { useWidget } from '../widgets/useWidget';
import { type ChartLibrary, chartLibraryForData } from './chartLibrary';
// Types only: the code that draws comes with the chart library (chartRuntime.ts), not with this component.
import type { ChartBand, ChartLine, PriceLines, TimeBands } from './chartOverlays';
import type { SeriesHandles } from './chartSeries';
import type { ThinnedLines } from './thinnedLines';
import type { ChartPoint } from './thinning';

export type { ChartBand, ChartLine } from './chartOverlays';
export type { ChartPoint } from './thinning';

export interface ChartSeriesInput {
  /** Stable key: a series is created once per id and updated in place after that. */
  id: string;
  label: string;
  /** A hex colour (the band lines add transparency), or `var(--name, #hex)`: a theme's, as the page sets it. */
  color: string;
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
}: TimeSeriesChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const priceLinesRef = useRef<PriceLines | null>(null);
  const bandsRef = useRef<TimeBands | null>(null);
  const handlesRef = useRef(new Map<string, SeriesHandles>());
  const linesRef = useRef<ThinnedLines | null>(null);
  const appliedOptions = useRef<DeepPartial<ChartOptions> | undefined>(undefined);
  const firstDataDone = useRef(false);
  const onFirstDataRef = useLatest(onFirstData);
  const initial = useLatest({ options, locale, height });
  const libRef = useRef<ChartLibrary | null>(null);

  const chart = useWidget(containerRef, chartLibraryForData, {
    create(lib, container) {
      libRef.current = lib;
      const { options: opts, locale: loc, height: h } = initial.current;
      const created = lib.createChart(container, { ...lib.baseOptions(loc, h, container), ...opts });
      linesRef.current = new lib.ThinnedLines(created, () => lib.pixelColumns(created, container));
      priceLinesRef.current = new lib.PriceLines();
      bandsRef.current = new lib.TimeBands();
      created.panes()[0]?.attachPrimitive(bandsRef.current);
      appliedOptions.current = opts;
      firstDataDone.current = false;
      return created;
    },
    destroy(instance) {
      handlesRef.current.clear();
      linesRef.current = null;
      bandsRef.current = null;
      priceLinesRef.current = null;
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

  useEffect(() => {
    if (!chart) return;
    chart.applyOptions({ height });
  }, [chart, height]);

  // Zooming or scrolling re-thins the lines for the new visible range once the range settles in a frame.
  useEffect(() => {
    if (!chart) return;
    let frame = 0;
    const rethin = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => linesRef.current?.draw(false));
    };
    chart.timeScale().subscribeVisibleTimeRangeChange(rethin);
    return () => {
      chart.timeScale().unsubscribeVisibleTimeRangeChange(rethin);
      cancelAnimationFrame(frame);
    };
  }, [chart]);

  // A panel's width follows its page (phone rotation, a resized grid): keep the whole range in view,
  // thinned for the new number of pixel columns.
  useEffect(() => {
    const container = containerRef.current;
    const lib = libRef.current;
    if (!chart || !container || !lib) return;
    return lib.redrawOnResize(container, () => firstDataDone.current && linesRef.current?.draw(true));
  }, [chart]);

  // A layout effect: new data reaches lightweight-charts in the commit that brought it, so the chart draws it
  // in the next frame (a passive effect of a data update would run only after a frame was painted).
  useLayoutEffect(() => {
    const lib = libRef.current;
    const lines = linesRef.current;
    if (!chart || !lib || !lines) return;
    const before = lines.extent();
    const showedAll = lines.showsAll();
    lib.updateAllSeries(chart, lines, handlesRef.current, series);
    const anyData = series.some((s) => s.points.length > 0);
    // A new time filter, or a view that showed everything, shows all the new data; a zoomed view stays.
    const fit = !firstDataDone.current || showedAll || lib.ThinnedLines.newRange(before, lines.extent());
    lines.draw(fit && anyData);
    if (anyData && !firstDataDone.current) {
      firstDataDone.current = true;
      onFirstDataRef.current?.(chart);
    }
  }, [chart, series, onFirstDataRef]);

  // Threshold steps and alert limits on the first line's scale; alert periods behind the lines. The lines'
  // colours are resolved once per change of them, so a new reading does not draw them anew.
  const resolvedLines = useMemo(() => {
    const element = chart?.chartElement();
    return element ? lines.map((line) => ({ ...line, color: resolveColor(line.color, element) })) : NO_LINES;
  }, [chart, lines]);
  useLayoutEffect(() => {
    if (!chart) return;
    const first = series[0] && handlesRef.current.get(series[0].id)?.line;
    priceLinesRef.current?.set(first ?? null, resolvedLines);
  }, [chart, series, resolvedLines]);
  useLayoutEffect(() => {
    if (!chart) return;
    const element = chart.chartElement();
    bandsRef.current?.set(bands.map((band) => ({ ...band, color: resolveColor(band.color, element) })));
  }, [chart, bands]);

  return (
    <div
      ref={containerRef}
      className={['matnat-chart', className].filter(Boolean).join(' ')}
      style={{ position: 'relative', width: '100%', height, ...style }}
    />
  );
}
