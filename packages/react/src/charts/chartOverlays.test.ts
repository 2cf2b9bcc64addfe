import type { IChartApi, ISeriesApi, PaneAttachedParameter, Time } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { type ChartBand, type ChartLine, PriceLines, TimeBands } from './chartOverlays';

/** A pane's bands with their redraw requests counted (each one a repaint of the whole chart). */
function bands() {
  const element = document.createElement('div');
  const counted = { updates: 0 };
  const primitive = new TimeBands();
  primitive.attached({
    chart: { chartElement: () => element } as unknown as IChartApi,
    requestUpdate: () => counted.updates++,
  } as unknown as PaneAttachedParameter<Time>);
  return { primitive, counted };
}

/** A series recording its price lines and option changes (each one a repaint of the whole chart). */
function series() {
  const calls = { created: 0, removed: 0, options: 0 };
  const line = {
    createPriceLine: (options: unknown) => {
      calls.created++;
      return options;
    },
    removePriceLine: () => calls.removed++,
    applyOptions: () => calls.options++,
  };
  return { line: line as unknown as ISeriesApi<'Line'>, calls };
}

const band: ChartBand = { from: 1_000, to: 2_000, color: '#ff000022' };
const limit: ChartLine = { value: 21.5, color: '#b91c1c', label: 'Värme', dashed: true };

describe("the chart's alert bands and lines are drawn again only when they changed (issue 22)", () => {
  it('bands: [] after [] (an alert answer with none) asks for no redraw; new bands do, the same again do not', () => {
    const { primitive, counted } = bands();
    primitive.set([]);
    primitive.set([]);
    expect(counted.updates).toBe(0);
    primitive.set([band]);
    expect(counted.updates).toBe(1);
    primitive.set([{ ...band }]);
    expect(counted.updates).toBe(1);
    primitive.set([{ ...band, to: null }]);
    expect(counted.updates).toBe(2);
    primitive.set([]);
    expect(counted.updates).toBe(3);
  });

  it('lines: [] after [] on the same series neither clears, creates nor sets options; a change does', () => {
    const { line, calls } = series();
    const lines = new PriceLines(document.createElement('div'));
    lines.set(line, []);
    expect(calls).toEqual({ created: 0, removed: 0, options: 1 });
    lines.set(line, []);
    expect(calls).toEqual({ created: 0, removed: 0, options: 1 });
    lines.set(line, [limit]);
    expect(calls).toEqual({ created: 1, removed: 0, options: 2 });
    lines.set(line, [{ ...limit }]);
    expect(calls).toEqual({ created: 1, removed: 0, options: 2 });
    lines.set(line, [{ ...limit, value: 22 }]);
    expect(calls).toEqual({ created: 2, removed: 1, options: 3 });
  });

  it('lines move with the first series when it is another one, the same lines or not', () => {
    const first = series();
    const second = series();
    const lines = new PriceLines(document.createElement('div'));
    lines.set(first.line, [limit]);
    lines.set(second.line, [limit]);
    expect(first.calls.removed).toBe(1);
    expect(second.calls.created).toBe(1);
  });
});
