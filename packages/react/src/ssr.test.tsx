// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { testCoreClient, widgetApi } from './testing/widgetApi';

describe('server-side rendering (node environment, no DOM)', () => {
  it('importing @matnat/react and @matnat/react/elements touches no window, document or storage', async () => {
    // Every read of a browser global while the modules load is recorded (a `typeof window` guard too).
    const touched: string[] = [];
    const names = ['window', 'document', 'localStorage', 'customElements', 'HTMLElement'];
    for (const name of names) {
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get: () => void touched.push(name),
      });
    }
    try {
      vi.resetModules();
      const react = await import('./index');
      const elements = await import('./elements');
      expect(typeof react.LineChartPanel).toBe('function');
      expect(typeof elements.defineMatnatElements).toBe('function');
    } finally {
      for (const name of names) delete (globalThis as Record<string, unknown>)[name];
    }
    expect(touched).toEqual([]);
  });

  it('panels, maps and the time filter render to HTML without creating a chart or a map', async () => {
    const {
      LineChartPanel,
      SingleValuePanel,
      DeviceMap,
      TemperatureMap,
      TimeFilterSelect,
      Panel,
      MatnatProvider,
    } = await import('./index');
    const api = widgetApi();
    const html = renderToString(
      <MatnatProvider client={testCoreClient(api)}>
        <LineChartPanel title="Växthus" items={[{ sensorId: 1 }]} />
        <SingleValuePanel sensorId={1} />
        <Panel panelId={3} />
        <DeviceMap devices={{ type: 'FeatureCollection', features: [] }} />
        <TemperatureMap />
        <TimeFilterSelect value={{ range_slug: 'prev_5_days', interval_slug: '15_m' }} onChange={() => {}} />
      </MatnatProvider>,
    );
    // Data loads after hydration: nothing is fetched and no stream is opened on the server.
    expect(api.calls).toEqual([]);
    expect(html).toContain('Växthus');
    expect(html).toContain('Senaste 5 dagarna');
    expect(html).toContain('Temperatur (°C)');
    expect(html).toContain('Laddar…');
  });
});
