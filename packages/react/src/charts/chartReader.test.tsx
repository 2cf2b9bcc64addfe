import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chartMock, createChartModule } from '../test/chartMock';
import { chartLibrary } from './chartLibrary';
import { type ChartSeriesInput, TimeSeriesChart, type ZoomValue } from './TimeSeriesChart';

vi.mock('lightweight-charts', () => createChartModule());

const MINUTE = 60_000;
/** 13:00 in Stockholm. */
const T = Date.UTC(2026, 10, 27, 12);

/** Twelve readings five minutes apart, 13:00–13:55 Stockholm time. */
const series = (id: string, label: string, unit: string, values: number[]): ChartSeriesInput => ({
  id,
  label,
  unit,
  color: '#0d9488',
  points: values.map((value, i) => ({ time: T + i * 5 * MINUTE, value })),
});

const TEMPERATURES = [20.5, 21, 21.25, 22, 21.5, 21, 20.75, 20.5, 20, 19.5, 19.75, 1234.5];
const HUMIDITIES = [40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51];

async function drawn(onZoom?: (value: ZoomValue) => void) {
  const view = render(
    <TimeSeriesChart
      series={[series('t', 'Temperatur', '°C', TEMPERATURES), series('h', 'Fukt', '%', HUMIDITIES)]}
      onZoom={onZoom}
    />,
  );
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  const box = view.container.querySelector('.matnat-chart') as HTMLElement;
  const chart = chartMock.charts[0]!;
  const tooltip = () => box.querySelector('.matnat-chart__tooltip') as HTMLElement;
  const live = () => box.querySelector('[aria-live]')?.textContent;
  return { box, chart, tooltip, live };
}

/** The plot x of an instant: the mock's axis spans the data, 13:00–13:55, over 1000 px. */
const xAt = (ms: number) => ((ms - T) / (55 * MINUTE)) * 1000;

describe('issue 21: the crosshair tooltip', () => {
  beforeEach(async () => {
    await chartLibrary.load();
    chartMock.reset();
  });
  afterEach(cleanup);

  it("shows every series' value at the pointer's time: Stockholm time, decimal comma, unit", async () => {
    const { chart, tooltip } = await drawn();
    act(() => chart.pointerAt(xAt(T + 10 * MINUTE)));
    expect(tooltip().style.display).toBe('block');
    const rows = [...tooltip().childNodes].map((n) => n.textContent);
    expect(rows).toEqual(['2026-11-27 13:10', 'Temperatur 21,25\u00a0°C', 'Fukt 42\u00a0%']);
    act(() => chart.pointerAt(xAt(T + 55 * MINUTE)));
    // The nearest point: thousands grouped with a space, as Swedish writes them.
    expect(tooltip().textContent).toContain('Temperatur 1\u00a0234,5\u00a0°C');
    act(() => chart.pointerAt(null));
    expect(tooltip().style.display).toBe('none');
  });

  it('the pointer leaving the chart hides the tooltip (the library clears its crosshair with no source event)', async () => {
    const { box, chart, tooltip } = await drawn(vi.fn());
    act(() => chart.pointerAt(xAt(T + 20 * MINUTE)));
    expect(tooltip().style.display).toBe('block');
    act(() => chart.pointerAt(null));
    expect(tooltip().style.display).toBe('none');
    // A cursor the keys hold stays when the pointer leaves.
    box.focus();
    fireEvent.keyDown(box, { key: 'Home' });
    expect(tooltip().style.display).toBe('block');
    const held = tooltip().textContent;
    act(() => chart.pointerAt(null));
    expect(tooltip().style.display).toBe('block');
    expect(tooltip().textContent).toBe(held);
  });
});

