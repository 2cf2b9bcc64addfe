import type { LiveReading, MatnatDataSource, MeasurementQuery, MeasurementSeries } from '../data/dataSource';

/** An in-memory data source recording every call, for component tests. */
export function fakeDataSource(overrides: Partial<MatnatDataSource> = {}) {
  const calls: { method: string; args: unknown[] }[] = [];
  const listeners = new Set<(r: LiveReading) => void>();
  const source: MatnatDataSource = {
    async measurements(sensorId, query: MeasurementQuery) {
      calls.push({ method: 'measurements', args: [sensorId, query] });
      const t0 = Date.UTC(2026, 0, 1);
      const series: MeasurementSeries = {
        sensor_id: sensorId,
        from: t0,
        to: t0 + 3 * 3_600_000,
        bucket_ms: 3_600_000,
        buckets: [0, 1, 2].map((i) => ({
          t: t0 + i * 3_600_000,
          avg: 20 + i,
          min: 18 + i,
          max: 22 + i,
          last: 21 + i,
          count: 4,
        })),
      };
      return series;
    },
    async latest(sensorId) {
      calls.push({ method: 'latest', args: [sensorId] });
      return {
        sensor_id: sensorId,
        value: 1234.56,
        measured_at: new Date(Date.now() - 3 * 60_000).toISOString(),
        unit: '°C',
      };
    },
    async panel(panelId) {
      calls.push({ method: 'panel', args: [panelId] });
      return {
        id: panelId,
        type: 'line_chart',
        title: 'Panel',
        lineChartItems: [{ sensor: { id: 1, title: 'Temp' } }],
      };
    },
    async temperatureMap() {
      calls.push({ method: 'temperatureMap', args: [] });
      return {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [18.07, 59.33] },
            properties: { title: 'Stockholm', temperature: 4.5 },
          },
        ],
      };
    },
    subscribe(sensorIds, listener) {
      calls.push({ method: 'subscribe', args: [sensorIds] });
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ...overrides,
  };
  return {
    source,
    calls,
    push: (r: LiveReading) => {
      for (const l of listeners) l(r);
    },
  };
}
