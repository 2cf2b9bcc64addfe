import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chartMock, createChartModule } from '../test/chartMock';
import {
  alertPeriods,
  buckets,
  heldWidgetApi,
  settle,
  T0,
  testCoreClient,
  widgetApi,
  withClient,
} from '../testing/widgetApi';
import { chartLibrary } from './chartLibrary';
import { LineChartPanel } from './LineChartPanel';

vi.mock('lightweight-charts', () => createChartModule());

/** The shaded periods the chart's band primitive holds. */
const bandsOf = (chart: (typeof chartMock.charts)[number]) =>
  (chart.primitives[0]!.primitive as unknown as { bands: unknown[] }).bands;

/** Sensor 1's alert 'Värme' (above 21.5) with its firing periods, as its alert-periods answer. */
function answerWarmth(api: ReturnType<typeof widgetApi>, periods: { from: string; to: string | null }[]) {
  api.answer('/api/v1/sensor/1/alert-periods', {
    body: {
      data: alertPeriods(1, [
        {
          alert_id: 7,
          name: 'Värme',
          limits: [{ operator: '>', threshold: 21.5, clear_threshold: 20 }],
          periods,
        },
      ]),
    },
  });
}

function setup() {
  const api = widgetApi();
  const client = testCoreClient(api);
  const wrapper = withClient(client);
  return { api, client, wrapper, measurements: () => api.callsTo(/\/measurements$/) };
}

