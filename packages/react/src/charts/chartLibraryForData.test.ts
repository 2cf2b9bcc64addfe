import { describe, expect, it, vi } from 'vitest';
import { chartMock, createChartModule } from '../test/chartMock';
import { chartLibrary, chartLibraryForData } from './chartLibrary';

vi.mock('lightweight-charts', () => createChartModule());

describe('chartLibraryForData (issue 8: a dashboard whose data came before the chart library)', () => {
  it('skips the warm-up chart: the waiting chart is drawn at once and warms the code up itself', async () => {
    chartMock.reset();
    chartLibrary.load(); // a panel's preload at mount, before its data came
    const lib = await chartLibraryForData.load(); // its chart, with the data, asks before the library is there
    expect(lib).toBe(chartLibrary.current());
    expect(chartMock.created).toBe(0);
  });
});
