import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chartMock, createChartModule } from '../test/chartMock';
import { type ChartSeriesInput, TimeSeriesChart } from './TimeSeriesChart';

vi.mock('lightweight-charts', () => createChartModule());

const series = (id: string, values: number[]): ChartSeriesInput => ({
  id,
  label: id,
  color: '#0d9488',
  points: values.map((value, i) => ({ time: Date.UTC(2026, 0, 1) + i * 60_000, value })),
});

async function settle() {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}

describe('TimeSeriesChart (lightweight-charts wrapper)', () => {
  beforeEach(() => chartMock.reset());

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
});
