import type {
  ChartOptions,
  DeepPartial,
  IChartApi,
  ISeriesApi,
  LineData,
  LineSeriesPartialOptions,
  Time,
  UTCTimestamp,
  WhitespaceData,
} from 'lightweight-charts';
import { type CSSProperties, useEffect, useRef } from 'react';
import { diffOptions } from '../widgets/diffOptions';
import { useLatest } from '../widgets/useLatest';
import { useWidget } from '../widgets/useWidget';
import { type ChartLibrary, chartLibrary } from './chartLibrary';
import { dateTimeFormat, formatDateTime } from './timeFormat';

/** One point of a chart line: time in epoch milliseconds, `null` for a gap. */
export interface ChartPoint {
  time: number;
  value: number | null;
}

export interface ChartSeriesInput {
  /** Stable key: a series is created once per id and updated in place after that. */
  id: string;
  label: string;
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
}

interface SeriesHandles {
  line: ISeriesApi<'Line'>;
  min?: ISeriesApi<'Line'>;
  max?: ISeriesApi<'Line'>;
  input: ChartSeriesInput;
}

function toChartData(points: ChartPoint[]): (LineData | WhitespaceData)[] {
  const out: (LineData | WhitespaceData)[] = [];
  let lastTime = Number.NEGATIVE_INFINITY;
  for (const p of points) {
    const time = Math.floor(p.time / 1000);
    // lightweight-charts needs strictly ascending times; buckets finer than a second collapse to the last.
    if (time < lastTime) continue;
    const item =
      p.value == null ? { time: time as UTCTimestamp } : { time: time as UTCTimestamp, value: p.value };
    if (time === lastTime) out[out.length - 1] = item;
    else out.push(item);
    lastTime = time;
  }
  return out;
}

function timeOf(time: Time): number {
  return typeof time === 'number'
    ? time * 1000
    : Date.parse(typeof time === 'string' ? time : `${time.year}-${time.month}-${time.day}`);
}

