// A Server Component that imports the SDK itself, with no boundary file of the partner's: the SDK's own
// 'use client' entries are the boundary, and the props it passes are plain data.
import { MatnatProvider, Panel, TemperatureMap } from '@matnat/react';
import { matnatSettings } from '../matnat';

export const dynamic = 'force-dynamic';

export default function Direct() {
  const { baseUrl, embedToken, tileUrl } = matnatSettings();
  return (
    <main style={{ maxWidth: 960, margin: '0 auto', padding: 16, display: 'grid', gap: 16 }}>
      <h1>Direkt från en Server Component</h1>
      <MatnatProvider config={{ baseUrl, auth: { embedToken } }}>
        {/* Its threshold steps come with the panel; showAlerts draws the limits of the alerts watching its
        sensors and shades their firing (the default; false leaves them out). */}
        <Panel panelId={5} showAlerts />
        <Panel panelId={6} />
        <TemperatureMap tileUrl={tileUrl} />
      </MatnatProvider>
    </main>
  );
}
