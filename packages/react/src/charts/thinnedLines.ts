import type { IChartApi, IRange, ISeriesApi, LineData, Time, WhitespaceData } from 'lightweight-charts';
import { binSeconds, type ChartPoint, thinToBins, toSamples } from './thinning';

type Line = ISeriesApi<'Line'>;

interface Extent {
  from: number;
  to: number;
}

const seconds = (time: Time) => time as number;

function union(extents: (Extent | null)[]): Extent | null {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const e of extents) {
    if (!e) continue;
    from = Math.min(from, e.from);
    to = Math.max(to, e.to);
  }
  return from <= to ? { from, to } : null;
}

function spanChanged(before: Extent, after: Extent): boolean {
  const was = before.to - before.from;
  return (
    Math.abs(after.to - after.from - was) > 0.25 * was || after.from > before.to || after.to < before.from
  );
}

/**
 * The lines of one chart, kept with all their points and drawn thinned to the chart's pixel columns at the
 * visible range (see thinning.ts): zooming in past an octave draws the finer points, down to every point.
 */
export class ThinnedLines {
  private readonly raw = new Map<Line, readonly ChartPoint[]>();
  private readonly dirty = new Set<Line>();
  private readonly drawn = new Map<Line, Extent>();
  private bin = 0;

  constructor(
    private readonly chart: IChartApi,
    private readonly pixelColumns: () => number,
  ) {}

  /** Sets a line's points, drawn by the next `draw`; a live point appended to unthinned data is drawn now. */
  set(line: Line, points: readonly ChartPoint[], appended = false): void {
    const last = points[points.length - 1];
    this.raw.set(line, points);
    if (appended && this.bin === 0 && last && last.value != null)
      line.update({ time: Math.floor(last.time / 1000), value: last.value } as LineData);
    else this.dirty.add(line);
  }

  delete(line: Line): void {
    this.raw.delete(line);
    this.dirty.delete(line);
    this.drawn.delete(line);
  }

  /** All lines' points from the earliest to the latest, in epoch seconds. */
  extent(): Extent | null {
    return union(
      [...this.raw.values()].map((points) =>
        points.length
          ? { from: (points[0] as ChartPoint).time / 1000, to: (points.at(-1) as ChartPoint).time / 1000 }
          : null,
      ),
    );
  }

  /** Whether the chart shows all it drew (the viewer has not zoomed in or scrolled). */
  showsAll(): boolean {
    const visible = this.chart.timeScale().getVisibleRange();
    const drawn = union([...this.drawn.values()]);
    return !visible || !drawn || (seconds(visible.from) <= drawn.from && seconds(visible.to) >= drawn.to);
  }

  /** Whether data of `before`'s extent is followed by data of another range (a new time filter). */
  static newRange(before: Extent | null, after: Extent | null): boolean {
    return before === null || after === null || spanChanged(before, after);
  }

  /**
   * Draws the changed lines, or all of them when the zoom level passed an octave; `fit` shows all the data,
   * otherwise the visible time range is kept.
   */
  draw(fit: boolean): void {
    const timeScale = this.chart.timeScale();
    const visible = fit ? null : timeScale.getVisibleRange();
    const bin = this.binFor(visible);
    const changed = bin !== this.bin;
    this.bin = bin;
    for (const line of changed ? this.raw.keys() : this.dirty) this.drawLine(line);
    this.dirty.clear();
    if (fit) timeScale.fitContent();
    else if (changed && visible) timeScale.setVisibleRange(visible);
  }

  private drawLine(line: Line): void {
    const raw = this.raw.get(line) ?? [];
    const data = this.bin ? thinToBins(raw, this.bin) : toSamples(raw);
    line.setData(data as (LineData | WhitespaceData)[]);
    const first = data[0];
    const last = data.at(-1);
    if (first && last) this.drawn.set(line, { from: first.time, to: last.time });
    else this.drawn.delete(line);
  }

  private binFor(visible: IRange<Time> | null): number {
    const extent = this.extent();
    if (!extent) return 0;
    const span = visible ? seconds(visible.to) - seconds(visible.from) : extent.to - extent.from;
    const columns = this.pixelColumns();
    let longest = 0;
    for (const points of this.raw.values()) longest = Math.max(longest, points.length);
    // The view after a re-thin spans a little more or less than before (bins snap to their start): a
    // bin that still gives each column one to two bins is kept, so the view cannot flip between two.
    const perColumn = this.bin > 0 ? span / this.bin / columns : 0;
    if (visible && perColumn >= 0.8 && perColumn < 2.4) return this.bin;
    return binSeconds(span, columns, extent.to - extent.from, longest);
  }
}