describe('issue 21: zoom by drag', () => {
  beforeEach(async () => {
    await chartLibrary.load();
    chartMock.reset();
  });
  afterEach(cleanup);

  const drag = (box: HTMLElement, from: number, to: number) => {
    fireEvent.pointerDown(box, { clientX: from, button: 0, isPrimary: true, pointerId: 1 });
    fireEvent.pointerMove(box, { clientX: (from + to) / 2, pointerId: 1 });
    fireEvent.pointerMove(box, { clientX: to, pointerId: 1 });
    fireEvent.pointerUp(box, { clientX: to, pointerId: 1 });
  };

  it('a drag across the plot asks for that period, in either direction, at its fitting interval', async () => {
    const onZoom = vi.fn();
    const { box, live } = await drawn(onZoom);
    drag(box, xAt(T + 40 * MINUTE), xAt(T + 10 * MINUTE));
    expect(onZoom).toHaveBeenCalledWith({
      range_slug: 'custom',
      from: new Date(T + 10 * MINUTE).toISOString(),
      to: new Date(T + 40 * MINUTE).toISOString(),
      interval_slug: '5_s',
    });
    expect(live()).toBe('Zoomat in på 2026-11-27 13:10 – 2026-11-27 13:40');
    // The chart no longer scrolls on a drag: the drag is the zoom's.
    expect(chartMock.applied).toContainEqual({
      handleScroll: { pressedMouseMove: false, horzTouchDrag: false },
    });
  });

  it('a click (a few pixels) and a chart without onZoom do not zoom', async () => {
    const onZoom = vi.fn();
    const { box } = await drawn(onZoom);
    drag(box, 300, 304);
    expect(onZoom).not.toHaveBeenCalled();
    cleanup();
    chartMock.reset();
    const plain = await drawn();
    drag(plain.box, 100, 600);
    expect(chartMock.applied).not.toContainEqual(
      expect.objectContaining({ handleScroll: expect.anything() }),
    );
  });
});

describe('issue 21: zoom and read by keyboard', () => {
  beforeEach(async () => {
    await chartLibrary.load();
    chartMock.reset();
  });
  afterEach(cleanup);

  it('the chart is focusable and says what its keys do', async () => {
    const { box } = await drawn(vi.fn());
    expect(box.tabIndex).toBe(0);
    expect(box.getAttribute('role')).toBe('application');
    expect(box.getAttribute('aria-label')).toBe('Pilar läser, Skift+pilar markerar, Enter zoomar in');
  });

  it('arrows read the values aloud, Shift selects, Enter zooms into the selection', async () => {
    const onZoom = vi.fn();
    const { box, chart, tooltip, live } = await drawn(onZoom);
    box.focus();
    const key = (k: string, shiftKey = false) => fireEvent.keyDown(box, { key: k, shiftKey });
    key('ArrowLeft');
    expect(live()).toBe('2026-11-27 13:55: Temperatur 1\u00a0234,5\u00a0°C, Fukt 51\u00a0%');
    expect(chart.crosshair).toBe((T + 55 * MINUTE) / 1000);
    expect(tooltip().style.display).toBe('block');
    key('ArrowLeft');
    key('ArrowLeft');
    expect(live()).toBe('2026-11-27 13:45: Temperatur 19,5\u00a0°C, Fukt 49\u00a0%');
    key('ArrowLeft', true);
    key('ArrowLeft', true);
    key('ArrowLeft', true);
    expect(live()).toBe('Markerat 2026-11-27 13:30 – 2026-11-27 13:45');
    key('Enter');
    expect(onZoom).toHaveBeenCalledWith({
      range_slug: 'custom',
      from: new Date(T + 30 * MINUTE).toISOString(),
      to: new Date(T + 45 * MINUTE).toISOString(),
      interval_slug: '5_s',
    });
    expect(live()).toBe('Zoomat in på 2026-11-27 13:30 – 2026-11-27 13:45');
    expect(chart.crosshair).toBeNull();
  });

  it('Escape drops the selection, then the cursor; leaving the chart hides its tooltip', async () => {
    const onZoom = vi.fn();
    const { box, chart, tooltip } = await drawn(onZoom);
    box.focus();
    fireEvent.keyDown(box, { key: 'ArrowLeft' });
    fireEvent.keyDown(box, { key: 'Home', shiftKey: true });
    fireEvent.keyDown(box, { key: 'Escape' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onZoom).not.toHaveBeenCalled();
    expect(chart.crosshair).toBe(T / 1000);
    fireEvent.blur(box);
    expect(tooltip().style.display).toBe('none');
    expect(chart.crosshair).toBeNull();
  });
});
