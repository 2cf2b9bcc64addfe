// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fakeDataSource } from './test/fakeDataSource';

describe('server-side rendering (node environment, no DOM)', () => {
  it('importing @matnat/react and @matnat/react/elements touches no window', async () => {
    expect(typeof window).toBe('undefined');
    const react = await import('./index');
    const elements = await import('./elements');
    expect(typeof react.LineChartPanel).toBe('function');
    expect(typeof elements.defineMatnatElements).toBe('function');
  });

  it('panels, maps and the time filter render to HTML without creating a chart or a map', async () => {
    const { LineChartPanel, SingleValuePanel, DeviceMap, TemperatureMap, TimeFilterSelect, Panel } =
      await import('./index');
    const { source } = fakeDataSource();
    const html = renderToString(
      <>
        <LineChartPanel title="Växthus" items={[{ sensorId: 1 }]} dataSource={source} />
        <SingleValuePanel sensorId={1} dataSource={source} />
        <Panel dataSource={source} panelId={3} />
        <DeviceMap devices={{ type: 'FeatureCollection', features: [] }} />
        <TemperatureMap dataSource={source} />
        <TimeFilterSelect range="prev_5_days" interval="15_m" onChange={() => {}} />
      </>,
    );
    expect(html).toContain('Växthus');
    expect(html).toContain('Senaste 5 dagarna');
    expect(html).toContain('Temperatur (°C)');
    expect(html).toContain('Laddar…');
  });
});
