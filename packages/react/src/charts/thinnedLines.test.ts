import type { IChartApi, ISeriesApi } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { chartMock, createChartModule, type FakeChart } from '../test/chartMock';
import { ThinnedLines } from './thinnedLines';

function chartWithLine() {
  chartMock.reset();
  const api = createChartModule().createChart(document.createElement('div'), {}) as unknown as IChartApi;
  const line = api.addSeries({} as never) as unknown as ISeriesApi<'Line'>;
  return { api, line, fake: chartMock.charts[0] as FakeChart };
}

const points = Array.from({ length: 100_000 }, (_, i) => ({
  time: (1_767_225_600 + i * 60) * 1000,
  value: i % 7,
}));

describe('ThinnedLines', () => {
  it('re-thins for the new number of pixel columns when the chart is resized', () => {
    const { api, line, fake } = chartWithLine();
    let columns = 1280;
    const lines = new ThinnedLines(api, () => columns);
    lines.set(line, points);
    lines.draw(true);
    const wide = fake.series[0]?.data.length ?? 0;
    columns = 375;
    lines.draw(true);
    const narrow = fake.series[0]?.data.length ?? 0;
    expect(narrow).toBeLessThan(wide * 0.6);
    expect(narrow).toBeGreaterThanOrEqual(2 * 375);
    expect(narrow).toBeLessThanOrEqual(4 * 375);
  });

  it('draws a live point appended to unthinned data with update()', () => {
    const { api, line, fake } = chartWithLine();
    const lines = new ThinnedLines(api, () => 1000);
    const few = points.slice(0, 100);
    lines.set(line, few);
    lines.draw(true);
    lines.set(line, points.slice(0, 101), true);
    expect(fake.series[0]?.updates).toEqual([{ time: 1_767_225_600 + 100 * 60, value: 100 % 7 }]);
  });

  it('redraws thinned data when a live point is appended', () => {
    const { api, line, fake } = chartWithLine();
    const lines = new ThinnedLines(api, () => 1000);
    lines.set(line, points.slice(0, 99_999));
    lines.draw(true);
    lines.set(line, points, true);
    lines.draw(false);
    expect(fake.series[0]?.updates).toEqual([]);
    expect(fake.series[0]?.data.at(-1)).toMatchObject({ value: points.at(-1)?.value });
  });
});