function baseOptions(locale: string, height: number, container: HTMLElement): DeepPartial<ChartOptions> {
  const css = getComputedStyle(container);
  const text = css.getPropertyValue('--matnat-text').trim() || '#1f2937';
  const grid = css.getPropertyValue('--matnat-border').trim() || '#e5e7eb';
  return {
    autoSize: true,
    height,
    layout: { background: { color: 'transparent' }, textColor: text, attributionLogo: false },
    grid: { vertLines: { color: grid }, horzLines: { color: grid } },
    localization: {
      locale,
      timeFormatter: (time: Time) => formatDateTime(timeOf(time), locale),
      priceFormatter: (price: number) => price.toLocaleString(locale, { maximumFractionDigits: 2 }),
    },
    timeScale: {
      timeVisible: true,
      secondsVisible: false,
      // fitContent must be able to show every bucket, also 100,000 of them in a narrow panel (default 0.5 px).
      minBarSpacing: 0.001,
      tickMarkFormatter: (time: Time, type: number) => {
        // TickMarkType: 0 year, 1 month, 2 day of month, 3 time, 4 time with seconds.
        const opts: Intl.DateTimeFormatOptions =
          type === 0
            ? { year: 'numeric' }
            : type === 1
              ? { month: 'short' }
              : type === 2
                ? { day: 'numeric', month: 'short' }
                : { hour: '2-digit', minute: '2-digit' };
        return dateTimeFormat(locale, opts).format(timeOf(time));
      },
    },
    rightPriceScale: { borderVisible: false },
  };
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
}: TimeSeriesChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const handlesRef = useRef(new Map<string, SeriesHandles>());
  const appliedOptions = useRef<DeepPartial<ChartOptions> | undefined>(undefined);
  const firstDataDone = useRef(false);
  const onFirstDataRef = useLatest(onFirstData);
  const initial = useLatest({ options, locale, height });
  const libRef = useRef<ChartLibrary | null>(null);

  const chart = useWidget(containerRef, chartLibrary, {
    create(lib, container) {
      libRef.current = lib;
      const { options: opts, locale: loc, height: h } = initial.current;
      const created = lib.createChart(container, { ...baseOptions(loc, h, container), ...opts });
      appliedOptions.current = opts;
      firstDataDone.current = false;
      return created;
    },
    destroy(instance) {
      handlesRef.current.clear();
      instance.remove();
    },
  });

  useEffect(() => {
    if (!chart) return;
    const diff = diffOptions(appliedOptions.current, options);
    appliedOptions.current = options;
    if (diff) chart.applyOptions(diff);
  }, [chart, options]);

  useEffect(() => {
    if (!chart) return;
    chart.applyOptions({ height });
  }, [chart, height]);

  // A panel's width follows its page (phone rotation, a resized grid): keep the whole range in view.
  useEffect(() => {
    const container = containerRef.current;
    if (!chart || !container || typeof ResizeObserver === 'undefined') return;
    let width = container.clientWidth;
    const observer = new ResizeObserver(() => {
      if (container.clientWidth === width) return;
      width = container.clientWidth;
      // After lightweight-charts' own resize, which runs in its own observer callback.
      if (firstDataDone.current) frame = requestAnimationFrame(() => chart.timeScale().fitContent());
    });
    let frame = 0;
    observer.observe(container);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [chart]);

  useEffect(() => {
    const lib = libRef.current;
    if (!chart || !lib) return;
    const handles = handlesRef.current;
    const wanted = new Set(series.map((s) => s.id));
    for (const [id, h] of handles) {
      if (wanted.has(id)) continue;
      chart.removeSeries(h.line);
      if (h.min) chart.removeSeries(h.min);
      if (h.max) chart.removeSeries(h.max);
      handles.delete(id);
    }
    let anyData = false;
    for (const input of series) {
      let h = handles.get(input.id);
      if (!h) {
        h = {
          line: chart.addSeries(lib.LineSeries, {
            color: input.color,
            lineWidth: 2,
            // The legend names the lines; a title on the price scale would cover the chart on a phone.
            priceLineVisible: false,
          }),
          input,
        };
        h.line.setData(toChartData(input.points));
        handles.set(input.id, h);
      } else {
        const prev = h.input;
        if (prev.color !== input.color) h.line.applyOptions({ color: input.color });
        if (prev.points !== input.points) updateLine(h.line, prev.points, input.points);
      }
      const prevBand = h.input === input ? undefined : h.input.band;
      if (input.band) {
        const fresh = !h.min;
        h.min ??= chart.addSeries(lib.LineSeries, bandOptions(input.color));
        h.max ??= chart.addSeries(lib.LineSeries, bandOptions(input.color));
        if (fresh || prevBand?.min !== input.band.min) h.min.setData(toChartData(input.band.min));
        if (fresh || prevBand?.max !== input.band.max) h.max?.setData(toChartData(input.band.max));
      } else if (h.min && h.max) {
        chart.removeSeries(h.min);
        chart.removeSeries(h.max);
        h.min = undefined;
        h.max = undefined;
      }
      h.input = input;
      if (input.points.length) anyData = true;
    }
    if (anyData && !firstDataDone.current) {
      firstDataDone.current = true;
      chart.timeScale().fitContent();
      onFirstDataRef.current?.(chart);
    }
  }, [chart, series, onFirstDataRef]);

  return (
    <div
      ref={containerRef}
      className={['matnat-chart', className].filter(Boolean).join(' ')}
      style={{ position: 'relative', width: '100%', height, ...style }}
    />
  );
}

/** A live reading appended to the end is drawn with `update`; anything else redraws the line. */
function updateLine(line: ISeriesApi<'Line'>, prev: ChartPoint[], next: ChartPoint[]) {
  const last = next[next.length - 1];
  const before = prev[prev.length - 1];
  const same = next[next.length - 2];
  const appended =
    last != null &&
    last.value != null &&
    next.length === prev.length + 1 &&
    (before === same ||
      (before != null && same != null && before.time === same.time && before.value === same.value));
  if (appended) {
    line.update({ time: Math.floor(last.time / 1000) as UTCTimestamp, value: last.value as number });
  } else {
    line.setData(toChartData(next));
  }
}
