import { MatnatProvider, Panel, TimeFilterSelect, type TimeFilterValue } from '@matnat/react';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root') as HTMLElement;
const { apiBase = '', embedToken = '', panelIds = '' } = root.dataset;

/** A partner's dashboard page: the dashboard's panels, fetched by id, under one time filter of its own. */
function Dashboard() {
  const [filter, setFilter] = useState<TimeFilterValue>({ range_slug: 'prev_7_days', interval_slug: '15_m' });
  const ids = panelIds.split(',').filter(Boolean);
  return (
    <main style={{ maxWidth: 1100, margin: '0 auto', padding: 16, display: 'grid', gap: 16 }}>
      <h1 style={{ margin: 0 }}>Växthusets instrumentpanel</h1>
      <TimeFilterSelect value={filter} onChange={setFilter} />
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
            range={filter.range_slug}
            interval={filter.interval_slug}
            showTimeFilter={false}
            // A panel's threshold steps come with it; its sensors' alert limits and firing periods are drawn
            // unless this is false (docs/embedding.md).
            showAlerts
          />
        ))}
      </div>
    </main>
  );
}

// One provider, one client for the page: every panel reads through its cache and its one live stream.
createRoot(root).render(
  <StrictMode>
    <MatnatProvider config={{ baseUrl: apiBase, auth: { embedToken } }}>
      <Dashboard />
    </MatnatProvider>
  </StrictMode>,
);
