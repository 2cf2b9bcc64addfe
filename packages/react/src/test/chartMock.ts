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
  updates: unknown[];
  options: Record<string, unknown>;
  setData: (d: unknown[]) => void;
  update: (p: unknown) => void;
  applyOptions: (o: Record<string, unknown>) => void;
}

export interface FakeChart {
  series: FakeSeries[];
  removedSeries: FakeSeries[];
  options: unknown;
}

export function createChartModule() {
  return {
    LineSeries: { type: 'Line' },
    createChart: vi.fn((_el: HTMLElement, options: unknown) => {
      chartMock.created++;
      const chart: FakeChart = { series: [], removedSeries: [], options };
      chartMock.charts.push(chart);
      return {
        addSeries: (_def: unknown, options: Record<string, unknown> = {}) => {
          const s: FakeSeries = {
            data: [],
            updates: [],
            options,
            setData(d) {
              s.data = d;
            },
            update(p) {
              s.updates.push(p);
            },
            applyOptions(o) {
              Object.assign(s.options, o);
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
        timeScale: () => ({ fitContent: () => {} }),
        remove: () => {
          chartMock.removed++;
        },
      };
    }),
  };
}
