// The script-tag builds' path: widgets on `createWidgetClient`, reading through the same `resource.ts` and
// the core's query cache as the app and the React widgets (one data implementation, no build-time swap).
import { QueryClient } from '@matnat/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chartLibrary } from '../charts/chartLibrary';
import { LineChartPanel } from '../charts/LineChartPanel';
import { Panel } from '../charts/Panel';
import { chartMock, createChartModule } from '../test/chartMock';
import { expectPollingPaused } from '../testing/pollingPaused';
import {
  settle,
  singleValuePanelAnswer,
  testPanelClient,
  testWidgetClient,
  widgetApi,
  withClient,
} from '../testing/widgetApi';

vi.mock('lightweight-charts', () => createChartModule());

// panel.js runs on the panel client (the panels' queries only), the other script tags on the widget client.
describe.each([
  ['a widget client', testWidgetClient],
  ["panel.js's panel client", testPanelClient],
])("widgets on %s (script tags: the core's query cache)", (_name, createClient) => {
  function setup() {
    const api = widgetApi();
    const client = createClient(api);
    return { api, client, wrapper: withClient(client) };
  }

  // The library's load draws one warm-up chart (chartLibrary.ts): counted from after it.
  beforeEach(async () => {
    await chartLibrary.load();
    chartMock.reset();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("has the core's query client, and eight panels over four sensors make four requests and one stream", async () => {
    const { api, client, wrapper } = setup();
    expect(client.queryClient).toBeInstanceOf(QueryClient);
    const panels = ['a1', 'a2', 'a3', 'a4', 'b1', 'b2', 'b3', 'b4'];
    render(
      panels.map((name) => (
        <LineChartPanel key={name} items={[{ sensorId: Number(name[1]) }]} filterKey={name} />
      )),
      { wrapper },
    );
    await settle();
    expect(api.callsTo(/\/measurements$/)).toHaveLength(4);
    await api.streamOpened();
    expect(api.openStreams()).toHaveLength(1);
    expect(chartMock.charts.every((chart) => chart.series[0]!.data.length === 4)).toBe(true);
  });

  it('refetches on the interval, once for all widgets sharing the key', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { api, wrapper } = setup();
    render(
      <>
        <LineChartPanel items={[{ sensorId: 1 }]} interval="5_s" filterKey="a" />
        <LineChartPanel items={[{ sensorId: 1 }]} interval="5_s" filterKey="b" />
      </>,
      { wrapper },
    );
    await settle();
    expect(api.callsTo(/\/measurements$/)).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(5_000));
    await settle();
    expect(api.callsTo(/\/measurements$/)).toHaveLength(2);
  });

  it('a single-value panel by id reads the panel, then its sensor (the singleValueItem may come without sensor)', async () => {
    const { api, wrapper } = setup();
    api.answer('/api/v1/panel/6/', singleValuePanelAnswer(6, 3, 'Luftfuktighet'));
    render(<Panel panelId={6} />, { wrapper });
    await settle();
    expect(screen.getByText('21,5')).toBeTruthy();
    expect(document.querySelector('.matnat-single-value__unit')?.textContent).toBe('\u00a0%');
    expect(api.callsTo(/\/latest$/)[0]!.path).toBe('/api/v1/sensor/3/latest');
  });
});

describe("a hidden tab pauses the script tags' polling; the live stream stays (issue 22)", () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it.each([
    ['a widget client', testWidgetClient],
    ["panel.js's panel client", testPanelClient],
  ])('on %s: no refetch while hidden, one at once when shown again', async (_name, createClient) => {
    await expectPollingPaused(createClient);
  });
});