describe('LineChartPanel reads through the core client', () => {
  // The library's load draws one warm-up chart (chartLibrary.ts): counted from after it.
  beforeEach(async () => {
    await chartLibrary.load();
    chartMock.reset();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('spec §4 default filter: fetches every item with range prev_5_days and interval 15_m', async () => {
    const { wrapper, measurements } = setup();
    render(<LineChartPanel items={[{ sensorId: 1 }, { sensorId: 2 }]} />, { wrapper });
    await settle();
    expect(measurements().map((c) => c.path)).toEqual([
      '/api/v1/sensor/1/measurements',
      '/api/v1/sensor/2/measurements',
    ]);
    expect(Object.fromEntries(measurements()[0]!.query)).toMatchObject({
      range_slug: 'prev_5_days',
      interval_slug: '15_m',
      max_points: '1000',
    });
  });

  it('one line plus a min/max envelope per sensor, so extremes stay visible when zoomed out', async () => {
    const { wrapper } = setup();
    render(<LineChartPanel items={[{ sensorId: 1 }, { sensorId: 2 }]} />, { wrapper });
    await settle();
    const series = chartMock.charts[0]?.series ?? [];
    expect(series).toHaveLength(6);
    const [avg, min, max] = series as unknown as { data: unknown[] }[];
    expect(avg!.data[0]).toEqual({ time: T0 / 1000, value: 20 });
    expect(min!.data[0]).toEqual({ time: T0 / 1000, value: 18 });
    expect(max!.data[0]).toEqual({ time: T0 / 1000, value: 22 });
  });

  it('the legend names every line before the data came, so its arrival does not push the chart down', async () => {
    const { wrapper } = setup();
    render(<LineChartPanel items={[{ sensorId: 1, label: 'Inne' }, { sensorId: 2 }]} />, { wrapper });
    const legend = () => screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(legend()).toEqual(['Inne', 'Sensor 2']);
    expect(chartMock.charts).toHaveLength(0);
    await settle();
    expect(chartMock.charts).toHaveLength(1);
    expect(legend()).toEqual(['Inne', 'Sensor 2']);
  });

  it('new data reaches the chart once: no second hand-over (and repaint) from a re-render after it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { wrapper, api } = setup();
    render(<LineChartPanel items={[{ sensorId: 1 }]} interval="5_s" />, { wrapper });
    await settle();
    const sets = () => chartMock.charts[0]?.series.map((s) => s.sets);
    expect(sets()).toEqual([1, 1, 1]);
    api.answer('/api/v1/sensor/1/measurements', { body: { data: buckets(1, 2) } });
    await act(async () => vi.advanceTimersByTime(5_000));
    await settle();
    await settle();
    expect(sets()).toEqual([2, 2, 2]);
  });

  it('two panels showing the same sensors with the same filter make one request per sensor', async () => {
    const { wrapper, measurements, api } = setup();
    render(
      <>
        <LineChartPanel items={[{ sensorId: 1 }, { sensorId: 2 }]} />
        <LineChartPanel items={[{ sensorId: 2 }, { sensorId: 1 }]} filterKey="other" />
        <LineChartPanel items={[{ sensorId: 1 }]} filterKey="third" />
      </>,
      { wrapper },
    );
    await settle();
    expect(
      measurements()
        .map((c) => c.path)
        .sort(),
    ).toEqual(['/api/v1/sensor/1/measurements', '/api/v1/sensor/2/measurements']);
    await api.streamOpened();
    expect(api.openStreams()).toHaveLength(1);
    expect(api.openStreams()[0]!.sensorIds.sort()).toEqual(['1', '2']);
  });

  it('refetches every refresh interval (5_s → every 5 seconds)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { wrapper, measurements } = setup();
    render(<LineChartPanel items={[{ sensorId: 1 }]} interval="5_s" />, { wrapper });
    await settle();
    expect(measurements()).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      await act(async () => vi.advanceTimersByTime(5_000));
      await settle();
    }
    expect(measurements()).toHaveLength(3);
  });

  it("the host sets range and interval by props, and hears the viewer's change through onChange", async () => {
    const { wrapper, measurements } = setup();
    const onChange = vi.fn();
    const { rerender } = render(
      <LineChartPanel items={[{ sensorId: 1 }]} range="prev_24_h" onChange={onChange} />,
      {
        wrapper,
      },
    );
    await settle();
    expect(measurements().map((c) => c.query.get('range_slug'))).toEqual(['prev_24_h']);
    rerender(<LineChartPanel items={[{ sensorId: 1 }]} range="this_week" onChange={onChange} />);
    await settle();
    expect(measurements().at(-1)!.query.get('range_slug')).toBe('this_week');
    fireEvent.change(screen.getByLabelText('Uppdatering'), { target: { value: '1_h' } });
    expect(onChange).toHaveBeenCalledWith({ range_slug: 'this_week', interval_slug: '1_h' });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('issue 21: the host sets an absolute range (ISO 8601 interval or instants); the panel asks for it from–till', async () => {
    const { wrapper, measurements, client } = setup();
    const onChange = vi.fn();
    const { rerender } = render(
      <LineChartPanel items={[{ sensorId: 1 }]} range="2026-01-01/2026-01-03" onChange={onChange} />,
      { wrapper },
    );
    await settle();
    const query = Object.fromEntries(measurements()[0]!.query);
    expect(query).toMatchObject({ from: '2025-12-31T23:00:00.000Z', to: '2026-01-02T23:00:00.000Z' });
    expect(query.range_slug).toBeUndefined();
    // The time filter shows the range as itself, persisted per page and panel.
    const select = screen.getByLabelText('Tidsperiod') as HTMLSelectElement;
    expect(select.value).toBe('custom');
    expect(select.selectedOptions[0]?.textContent).toBe('2026-01-01 00:00 – 2026-01-03 00:00');
    expect(client.timeFilters.get(`${globalThis.location.pathname}#sensors-1`)).toMatchObject({
      range_slug: 'custom',
      from: '2025-12-31T23:00:00.000Z',
    });
    rerender(
      <LineChartPanel
        items={[{ sensorId: 1 }]}
        range={{ from: '2026-02-01T00:00:00Z', to: Date.parse('2026-02-02T00:00:00Z') }}
        onChange={onChange}
      />,
    );
    await settle();
    expect(Object.fromEntries(measurements().at(-1)!.query)).toMatchObject({
      from: '2026-02-01T00:00:00.000Z',
      to: '2026-02-02T00:00:00.000Z',
    });
    // The interval changes beside the custom range, which onChange reports with its ends.
    fireEvent.change(screen.getByLabelText('Uppdatering'), { target: { value: '1_h' } });
    expect(onChange).toHaveBeenLastCalledWith({
      range_slug: 'custom',
      from: '2026-02-01T00:00:00.000Z',
      to: '2026-02-02T00:00:00.000Z',
      interval_slug: '1_h',
    });
    await settle();
    // A preset leaves the custom range: the ends are not reported any more.
    fireEvent.change(screen.getByLabelText('Tidsperiod'), { target: { value: 'prev_3_h' } });
    expect(onChange).toHaveBeenLastCalledWith({ range_slug: 'prev_3_h', interval_slug: '1_h' });
  });

  it('issue 21 zoom: a drag asks for that period at its fitting interval; "Återställ zoom" returns to the range', async () => {
    const { wrapper, measurements, api } = setup();
    const onChange = vi.fn();
    render(<LineChartPanel items={[{ sensorId: 1, unit: '°C' }]} range="prev_24_h" onChange={onChange} />, {
      wrapper,
    });
    await settle();
    expect(screen.queryByRole('button', { name: 'Återställ zoom' })).toBeNull();
    const box = document.querySelector('.matnat-chart') as HTMLElement;
    const drawnPoints = () => chartMock.charts[0]!.series[0]!.data.length;
    expect(drawnPoints()).toBe(4);
    api.answer('/api/v1/sensor/1/measurements', { body: { data: buckets(1, 2) } });
    // The mock's axis spans the four hourly buckets (T0 to T0 + 3 h) over 1000 px: 0 to 900 px is 2.7 hours,
    // which 30 s buckets divide into 300 or more.
    fireEvent.pointerDown(box, { clientX: 0, button: 0, isPrimary: true, pointerId: 1 });
    fireEvent.pointerUp(box, { clientX: 900, pointerId: 1 });
    await settle();
    expect(Object.fromEntries(measurements().at(-1)!.query)).toMatchObject({
      from: new Date(T0).toISOString(),
      to: new Date(T0 + 162 * 60_000).toISOString(),
      interval_slug: '30_s',
    });
    expect(measurements().at(-1)!.query.get('range_slug')).toBeNull();
    expect(drawnPoints()).toBe(2);
    // A zoom is a view of the range, not a new range: the host hears nothing, the filter still says 24 h.
    expect(onChange).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Tidsperiod') as HTMLSelectElement).value).toBe('prev_24_h');

    fireEvent.click(screen.getByRole('button', { name: 'Återställ zoom' }));
    await settle();
    // The range's buckets again, from the cache (they are younger than the refresh interval).
    expect(drawnPoints()).toBe(4);
    expect(measurements().map((c) => c.query.get('range_slug'))).toEqual(['prev_24_h', null]);
    expect(screen.queryByRole('button', { name: 'Återställ zoom' })).toBeNull();
    // The keyboard's place goes back to the chart with the button gone.
    expect(document.activeElement).toBe(box);
  });

  it('issue 21 zoom: live readings heard before and during a zoom are drawn again after "Återställ zoom"', async () => {
    const { wrapper, api } = setup();
    render(<LineChartPanel items={[{ sensorId: 1 }]} range="prev_24_h" />, { wrapper });
    await settle();
    const box = document.querySelector('.matnat-chart') as HTMLElement;
    // One line throughout: the range's buckets stay drawn while the zoom's load, then the zoom's replace them.
    const line = () => chartMock.charts[0]!.series[0]!;
    const times = () => line().data.map((p) => (p as { time: number }).time);
    const [before, during] = [T0 + 4 * 3_600_000, T0 + 5 * 3_600_000];
    await api.streamOpened();
    api.push({ sensor_id: 1, value: 30, measured_at: new Date(before).toISOString() });
    await settle();
    expect(line().updates).toEqual([{ time: before / 1000, value: 30 }]);
    api.answer('/api/v1/sensor/1/measurements', { body: { data: buckets(1, 2) } });
    fireEvent.pointerDown(box, { clientX: 0, button: 0, isPrimary: true, pointerId: 1 });
    fireEvent.pointerUp(box, { clientX: 900, pointerId: 1 });
    await settle();
    // Zoomed: the window ends where it ends, no live reading after it, not even one heard meanwhile.
    expect(times()).toEqual([T0 / 1000, T0 / 1000 + 3_600]);
    const updated = line().updates.length;
    api.push({ sensor_id: 1, value: 31, measured_at: new Date(during).toISOString() });
    await settle();
    expect(times()).toEqual([T0 / 1000, T0 / 1000 + 3_600]);
    expect(line().updates.slice(updated)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Återställ zoom' }));
    await settle();
    // The range's cached buckets with both readings the stream brought since they were fetched.
    expect(times().slice(-2)).toEqual([before / 1000, during / 1000]);
  });

  const panel = () => document.querySelector('.matnat-line-chart-panel') as HTMLElement;
  const chartBox = () => document.querySelector('.matnat-chart') as HTMLElement;
  /** Whether the panel shows its lines as not current: dimmed, busy, 'Laddar…' over them, no download. */
  const shownStale = () => {
    const csv = screen.getByRole('button', { name: 'Ladda ner CSV' }) as HTMLButtonElement;
    const signs = [
      chartBox().classList.contains('matnat-chart--stale'),
      panel().getAttribute('aria-busy') === 'true',
      screen.queryByText('Laddar…') !== null,
      csv.disabled,
    ];
    return signs.every(Boolean) ? true : signs.some(Boolean) ? signs : false;
  };

  it("issue 21 zoom: the range's lines stay drawn, dimmed and busy, while the zoom's buckets load; then they replace them", async () => {
    const { wrapper, measurements, hold, release } = heldWidgetApi();
    render(<LineChartPanel items={[{ sensorId: 1, unit: '°C' }]} range="prev_24_h" />, { wrapper });
    await settle();
    const chart = chartMock.charts[0]!;
    const line = chart.series[0]!;
    expect(line.data).toHaveLength(4);
    expect(shownStale()).toBe(false);
    hold();
    fireEvent.pointerDown(chartBox(), { clientX: 0, button: 0, isPrimary: true, pointerId: 1 });
    fireEvent.pointerUp(chartBox(), { clientX: 900, pointerId: 1 });
    await settle();
    // Between the zoom and its answer: the same lines with the range's points, never none, shown as not
    // current (dimmed, the panel busy, 'Laddar…' over them, nothing to download), in the zoom's period at once.
    expect(chart.series).toHaveLength(3);
    expect(chart.series[0]).toBe(line);
    expect(line.data).toHaveLength(4);
    expect(shownStale()).toBe(true);
    expect(chart.visibleRange).toEqual({ from: T0 / 1000, to: T0 / 1000 + 162 * 60 });
    expect(screen.getByRole('button', { name: 'Återställ zoom' })).toBeTruthy();
    release();
    await settle();
    expect(measurements().at(-1)!.query.get('from')).toBe(new Date(T0).toISOString());
    expect(chart.series[0]).toBe(line);
    expect(line.data).toHaveLength(4);
    expect(shownStale()).toBe(false);
  });

  it('issue 21: a new range from the time filter keeps the old lines dimmed until its own come; a failure drops them', async () => {
    const { api, wrapper, hold, release } = heldWidgetApi();
    render(<LineChartPanel items={[{ sensorId: 1 }]} range="prev_24_h" />, { wrapper });
    await settle();
    const chart = chartMock.charts[0]!;
    hold();
    fireEvent.change(screen.getByLabelText('Tidsperiod'), { target: { value: 'prev_3_h' } });
    await settle();
    expect(chart.series[0]!.data).toHaveLength(4);
    expect(shownStale()).toBe(true);
    api.answer('/api/v1/sensor/1/measurements', { body: { data: buckets(1, 2) } });
    release();
    await settle();
    expect(chart.series[0]!.data).toHaveLength(2);
    expect(shownStale()).toBe(false);

    // A failed answer is not covered by the range before: the panel says it failed, with no old lines.
    hold();
    fireEvent.change(screen.getByLabelText('Tidsperiod'), { target: { value: 'prev_12_h' } });
    await settle();
    expect(chart.series[0]!.data).toHaveLength(2);
    api.answer('/api/v1/sensor/1/measurements', { status: 404, body: { message: 'Hittades inte.' } });
    release();
    await settle();
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(chart.series).toHaveLength(0);
    expect(shownStale()).toEqual([false, false, false, true]);
  });

  it("issue 21: placeholder lines are only ever the same sensors' (another set of items shows none of them)", async () => {
    const { wrapper, hold } = heldWidgetApi();
    const { rerender } = render(
      <LineChartPanel items={[{ sensorId: 1 }]} range="prev_24_h" filterKey="p" />,
      {
        wrapper,
      },
    );
    await settle();
    hold();
    rerender(<LineChartPanel items={[{ sensorId: 2 }]} range="prev_24_h" filterKey="p" />);
    await settle();
    expect(chartMock.charts[0]!.series).toHaveLength(0);
    expect(chartBox().classList.contains('matnat-chart--stale')).toBe(false);
    expect(screen.getByText('Laddar…')).toBeTruthy();
  });

  it('issue 21 zoom: a new range from the time filter ends the zoom', async () => {
    const { wrapper, measurements } = setup();
    render(<LineChartPanel items={[{ sensorId: 1 }]} />, { wrapper });
    await settle();
    const box = document.querySelector('.matnat-chart') as HTMLElement;
    fireEvent.pointerDown(box, { clientX: 100, button: 0, isPrimary: true, pointerId: 1 });
    fireEvent.pointerUp(box, { clientX: 900, pointerId: 1 });
    await settle();
    expect(screen.getByRole('button', { name: 'Återställ zoom' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Tidsperiod'), { target: { value: 'prev_3_h' } });
    await settle();
    expect(screen.queryByRole('button', { name: 'Återställ zoom' })).toBeNull();
    expect(measurements().at(-1)!.query.get('range_slug')).toBe('prev_3_h');
  });

  it('issue 21 Bad input: a host range with from after till, over a year, or unknown shows why instead of a chart, asking for nothing', async () => {
    const { wrapper, measurements } = setup();
    render(
      <>
        <LineChartPanel items={[{ sensorId: 1 }]} range="2026-01-03/2026-01-01" filterKey="a" />
        <LineChartPanel items={[{ sensorId: 2 }]} range="2024-01-01/2026-01-01" filterKey="b" />
        <LineChartPanel
          items={[{ sensorId: 3 }]}
          range={{ from: '2026-01-01T00:00:00Z', to: 'i morgon' }}
          filterKey="c"
        />
        <LineChartPanel items={[{ sensorId: 4 }]} range="prev_8_days" filterKey="d" />
      </>,
      { wrapper },
    );
    await settle();
    expect(screen.getAllByRole('alert').map((p) => p.textContent)).toEqual([
      'Perioden kan inte visas. Från måste ligga före Till.',
      'Perioden kan inte visas. Perioden får vara högst ett år (366 dagar), som den längsta förvalda perioden.',
      'Perioden kan inte visas. Till måste vara en tidpunkt i ISO 8601-format.',
      'Perioden kan inte visas. Okänd period.',
    ]);
    expect(screen.queryByText('Laddar…')).toBeNull();
    expect(measurements()).toEqual([]);
    expect(chartMock.charts).toHaveLength(0);
  });

  it('issue 21 Bad input: a host that corrects its range gets the chart', async () => {
    const { wrapper, measurements } = setup();
    const { rerender } = render(<LineChartPanel items={[{ sensorId: 1 }]} range="2026-01-03/2026-01-01" />, {
      wrapper,
    });
    await settle();
    expect(screen.getByRole('alert')).toBeTruthy();
    rerender(<LineChartPanel items={[{ sensorId: 1 }]} range="2026-01-01/2026-01-03" />);
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(Object.fromEntries(measurements().at(-1)!.query)).toMatchObject({
      from: '2025-12-31T23:00:00.000Z',
      to: '2026-01-02T23:00:00.000Z',
    });
    expect(chartMock.charts).toHaveLength(1);
  });

  it('issue 21 point 1: threshold steps are lines in their colours on the first line, named under the chart; kept in view when near the data', async () => {
    const { wrapper, api } = setup();
    const steps = [
      { value: 21, color: 'orange', label: 'Varning' },
      { value: 90, color: '#b91c1c', label: 'Larm' },
    ];
    render(<LineChartPanel items={[{ sensorId: 1, unit: '°C' }, { sensorId: 2 }]} thresholds={steps} />, {
      wrapper,
    });
    await settle();
    const [first, , , second] = chartMock.charts[0]!.series;
    expect(first!.priceLines.map((l) => [l.price, l.color, l.title, l.lineStyle])).toEqual([
      [21, '#c2410c', 'Varning', 0],
      [90, '#b91c1c', 'Larm', 0],
    ]);
    expect(second!.priceLines).toEqual([]);
    expect(screen.getByRole('list', { name: 'Gränsvärden' }).textContent).toBe(
      'Varning från 21\u00a0°CLarm från 90\u00a0°C',
    );
    // The autoscale takes in a line within half the data's height (21 near 18–22), not one far away (90).
    const scale = first!.options.autoscaleInfoProvider as (o: () => unknown) => { priceRange: unknown };
    expect(scale(() => ({ priceRange: { minValue: 18, maxValue: 20 } })).priceRange).toEqual({
      minValue: 18,
      maxValue: 21,
    });
    // A live reading does not draw the lines anew.
    const lines = first!.priceLines;
    await api.streamOpened();
    api.push({ sensor_id: 1, value: 30, measured_at: new Date(T0 + 5 * 3_600_000).toISOString() });
    await settle();
    expect(first!.priceLines).toBe(lines);
  });

  it('issue 21 point 2: the limits of the alerts watching a sensor are dashed lines named by the alert, their firing periods shaded, and named under the chart', async () => {
    const { wrapper, api } = setup();
    const iso = (hours: number) => new Date(T0 + hours * 3_600_000).toISOString();
    answerWarmth(api, [{ from: iso(1), to: iso(2) }]);
    render(<LineChartPanel items={[{ sensorId: 1, unit: '°C' }, { sensorId: 2 }]} />, { wrapper });
    await settle();
    const chart = chartMock.charts[0]!;
    expect(chart.series[0]!.priceLines.map((l) => [l.price, l.color, l.title, l.lineStyle])).toEqual([
      [21.5, '#b91c1c', 'Värme', 2],
    ]);
    expect(bandsOf(chart)).toEqual([
      { from: T0 + 3_600_000, to: T0 + 7_200_000, color: 'rgba(220, 38, 38, 0.14)' },
    ]);
    expect(screen.getByRole('list', { name: 'Larm' }).textContent).toBe('Värme: > 21,5\u00a0°C');
    expect(api.callsTo(/alert-periods$/).map((c) => Object.fromEntries(c.query))).toEqual([
      { range_slug: 'prev_5_days' },
      { range_slug: 'prev_5_days' },
    ]);
  });

  it('issue 21 point 2 live: an alert firing shades the chart from the moment its event arrives; its resolution ends the band', async () => {
    const { wrapper, api } = setup();
    api.answer('/api/v1/sensor/1/alert-periods', {
      body: {
        data: alertPeriods(1, [
          {
            alert_id: 7,
            name: 'Värme',
            limits: [{ operator: '>', threshold: 25, clear_threshold: null }],
            periods: [],
          },
        ]),
      },
    });
    render(<LineChartPanel items={[{ sensorId: 1 }]} />, { wrapper });
    await settle();
    const chart = chartMock.charts[0]!;
    expect(bandsOf(chart)).toEqual([]);
    const firedAt = T0 + 4 * 3_600_000;
    await api.streamOpened();
    api.pushAlert({ alert_id: 7, sensor_id: 1, state: 'firing', at: new Date(firedAt).toISOString() });
    // Another sensor's alert is not this chart's.
    api.pushAlert({ alert_id: 8, sensor_id: 9, state: 'firing', at: new Date(firedAt).toISOString() });
    await settle();
    expect(bandsOf(chart)).toEqual([{ from: firedAt, to: null, color: 'rgba(220, 38, 38, 0.14)' }]);
    expect(screen.getByRole('list', { name: 'Larm' }).textContent).toContain('– larmar nu');
    api.pushAlert({
      alert_id: 7,
      sensor_id: 1,
      state: 'resolved',
      at: new Date(firedAt + 60_000).toISOString(),
    });
    await settle();
    expect(bandsOf(chart)).toEqual([
      { from: firedAt, to: firedAt + 60_000, color: 'rgba(220, 38, 38, 0.14)' },
    ]);
    expect(screen.getByRole('list', { name: 'Larm' }).textContent).not.toContain('larmar nu');
  });

  it('issue 22: an alert answer with no alerts after the chart drew its data draws nothing again (no band redraw, no price lines re-created)', async () => {
    const api = widgetApi();
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/alert-periods')) await held;
      return api.fetch(input, init);
    }) as typeof globalThis.fetch;
    render(<LineChartPanel items={[{ sensorId: 1 }, { sensorId: 2 }]} />, {
      wrapper: withClient(testCoreClient({ ...api, fetch })),
    });
    await settle();
    const chart = chartMock.charts[0]!;
    expect(chart.series[0]!.data).toHaveLength(4);
    const redraws = chart.primitives[0]!.updates;
    const options = vi.spyOn(chart.series[0]!, 'applyOptions');
    const priceLines = vi.spyOn(chart.series[0]!, 'createPriceLine');
    answer();
    await settle();
    expect(api.callsTo(/alert-periods$/)).toHaveLength(2);
    expect(chart.primitives[0]!.updates).toBe(redraws);
    expect(options).not.toHaveBeenCalled();
    expect(priceLines).not.toHaveBeenCalled();
  });

  it("issue 22: alert periods already in the cache are in the chart's first data: one band redraw, the limit drawn once", async () => {
    const { wrapper, api, client } = setup();
    answerWarmth(api, [{ from: new Date(T0 + 3_600_000).toISOString(), to: null }]);
    const range = { range_slug: 'prev_5_days' } as const;
    await Promise.all([
      client.load(client.queries.measurements(1, { ...range, interval_slug: '15_m', max_points: 1000 })),
      client.load(client.queries.alertPeriods(1, range)),
    ]);
    render(<LineChartPanel items={[{ sensorId: 1 }]} />, { wrapper });
    await settle();
    const chart = chartMock.charts[0]!;
    expect(api.callsTo(/alert-periods$/)).toHaveLength(1);
    expect(chart.series[0]!.sets).toBe(1);
    expect(chart.series[0]!.priceLines.map((l) => l.title)).toEqual(['Värme']);
    expect(bandsOf(chart)).toHaveLength(1);
    expect(chart.primitives[0]!.updates).toBe(1);
  });

  it('issue 21 point 2: showAlerts={false} asks for no alert periods and draws none', async () => {
    const { wrapper, api } = setup();
    render(<LineChartPanel items={[{ sensorId: 1 }]} showAlerts={false} />, { wrapper });
    await settle();
    expect(api.callsTo(/alert-periods$/)).toEqual([]);
    expect(bandsOf(chartMock.charts[0]!)).toEqual([]);
    await api.streamOpened();
    expect(api.openStreams()[0]!.alerts).toBe(false);
  });

  it("keeps the viewer's choice in the core's time-filter store, per page and panel", async () => {
    const { wrapper, client } = setup();
    render(
      <>
        <LineChartPanel items={[{ sensorId: 1 }]} filterKey="a" />
        <LineChartPanel items={[{ sensorId: 2 }]} filterKey="b" />
      </>,
      { wrapper },
    );
    await settle();
    fireEvent.change(screen.getAllByLabelText('Tidsperiod')[0]!, { target: { value: 'prev_30_days' } });
    const page = globalThis.location.pathname;
    expect(client.timeFilters.get(`${page}#a`).range_slug).toBe('prev_30_days');
    expect(client.timeFilters.get(`${page}#b`).range_slug).toBe('prev_5_days');
    expect((screen.getAllByLabelText('Tidsperiod')[1] as HTMLSelectElement).value).toBe('prev_5_days');
  });

  it('follows live readings of the one stream after the last bucket', async () => {
    const { wrapper, api } = setup();
    render(<LineChartPanel items={[{ sensorId: 1 }]} />, { wrapper });
    await settle();
    const line = chartMock.charts[0]?.series[0];
    const t = T0 + 5 * 3_600_000;
    await api.streamOpened();
    api.push({ sensor_id: 1, value: 30, measured_at: new Date(t).toISOString() });
    await settle();
    expect(line?.updates).toEqual([{ time: t / 1000, value: 30 }]);
  });

  it('creates its chart with its first buckets, not before (issue 13), and joins the one stream at mount', async () => {
    const { wrapper, api } = setup();
    api.answer('/api/v1/sensor/1/measurements', { status: 500, body: { message: 'Server Error' } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { unmount } = render(<LineChartPanel items={[{ sensorId: 1 }]} />, { wrapper });
    await settle();
    expect(chartMock.created).toBe(0);
    await api.streamOpened();
    expect(api.openStreams().map((s) => s.sensorIds)).toEqual([['1']]);
    unmount();

    const ok = setup();
    render(<LineChartPanel items={[{ sensorId: 1 }]} />, { wrapper: ok.wrapper });
    await settle();
    expect(chartMock.created).toBe(1);
    await ok.api.streamOpened();
    expect(ok.api.openStreams().map((s) => s.sensorIds)).toEqual([['1']]);
  });

  it('starts loading the chart library once the panel is seen, beside the data request, though the chart waits for the data (issues 8, 22)', async () => {
    const { wrapper, api } = setup();
    const load = chartLibrary.load;
    // The measurement requests made when the library was asked for.
    const requestsBefore: number[] = [];
    vi.spyOn(chartLibrary, 'load').mockImplementation(() => {
      requestsBefore.push(api.callsTo(/\/measurements$/).length);
      return load();
    });
    render(<LineChartPanel items={[{ sensorId: 1 }]} />, { wrapper });
    expect(requestsBefore).toEqual([]);
    expect(chartMock.created).toBe(0);
    await settle();
    expect(requestsBefore[0]).toBe(0);
    expect(api.callsTo(/\/measurements$/)).toHaveLength(1);
    expect(chartMock.created).toBe(1);
  });

  it("shows the server's message when the embed token is refused, and warns once in the console", async () => {
    const { wrapper, api } = setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    api.answer('/api/v1/sensor/1/measurements', {
      status: 401,
      body: { message: 'Inbäddningsnyckeln har gått ut.' },
    });
    render(<LineChartPanel items={[{ sensorId: 1 }]} />, { wrapper });
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Inbäddningsnyckeln har gått ut.');
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/refused.*\(401\): Inbäddningsnyckeln har gått ut\./),
    );
  });

  it('a server failure shows the Swedish fallback text', async () => {
    const { wrapper, api } = setup();
    api.answer('/api/v1/sensor/1/measurements', { status: 404, body: { message: 'Hittades inte.' } });
    render(<LineChartPanel items={[{ sensorId: 1 }]} />, { wrapper });
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Kunde inte hämta mätvärden');
  });

  it("downloads the panel's data as CSV that Swedish spreadsheets read as numbers", async () => {
    const { wrapper, api } = setup();
    api.answer('/api/v1/sensor/1/measurements', {
      body: {
        data: {
          sensor_id: 1,
          from: new Date(T0).toISOString(),
          to: new Date(T0 + 3_600_000).toISOString(),
          bucket_ms: 3_600_000,
          buckets: [{ t: T0, avg: -1.25, min: -3.5, max: 1234.5, last: 0.1, count: 4 }],
        },
      },
    });
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:csv';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render(<LineChartPanel title="Växthus" items={[{ sensorId: 1, label: 'Temp; ute' }]} />, { wrapper });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Ladda ner CSV' }));
    expect(click).toHaveBeenCalled();
    const lines = (await (created[0] as Blob).text()).split('\r\n');
    expect(lines[0]).toBe('\uFEFFSensor;Tid;Medel;Min;Max;Senaste;Antal');
    // Semicolons between fields, decimal commas, an ASCII minus (not U+2212), no digit grouping.
    expect(lines[1]).toBe('"Temp; ute";2026-01-01 01:00;-1,25;-3,5;1234,5;0,1;4');
  });
});
