import { act, render } from '@testing-library/react';
import { type CSSProperties, StrictMode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chartMock, createChartModule } from '../test/chartMock';
import { postTask } from '../widgets/oneWidgetPerTask';
import { chartLibrary } from './chartLibrary';
import { type ChartSeriesInput, TimeSeriesChart } from './TimeSeriesChart';

vi.mock('lightweight-charts', () => createChartModule());

const series = (id: string, values: number[]): ChartSeriesInput => ({
  id,
  label: id,
  color: '#0d9488',
  points: values.map((value, i) => ({ time: Date.UTC(2026, 0, 1) + i * 60_000, value })),
});

async function settle(ms = 0) {
  await act(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });
}

const MINUTE = 60_000;
const START = Date.UTC(2026, 0, 1);

/** `n` minute readings of a slow wave, with single-sample spikes at `spikes`. */
function minuteSeries(n: number, spikes: Record<number, number> = {}, stepMs = MINUTE): ChartSeriesInput {
  return {
    id: 'dense',
    label: 'dense',
    color: '#0d9488',
    points: Array.from({ length: n }, (_, i) => ({
      time: START + i * stepMs,
      value: spikes[i] ?? Math.sin(i / 500),
    })),
  };
}

const values = (data: unknown[]) => (data as { value?: number }[]).map((p) => p.value);

