import { PANEL_INCLUDE } from '@matnat/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChartModule } from '../test/chartMock';
import { settle, singleValuePanelAnswer, testCoreClient, widgetApi, withClient } from '../testing/widgetApi';
import { Panel, type PanelInput } from './Panel';

vi.mock('lightweight-charts', () => createChartModule());

function setup() {
  const api = widgetApi();
  return { api, wrapper: withClient(testCoreClient(api)) };
}

const lineChart: PanelInput = {
  id: 5,
  type: 'line_chart',
  title: 'Inlandet',
  lineChartItems: [
    {
      sensor_id: 28,
      sensor: { id: 28, name: 'Temperatur' } as never,
      device: { title: 'Östersund 1' } as never,
    },
  ],
};

describe('Panel (by type) reads through the core client', () => {
  afterEach(cleanup);

  it('spec §1: a line_chart panel fetched by id (spec §7 includes) becomes a line chart labelled by device and sensor', async () => {
    const { api, wrapper } = setup();
    api.answer('/api/v1/panel/5/', { body: { data: lineChart } });
    render(<Panel panelId={5} />, { wrapper });
    await settle();
    expect(api.callsTo(/\/panel\//)[0]!.query.get('include')).toBe(PANEL_INCLUDE);
    expect(screen.getByRole('heading', { name: 'Inlandet' })).toBeTruthy();
    expect(screen.getByText('Östersund 1 · Temperatur')).toBeTruthy();
    expect(api.callsTo(/\/measurements$/)[0]!.path).toBe('/api/v1/sensor/28/measurements');
  });

  it("spec §1: a single_value panel whose singleValueItem came without its sensor uses the panel's sensor", async () => {
    const { api, wrapper } = setup();
    api.answer('/api/v1/panel/6/', singleValuePanelAnswer(6, 26));
    render(<Panel panelId={6} />, { wrapper });
    await settle();
    expect(screen.getByRole('heading', { name: 'Åre 1 · Luftfuktighet' })).toBeTruthy();
    expect(api.callsTo(/\/latest$/)[0]!.path).toBe('/api/v1/sensor/26/latest');
    expect(screen.getByText('21,5')).toBeTruthy();
  });

  it("a page with one filter for all its panels can hide each line chart's own selects", async () => {
    const { wrapper } = setup();
    render(<Panel panel={lineChart} />, { wrapper });
    await settle();
    expect(screen.queryByLabelText('Tidsperiod')).not.toBeNull();
    cleanup();
    render(<Panel panel={lineChart} showTimeFilter={false} />, { wrapper });
    await settle();
    expect(screen.queryByLabelText('Tidsperiod')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Inlandet' })).toBeTruthy();
  });

  it('names an unknown panel type; a panel that cannot be loaded says so, with the server message for a refused token', async () => {
    const { api, wrapper } = setup();
    render(<Panel panel={{ id: 1, type: 'gauge' as never }} />, { wrapper });
    expect(screen.getByRole('alert').textContent).toBe('Okänd paneltyp: gauge');
    cleanup();
    render(<Panel panelId={99} />, { wrapper });
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Kunde inte hämta mätvärden');
    cleanup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    api.answer('/api/v1/panel/7/', { status: 403, body: { message: 'Sidans ursprung är inte tillåtet.' } });
    render(<Panel panelId={7} />, { wrapper });
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Sidans ursprung är inte tillåtet.');
    warn.mockRestore();
  });
});
