import {
  createHttpDataSource,
  type IntervalSlug,
  LineChartPanel,
  type RangeSlug,
  SingleValuePanel,
  TimeFilterSelect,
} from '@matnat/react';
import { StrictMode, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root') as HTMLElement;
const { apiBase, embedToken, lineSensorIds = '', singleSensorId = '' } = root.dataset;

/** A partner's dashboard page: one time filter of its own driving the embedded panels. */
function Dashboard() {
  const dataSource = useMemo(() => createHttpDataSource({ apiBase, embedToken }), []);
  const [filter, setFilter] = useState<{ range: RangeSlug; interval: IntervalSlug }>({
    range: 'prev_7_days',
    interval: '15_m',
  });
  const items = useMemo(
    () =>
      lineSensorIds
        .split(',')
        .filter(Boolean)
        .map((id, i) => ({ sensorId: id, label: `Givare ${i + 1}` })),
    [],
  );
  return (
    <main style={{ maxWidth: 1100, margin: '0 auto', padding: 16, display: 'grid', gap: 16 }}>
      <h1 style={{ margin: 0 }}>Växthusets instrumentpanel</h1>
      <TimeFilterSelect range={filter.range} interval={filter.interval} onChange={setFilter} />
      <div
        style={{
          display: 'grid',
          gap: 16,
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))',
        }}
      >
        <LineChartPanel
          title="Temperatur"
          items={items}
          dataSource={dataSource}
          range={filter.range}
          interval={filter.interval}
          onChange={setFilter}
          showTimeFilter={false}
        />
        <SingleValuePanel
          title="Luftfuktighet just nu"
          sensorId={singleSensorId}
          dataSource={dataSource}
          interval={filter.interval}
        />
      </div>
    </main>
  );
}

createRoot(root).render(
  <StrictMode>
    <Dashboard />
  </StrictMode>,
);
