import { fittingInterval, MAX_RANGE_MS } from '@matnat/contract/plain';
import { describe, expect, it } from 'vitest';
import { type ChartCursor, chartKey, MIN_ZOOM_MS, zoomValue } from './zoomKeys';

const HOUR = 3_600_000;
const T = Date.UTC(2026, 10, 27, 12);

describe('issue 21 zoom: the period a drag or a selection zooms into', () => {
  it('is the absolute range from the earlier instant to the later, at the contract’s fitting interval', () => {
    const value = zoomValue(T + 6 * HOUR, T);
    expect(value).toEqual({
      range_slug: 'custom',
      from: '2026-11-27T12:00:00.000Z',
      to: '2026-11-27T18:00:00.000Z',
      interval_slug: fittingInterval({ from: T, to: T + 6 * HOUR }),
    });
    // Six hours in at least 300 buckets: a minute apart, finer than the whole range's 15 minutes.
    expect(value?.interval_slug).toBe('1_m');
  });

  it('a period shorter than a minute is a click, not a zoom', () => {
    expect(zoomValue(T, T + MIN_ZOOM_MS - 1)).toBeNull();
    expect(zoomValue(T, T)).toBeNull();
    expect(zoomValue(T, T + MIN_ZOOM_MS)?.interval_slug).toBe('5_s');
  });

  it('keeps the absolute-range rule: nothing past the longest preset, no NaN ends', () => {
    expect(zoomValue(T, T + MAX_RANGE_MS)).not.toBeNull();
    expect(zoomValue(T, T + MAX_RANGE_MS + 1)).toBeNull();
    expect(zoomValue(Number.NaN, T)).toBeNull();
    expect(zoomValue(T, Number.POSITIVE_INFINITY)).toBeNull();
  });
});

/** Presses keys from `cursor` over `count` points; the cursor after each. */
function press(keys: string[], count: number, cursor: ChartCursor | null = null) {
  let at = cursor;
  const after: (ChartCursor | null | 'ignored')[] = [];
  for (const key of keys) {
    const shift = key.startsWith('Shift+');
    const outcome = chartKey(key.replace('Shift+', ''), shift, at, count);
    if (outcome) at = outcome.cursor;
    after.push(outcome ? outcome.cursor : 'ignored');
  }
  return after;
}

describe('issue 21 zoom: the chart’s keys', () => {
  it('the first arrow shows the latest point; then arrows move a point, Home and End to the ends', () => {
    expect(
      press(['ArrowLeft', 'ArrowLeft', 'ArrowRight', 'Home', 'ArrowLeft', 'End', 'ArrowRight'], 10),
    ).toEqual([
      { index: 9, anchor: null },
      { index: 8, anchor: null },
      { index: 9, anchor: null },
      { index: 0, anchor: null },
      { index: 0, anchor: null },
      { index: 9, anchor: null },
      { index: 9, anchor: null },
    ]);
  });

  it('over many points an arrow moves a hundredth of them and a page key a tenth', () => {
    const start = { index: 500, anchor: null };
    expect(
      press(['ArrowLeft', 'PageDown', 'PageUp', 'PageUp'], 1000, start).map(
        (c) => c !== 'ignored' && c?.index,
      ),
    ).toEqual([490, 390, 490, 590]);
  });

  it('Shift selects from where the cursor was; Enter zooms between the selection’s points, earlier first', () => {
    const at = { index: 7, anchor: null };
    expect(press(['Shift+ArrowLeft', 'Shift+ArrowLeft', 'Shift+Home'], 10, at)).toEqual([
      { index: 6, anchor: 7 },
      { index: 5, anchor: 7 },
      { index: 0, anchor: 7 },
    ]);
    expect(chartKey('Enter', false, { index: 2, anchor: 7 }, 10)).toEqual({ cursor: null, zoom: [2, 7] });
    expect(chartKey('Enter', false, { index: 7, anchor: 2 }, 10)).toEqual({ cursor: null, zoom: [2, 7] });
  });

  it('an arrow without Shift drops the selection; Escape drops it, then the cursor', () => {
    expect(press(['ArrowLeft'], 10, { index: 5, anchor: 8 })).toEqual([{ index: 4, anchor: null }]);
    expect(press(['Escape', 'Escape', 'Escape'], 10, { index: 5, anchor: 8 })).toEqual([
      { index: 5, anchor: null },
      null,
      'ignored',
    ]);
  });

  it('Enter without a selection, other keys, and a chart without points are left to the page', () => {
    expect(chartKey('Enter', false, { index: 3, anchor: null }, 10)).toBeUndefined();
    expect(chartKey('Enter', false, { index: 3, anchor: 3 }, 10)).toBeUndefined();
    expect(chartKey('Enter', false, null, 10)).toBeUndefined();
    expect(chartKey('Tab', false, null, 10)).toBeUndefined();
    expect(chartKey('a', false, { index: 3, anchor: null }, 10)).toBeUndefined();
    expect(chartKey('ArrowLeft', false, null, 0)).toBeUndefined();
  });
});
