import {
  createHttpDataSource,
  type IntervalSlug,
  Panel,
  type RangeSlug,
  TimeFilterSelect,
} from '@matnat/react';
import { StrictMode, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root') as HTMLElement;
const { apiBase, embedToken, panelIds = '' } = root.dataset;

/** A partner's dashboard page: the dashboard's panels, fetched by id, under one time filter of its own. */
function Dashboard() {
  const dataSource = useMemo(() => createHttpDataSource({ apiBase, embedToken }), []);
  const [filter, setFilter] = useState<{ range: RangeSlug; interval: IntervalSlug }>({
    range: 'prev_7_days',
    interval: '15_m',
  });
  const ids = panelIds.split(',').filter(Boolean);
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
        {ids.map((id) => (
          <Panel
            key={id}
            panelId={id}
            dataSource={dataSource}
            range={filter.range}
            interval={filter.interval}
            showTimeFilter={false}
          />
        ))}
      </div>
    </main>
  );
}

createRoot(root).render(
  <StrictMode>
    <Dashboard />
  </StrictMode>,
);