describe('TimeSeriesChart (lightweight-charts wrapper)', () => {
  // The library's load draws one warm-up chart (chartLibrary.ts): counted from after it.
  beforeEach(async () => {
    await chartLibrary.load();
    chartMock.reset();
  });

  it('creates the chart once, keeps it across re-renders and removes it on unmount', async () => {
    const { rerender, unmount } = render(<TimeSeriesChart series={[series('a', [1, 2])]} />);
    await settle();
    rerender(<TimeSeriesChart series={[series('a', [1, 2, 3])]} />);
    rerender(<TimeSeriesChart series={[series('a', [4])]} />);
    await settle();
    expect(chartMock.created).toBe(1);
    unmount();
    expect(chartMock.removed).toBe(1);
  });

  it('under React StrictMode never leaves two live charts and destroys every chart it created', async () => {
    const { unmount } = render(
      <StrictMode>
        <TimeSeriesChart series={[series('a', [1])]} />
      </StrictMode>,
    );
    await settle();
    expect(chartMock.created - chartMock.removed).toBe(1);
    unmount();
    expect(chartMock.created).toBe(chartMock.removed);
  });

  it('issue 8: charts of a page that mount together are created one per task, not all in one long task', async () => {
    render(['a', 'b', 'c'].map((id) => <TimeSeriesChart key={id} series={[series(id, [1, 2])]} />));
    // A task posted after the queue's: exactly one more chart was created before it runs.
    const nextTask = () => act(() => new Promise<void>((resolve) => postTask(resolve)));
    expect(chartMock.created).toBe(1);
    await nextTask();
    expect(chartMock.created).toBe(2);
    await nextTask();
    expect(chartMock.created).toBe(3);
  });

  it('applies option changes as a diff, never the unchanged options', async () => {
    const { rerender } = render(
      <TimeSeriesChart series={[]} options={{ grid: { vertLines: { visible: true } } }} />,
    );
    await settle();
    chartMock.applied = [];
    rerender(<TimeSeriesChart series={[]} options={{ grid: { vertLines: { visible: false } } }} />);
    rerender(<TimeSeriesChart series={[]} options={{ grid: { vertLines: { visible: false } } }} />);
    expect(chartMock.applied).toEqual([{ grid: { vertLines: { visible: false } } }]);
  });

  it('issue 22: a new chart is not given the height it was created with (a second full paint); a new height is applied', async () => {
    const { rerender } = render(<TimeSeriesChart series={[series('a', [1, 2])]} height={240} />);
    await settle();
    await settle(20);
    expect(chartMock.created).toBe(1);
    expect(chartMock.applied).toEqual([]);
    rerender(<TimeSeriesChart series={[series('a', [1, 2])]} height={320} />);
    await settle(20);
    rerender(<TimeSeriesChart series={[series('a', [1, 2])]} height={320} />);
    await settle(20);
    expect(chartMock.applied).toEqual([{ height: 320 }]);
  });

  it('adds a line plus min/max series per sensor and removes those of a dropped sensor', async () => {
    const withBand = (s: ChartSeriesInput): ChartSeriesInput => ({
      ...s,
      band: { min: s.points, max: s.points },
    });
    const { rerender } = render(
      <TimeSeriesChart series={[withBand(series('a', [1])), withBand(series('b', [2]))]} />,
    );
    await settle();
    const chart = chartMock.charts[0];
    expect(chart?.series).toHaveLength(6);
    rerender(<TimeSeriesChart series={[withBand(series('a', [1]))]} />);
    expect(chart?.series).toHaveLength(3);
    expect(chart?.removedSeries).toHaveLength(3);
  });

  it('draws a live point appended to the end with update() instead of redrawing the line', async () => {
    const first = series('a', [1, 2]);
    const { rerender } = render(<TimeSeriesChart series={[first]} />);
    await settle();
    const appended = { ...first, points: [...first.points, { time: Date.UTC(2026, 0, 1, 1), value: 3 }] };
    rerender(<TimeSeriesChart series={[appended]} />);
    const line = chartMock.charts[0]?.series[0];
    expect(line?.updates).toEqual([{ time: Date.UTC(2026, 0, 1, 1) / 1000, value: 3 }]);
    expect(line?.data).toHaveLength(2);
  });

  it('calls the latest onFirstData callback once the first data is drawn', async () => {
    const first = vi.fn();
    const latest = vi.fn();
    const { rerender } = render(<TimeSeriesChart series={[]} onFirstData={first} />);
    rerender(<TimeSeriesChart series={[]} onFirstData={latest} />);
    await settle();
    rerender(<TimeSeriesChart series={[series('a', [1])]} onFirstData={latest} />);
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledTimes(1);
  });

  it('hands lightweight-charts at most 4 points per pixel column of a 100,000-point series, spikes included', async () => {
    render(<TimeSeriesChart series={[minuteSeries(100_000, { 12345: 99, 87654: -99 })]} />);
    await settle();
    const chart = chartMock.charts[0];
    const drawn = chart?.series[0]?.data ?? [];
    expect(drawn.length).toBeLessThanOrEqual(4 * 1000);
    expect(drawn.length).toBeGreaterThanOrEqual(2 * 1000);
    expect(values(drawn)).toEqual(expect.arrayContaining([99, -99]));
    expect(chart?.fits).toBe(1);
  });

  it('draws a short series point for point', async () => {
    render(<TimeSeriesChart series={[minuteSeries(1000)]} />);
    await settle();
    expect(chartMock.charts[0]?.series[0]?.data).toHaveLength(1000);
  });

  it('zooming in re-thins to the visible range and, deep enough, draws the real points there', async () => {
    render(<TimeSeriesChart series={[minuteSeries(100_000)]} />);
    await settle();
    const chart = chartMock.charts[0];
    const line = chart?.series[0];
    const coarse = line?.data.length ?? 0;
    // One day of the 70 days in view: 1,440 readings in 1,000 columns.
    const from = START / 1000 + 30 * 86_400;
    chart?.viewerSetsRange({ from, to: from + 86_400 });
    await settle(50);
    const fine = (line?.data ?? []) as { time: number; value?: number }[];
    expect(fine.length).toBe(100_000);
    expect(chart?.visibleRange).toEqual({ from, to: from + 86_400 });
    // Zoomed out again: thinned as before.
    chart?.viewerSetsRange({ from: START / 1000, to: START / 1000 + 100_000 * 60 });
    await settle(50);
    expect(line?.data.length).toBe(coarse);
  });

  it('fits a new range of data into view (a 30-day filter after a 3-day one)', async () => {
    const threeDays = minuteSeries(3 * 24 * 4, {}, 15 * MINUTE);
    const { rerender } = render(<TimeSeriesChart series={[threeDays]} />);
    await settle();
    const chart = chartMock.charts[0];
    // The viewer zoomed into the last day; then chose 30 days.
    const to = (START + 3 * 86_400_000) / 1000;
    chart?.viewerSetsRange({ from: to - 86_400, to });
    await settle(50);
    rerender(<TimeSeriesChart series={[minuteSeries(30 * 24 * 4, {}, 15 * MINUTE)]} />);
    await settle();
    expect(chart?.fits).toBe(2);
    const { from = 0, to: end = 0 } = chart?.visibleRange ?? {};
    expect(from).toBeLessThanOrEqual(START / 1000);
    expect(end - from).toBeGreaterThan(29 * 86_400);
  });

  it('keeps a zoomed view when the same range is refreshed, and keeps an unzoomed one showing all', async () => {
    const { rerender } = render(<TimeSeriesChart series={[minuteSeries(3000)]} />);
    await settle();
    const chart = chartMock.charts[0];
    rerender(<TimeSeriesChart series={[minuteSeries(3001)]} />);
    await settle();
    expect(chart?.fits).toBe(2);
    const zoomed = { from: START / 1000 + 60_000, to: START / 1000 + 90_000 };
    chart?.viewerSetsRange(zoomed);
    await settle(50);
    rerender(<TimeSeriesChart series={[minuteSeries(3002)]} />);
    await settle();
    expect(chart?.fits).toBe(2);
    expect(chart?.visibleRange).toEqual(zoomed);
  });

  it('issue 21 zoom: after "Återställ zoom" the view ends at the latest reading, also once the price axis widened', async () => {
    // A day of 15-min readings at 375 px (a 248 px plot); the panel draws a zoom's window, then the whole
    // range again. The full data's labels then widened the price axis by 8 px: with a fixed left edge,
    // lightweight-charts kept the bar spacing and the last 3 readings left the view (03:45, not 04:30).
    const day = minuteSeries(96, {}, 15 * MINUTE);
    const window = { ...day, points: day.points.slice(30, 60) };
    const last = (day.points.at(-1)?.time ?? 0) / 1000;
    const { rerender } = render(<TimeSeriesChart series={[day]} />);
    await settle();
    const chart = chartMock.charts[0];
    if (!chart) throw new Error('no chart');
    chart.width = 248;
    expect(chart.visibleRange?.to).toBe(last);
    rerender(<TimeSeriesChart series={[window]} />);
    await settle(50);
    expect(chart.visibleRange?.to).toBe((window.points.at(-1)?.time ?? 0) / 1000);
    rerender(<TimeSeriesChart series={[day]} />);
    await settle(50);
    expect(chart.visibleRange?.to).toBe(last);
    chart.plotWidthChanges(240);
    await settle(50);
    expect(chart.visibleRange).toEqual({ from: day.points[0]!.time / 1000, to: last });
  });

  it('fixes both edges of the time scale, so that lightweight-charts keeps the edge labels whole', async () => {
    render(<TimeSeriesChart series={[]} />);
    await settle();
    expect(chartMock.charts[0]?.options).toMatchObject({
      timeScale: { fixLeftEdge: true, fixRightEdge: true },
    });
  });

  it("draws a `var(--name, fallback)` colour as the page's theme sets it, its bands too, else the fallback", async () => {
    const themed = (color: string): ChartSeriesInput => ({
      ...series('a', [1, 2]),
      color,
      band: {
        min: [{ time: START, value: 0 }],
        max: [{ time: START, value: 3 }],
      },
    });
    // The theme on the chart's own box: happy-dom does not inherit custom properties (a browser does).
    const theme = { '--matnat-primary': '#7c3aed' } as CSSProperties;
    const { rerender } = render(
      <TimeSeriesChart style={theme} series={[themed('var(--matnat-primary, #0d9488)')]} />,
    );
    await settle();
    const [line, min, max] = chartMock.charts[0]?.series ?? [];
    expect(line?.options.color).toBe('#7c3aed');
    expect(min?.options.color).toBe('#7c3aed66');
    expect(max?.options.color).toBe('#7c3aed66');
    rerender(<TimeSeriesChart style={theme} series={[themed('var(--matnat-not-set, #0284c7)')]} />);
    await settle();
    expect(line?.options.color).toBe('#0284c7');
    expect(min?.options.color).toBe('#0284c766');
  });
});
