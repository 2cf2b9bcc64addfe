import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChartModule } from '../test/chartMock';
import { postTask } from '../widgets/oneWidgetPerTask';
import { preloadCharts } from './chartLibrary';

vi.mock('lightweight-charts', () => createChartModule());

/** After the tasks posted so far (preloadCharts posts its work to a channel, postTask). */
const nextTask = () => new Promise<void>((resolve) => postTask(resolve));

describe('preloadCharts (issue 22: the page first Intl object out of the panels mount)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes the readings number format in a task of its own after the call, once', async () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    preloadCharts();
    expect(made).not.toHaveBeenCalled();
    await nextTask();
    expect(made).toHaveBeenCalledTimes(1);
    expect(made).toHaveBeenCalledWith('sv-SE', { maximumFractionDigits: 2 });
    preloadCharts();
    await nextTask();
    expect(made).toHaveBeenCalledTimes(1);
  });
});
