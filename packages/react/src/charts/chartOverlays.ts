import type {
  AutoscaleInfo,
  IChartApi,
  IPanePrimitive,
  IPanePrimitivePaneView,
  IPriceLine,
  IPrimitivePaneRenderer,
  ISeriesApi,
  Logical,
  PaneAttachedParameter,
  Time,
} from 'lightweight-charts';
import { resolveColor } from '../styles/theme';

/** A horizontal line across a chart: a threshold step or an alert's limit (issue 21). */
export interface ChartLine {
  value: number;
  /** A colour as canvas takes it, or a theme's `var(--name, #hex)` (resolved against the chart). */
  color: string;
  /** Written on the line's axis label. */
  label: string;
  /** Dashed: an alert's limit; solid: a threshold step. @default false */
  dashed?: boolean;
}

/** A shaded period across the chart's height: when an alert was firing (issue 21). */
export interface ChartBand {
  /** Epoch milliseconds. */
  from: number;
  /** Epoch milliseconds; null while it lasts (to the right edge). */
  to: number | null;
  /** A colour with its transparency, as canvas takes it or a theme's `var(--name, #hex)` (resolved against the chart). */
  color: string;
}

type Line = ISeriesApi<'Line'>;

/** Whether two lists of lines or bands hold the same values in the same order. */
function sameItems<T extends object>(a: readonly T[], b: readonly T[]): boolean {
  return (
    a === b ||
    (a.length === b.length &&
      a.every((item, i) => {
        const other = b[i] as Record<string, unknown>;
        const entries = Object.entries(item);
        return entries.length === Object.keys(other).length && entries.every(([k, v]) => other[k] === v);
      }))
  );
}

/**
 * The price lines of one series: set anew when the lines change (they are few), and kept in the series'
 * autoscale when they lie near its data, so that a limit just above the readings is seen, while one far away
 * does not squash them.
 */
export class PriceLines {
  private series: Line | null = null;
  private created: IPriceLine[] = [];
  private lines: readonly ChartLine[] = [];

  /** `element`: the chart's, whose theme the lines' colours take. */
  constructor(private readonly element: Element) {}

  /**
   * Draws `lines` on `series` (the chart's first line), moving them if the series changed. The same lines
   * again (an alert answer that changed nothing, `[]` after `[]`) leave the chart as it is: re-creating them
   * made the library repaint the whole chart in the next frame.
   */
  set(series: Line | null, lines: readonly ChartLine[]): void {
    if (series === this.series && sameItems(lines, this.lines)) {
      this.lines = lines;
      return;
    }
    this.clear();
    this.series = series;
    this.lines = lines;
    if (!series) return;
    for (const line of lines) {
      this.created.push(
        series.createPriceLine({
          price: line.value,
          color: resolveColor(line.color, this.element),
          lineWidth: 1,
          // LineStyle.Dashed (2) for a limit, Solid (0) for a step.
          lineStyle: line.dashed ? 2 : 0,
          axisLabelVisible: true,
          title: line.label,
        }),
      );
    }
    series.applyOptions({
      autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => this.scale(original()),
    });
  }

  /** The data's range, widened to the lines within half of its height of it. */
  private scale(info: AutoscaleInfo | null): AutoscaleInfo | null {
    if (!info?.priceRange || this.lines.length === 0) return info;
    let { minValue, maxValue } = info.priceRange;
    const reach = (maxValue - minValue) / 2 || 1;
    for (const { value } of this.lines) {
      if (value < minValue && minValue - value <= reach) minValue = value;
      if (value > maxValue && value - maxValue <= reach) maxValue = value;
    }
    return { ...info, priceRange: { minValue, maxValue } };
  }

  clear(): void {
    for (const line of this.created) this.series?.removePriceLine(line);
    this.created = [];
  }
}

/** Where an instant (epoch ms) is on the time axis, in pixels; clamped to the pane at the visible edges. */
export function xOf(chart: IChartApi, ms: number, width: number): number | null {
  const timeScale = chart.timeScale();
  const visible = timeScale.getVisibleRange();
  if (!visible) return null;
  const seconds = ms / 1000;
  if (seconds < (visible.from as number)) return 0;
  if (seconds > (visible.to as number)) return width;
  const exact = timeScale.timeToCoordinate(seconds as Time);
  if (exact !== null) return exact;
  // Between two drawn points (thinned data): the nearest of them.
  const index = timeScale.timeToIndex(seconds as Time, true);
  return index === null ? null : timeScale.logicalToCoordinate(index as unknown as Logical);
}

/**
 * Shaded periods behind the lines of a chart (a pane primitive of lightweight-charts, drawn in the pane's
 * background): alerts firing in the shown range. `set` replaces them and asks for a redraw.
 */
export class TimeBands implements IPanePrimitive<Time> {
  private bands: readonly ChartBand[] = [];
  private given: readonly ChartBand[] = [];
  private chart: IChartApi | null = null;
  private requestUpdate: (() => void) | null = null;
  private readonly renderer: IPrimitivePaneRenderer = {
    draw: () => {},
    drawBackground: (target) =>
      target.useMediaCoordinateSpace(({ context, mediaSize }) => {
        const chart = this.chart;
        const visible = chart?.timeScale().getVisibleRange();
        if (!chart || !visible) return;
        const [start, end] = [(visible.from as number) * 1000, (visible.to as number) * 1000];
        for (const band of this.bands) {
          // Out of view: ended before it, or begun after it (an open band begun after the last point
          // shows at the right edge: the firing came with a reading the chart has not drawn yet).
          if ((band.to !== null && band.to < start) || (band.to !== null && band.from > end)) continue;
          const from = xOf(chart, band.from, mediaSize.width);
          const to = band.to === null ? mediaSize.width : xOf(chart, band.to, mediaSize.width);
          if (from === null || to === null || to < from) continue;
          context.fillStyle = band.color;
          // At least 4 px, kept inside the plot: a short firing, or one that began with the latest point
          // (at the right edge), still shows.
          const width = Math.max(4, to - from);
          context.fillRect(Math.min(from, mediaSize.width - width), 0, width, mediaSize.height);
        }
      }),
  };
  private readonly views: IPanePrimitivePaneView[] = [
    { zOrder: () => 'bottom', renderer: () => this.renderer },
  ];

  attached({ chart, requestUpdate }: PaneAttachedParameter<Time>): void {
    this.chart = chart as IChartApi;
    this.requestUpdate = requestUpdate;
  }

  detached(): void {
    this.chart = null;
    this.requestUpdate = null;
  }

  paneViews(): readonly IPanePrimitivePaneView[] {
    return this.views;
  }

  /** Replaces the bands; the same ones again (`[]` after `[]`, an unchanged answer) ask for no redraw. */
  set(bands: readonly ChartBand[]): void {
    const element = this.chart?.chartElement();
    if (!element || sameItems(bands, this.given)) return;
    this.given = bands;
    this.bands = bands.map((band) => ({ ...band, color: resolveColor(band.color, element) }));
    this.requestUpdate?.();
  }
}
