import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chartMock, createChartModule } from '../test/chartMock';
import { fakeDataSource } from '../test/fakeDataSource';
import { LineChartPanel } from './LineChartPanel';

vi.mock('lightweight-charts', () => createChartModule());

async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

describe('LineChartPanel', () => {
  beforeEach(() => {
    chartMock.reset();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('spec §4 default filter: fetches every item with range prev_5_days and interval 15_m', async () => {
    const { source, calls } = fakeDataSource();
    render(<LineChartPanel items={[{ sensorId: 1 }, { sensorId: 2 }]} dataSource={source} />);
    await flush();
    const queries = calls.filter((c) => c.method === 'measurements');
    expect(queries.map((c) => c.args[0])).toEqual([1, 2]);
    expect(queries[0]?.args[1]).toMatchObject({ range_slug: 'prev_5_days', interval_slug: '15_m' });
  });

  it('one line plus a min/max envelope per sensor, so extremes stay visible when zoomed out', async () => {
    const { source } = fakeDataSource();
    render(<LineChartPanel items={[{ sensorId: 1 }, { sensorId: 2 }]} dataSource={source} />);
    await flush();
    await flush();
    const series = chartMock.charts[0]?.series ?? [];
    expect(series).toHaveLength(6);
    const [avg, min, max] = series as unknown as [
      { data: unknown[] },
      { data: unknown[] },
      { data: unknown[] },
    ];
    expect(avg.data[0]).toEqual({ time: Date.UTC(2026, 0, 1) / 1000, value: 20 });
    expect(min.data[0]).toEqual({ time: Date.UTC(2026, 0, 1) / 1000, value: 18 });
    expect(max.data[0]).toEqual({ time: Date.UTC(2026, 0, 1) / 1000, value: 22 });
  });

  it('refetches every refresh interval (5_s → every 5 seconds)', async () => {
    const { source, calls } = fakeDataSource();
    render(<LineChartPanel items={[{ sensorId: 1 }]} dataSource={source} interval="5_s" />);
    await flush();
    expect(calls.filter((c) => c.method === 'measurements')).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(5_000));
    await flush();
    await act(async () => vi.advanceTimersByTime(5_000));
    await flush();
    expect(calls.filter((c) => c.method === 'measurements')).toHaveLength(3);
  });

  it("the host sets range and interval by props, and hears the viewer's change through onChange", async () => {
    const { source, calls } = fakeDataSource();
    const onChange = vi.fn();
    const { rerender } = render(
      <LineChartPanel items={[{ sensorId: 1 }]} dataSource={source} range="prev_24_h" onChange={onChange} />,
    );
    await flush();
    expect(calls.filter((c) => c.method === 'measurements').at(-1)?.args[1]).toMatchObject({
      range_slug: 'prev_24_h',
    });
    rerender(
      <LineChartPanel items={[{ sensorId: 1 }]} dataSource={source} range="this_week" onChange={onChange} />,
    );
    await flush();
    expect(calls.filter((c) => c.method === 'measurements').at(-1)?.args[1]).toMatchObject({
      range_slug: 'this_week',
    });
    fireEvent.change(screen.getByLabelText('Uppdatering'), { target: { value: '1_h' } });
    expect(onChange).toHaveBeenCalledWith({ range: 'this_week', interval: '1_h' });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('follows live readings of the stream after the last bucket', async () => {
    const { source, push } = fakeDataSource();
    render(<LineChartPanel items={[{ sensorId: 1 }]} dataSource={source} />);
    await flush();
    await flush();
    const line = chartMock.charts[0]?.series[0];
    const t = Date.UTC(2026, 0, 1, 4);
    await act(async () => push({ sensor_id: 1, value: 30, measured_at: t }));
    expect(line?.updates).toEqual([{ time: t / 1000, value: 30 }]);
  });

  it("downloads the panel's data as CSV with Swedish headers", async () => {
    const { source } = fakeDataSource();
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:csv';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render(<LineChartPanel title="Växthus" items={[{ sensorId: 1, label: 'Temp' }]} dataSource={source} />);
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Ladda ner CSV' }));
    expect(click).toHaveBeenCalled();
    const text = await (created[0] as Blob).text();
    expect(text.split('\r\n')[0]).toBe('\uFEFFSensor;Tid;Medel;Min;Max;Senaste;Antal');
    expect(text.split('\r\n')[1]).toBe('Temp;2026-01-01 01:00;20;18;22;21;4');
  });
});
