// The SDK's panels alone, for `MATNAT_BENCH_SDK=1 npm run bench:web:dashboard` (issue 22): the page a partner
// embedding `@matnat/react` would make, with the peer's panels (dashboardPeer.ts) and no more. One
// `MatnatProvider` on the session's cookie (same origin), a `LineChartPanel` per panel in the peer's grid
// (6 of 12 columns, charts 240 px high), Preact as the app's build aliases React; no router, no layout, no
// chunks: this script holds the SDK and lightweight-charts. `?panels=1,2;2,3;…&range_slug=…&interval_slug=…`
// as the peer's. Each panel sets the mark `matnat:panel-painted:{index}` at its first data, as the app's do.
import type { IntervalSlug } from '@matnat/contract';
import { LineChartPanel, MatnatProvider } from '@matnat/react';
import { createRoot } from 'react-dom/client';

const params = new URLSearchParams(location.search);
const panels = (params.get('panels') ?? '').split(';').map((p) => p.split(',').map(Number));
const range = params.get('range_slug') ?? 'prev_5_days';
const interval = (params.get('interval_slug') ?? '15_m') as IntervalSlug;

const grid = {
  display: 'grid',
  gridTemplateColumns: 'repeat(12,minmax(0,1fr))',
  gap: 16,
  maxWidth: 1280,
  margin: '150px auto 0',
  padding: '0 24px',
  listStyle: 'none',
};
const cell = { gridColumn: 'span 6/span 6', padding: 8, minWidth: 0 };

function SdkDashboard() {
  return (
    <ol style={grid}>
      {panels.map((sensors, index) => (
        <li key={sensors.join()} data-panel-id={index} style={cell}>
          <LineChartPanel
            items={sensors.map((sensorId) => ({ sensorId }))}
            range={range}
            interval={interval}
            showTimeFilter={false}
            showDownload={false}
            height={240}
            filterKey={`panel-${index}`}
            onFirstData={() => performance.mark(`matnat:panel-painted:${index}`)}
          />
        </li>
      ))}
    </ol>
  );
}

const root = document.createElement('div');
document.body.append(root);
createRoot(root).render(
  <MatnatProvider config={{}}>
    <SdkDashboard />
  </MatnatProvider>,
);
