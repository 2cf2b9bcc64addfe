import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChartModule } from '../test/chartMock';
import { fakeDataSource } from '../test/fakeDataSource';
import { Panel } from './Panel';

vi.mock('lightweight-charts', () => createChartModule());

async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

describe('Panel (by type)', () => {
  afterEach(cleanup);

  it('spec §1: a line_chart panel fetched by id becomes a line chart of its items, labelled by device and sensor', async () => {
    const { source, calls } = fakeDataSource({
      panel: async (id) => ({
        id,
        type: 'line_chart',
        title: 'Inlandet',
        lineChartItems: [
          { sensor: { id: 28, name: 'Temperatur' }, device: { id: 13, title: 'Östersund 1' } },
        ],
      }),
    });
    render(<Panel dataSource={source} panelId={5} />);
    await flush();
    expect(screen.getByRole('heading', { name: 'Inlandet' })).toBeTruthy();
    expect(screen.getByText('Östersund 1 · Temperatur')).toBeTruthy();
    expect(calls.find((c) => c.method === 'measurements')?.args[0]).toBe(28);
  });

  it('spec §1: a single_value panel becomes a single-value readout of its item', async () => {
    const { source, calls } = fakeDataSource();
    render(
      <Panel
        dataSource={source}
        panel={{
          id: 6,
          type: 'single_value',
          title: 'Luftfuktighet',
          singleValueItem: { sensor: { id: 26 } },
        }}
      />,
    );
    await flush();
    expect(screen.getByRole('heading', { name: 'Luftfuktighet' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'latest')?.args[0]).toBe(26);
  });

  it("a page with one filter for all its panels can hide each line chart's own selects", async () => {
    const { source } = fakeDataSource();
    const panel = {
      id: 5,
      type: 'line_chart',
      title: 'Inlandet',
      lineChartItems: [{ sensor: { id: 28, name: 'Temperatur' }, device: { id: 13, title: 'Östersund 1' } }],
    };
    render(<Panel dataSource={source} panel={panel} />);
    await flush();
    expect(screen.queryByLabelText('Tidsperiod')).not.toBeNull();
    cleanup();
    render(<Panel dataSource={source} panel={panel} showTimeFilter={false} />);
    await flush();
    expect(screen.queryByLabelText('Tidsperiod')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Inlandet' })).toBeTruthy();
  });

  it('names an unknown panel type, and says so when the panel cannot be loaded', async () => {
    const { source } = fakeDataSource({ panel: async () => Promise.reject(new Error('401')) });
    render(<Panel dataSource={source} panel={{ id: 1, type: 'gauge' }} />);
    expect(screen.getByRole('alert').textContent).toBe('Okänd paneltyp: gauge');
    cleanup();
    render(<Panel dataSource={source} panelId={1} />);
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Kunde inte hämta mätvärden');
  });
});
