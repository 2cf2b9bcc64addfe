import { describe, expect, it, vi } from 'vitest';
import { chartMock, createChartModule } from '../test/chartMock';
import { chartLibrary } from './chartLibrary';

vi.mock('lightweight-charts', () => createChartModule());

describe('chartLibrary (issue 13: the first chart of a page as fast as the later ones)', () => {
  it('draws one chart out of sight while loading and removes it before the library is handed out', async () => {
    chartMock.reset();
    await chartLibrary.load();
    expect(chartMock.created).toBe(1);
    expect(chartMock.removed).toBe(1);
    const warmUp = chartMock.charts[0];
    expect(warmUp?.series[0]?.data.length).toBeGreaterThan(0);
    // Issue 21: a limit line and a shaded period too, so a first chart with alerts runs their code compiled.
    expect(warmUp?.series[0]?.priceLines).toHaveLength(1);
    expect(warmUp?.primitives).toHaveLength(1);
    // Nothing of it is left in the page.
    expect(document.querySelectorAll('[aria-hidden="true"]')).toHaveLength(0);
    expect(chartLibrary.current()).toBeDefined();
  });
});
