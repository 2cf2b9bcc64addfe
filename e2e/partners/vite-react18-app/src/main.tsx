import { MatnatProvider, Panel, TemperatureMap } from '@matnat/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Where the widgets find the Mätnät API and the map tiles, given when the app is built or served.
const baseUrl = import.meta.env.VITE_MATNAT_API_BASE ?? 'http://127.0.0.1:3000';
const embedToken = import.meta.env.VITE_MATNAT_EMBED_TOKEN ?? 'mtn_demo_embed_token';
const tileUrl = import.meta.env.VITE_MATNAT_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <main style={{ maxWidth: 960, margin: '0 auto', padding: 16, display: 'grid', gap: 16 }}>
      <h1>Partnerns instrumentpanel</h1>
      <MatnatProvider config={{ baseUrl, auth: { embedToken } }}>
        {/* Its threshold steps come with the panel; showAlerts draws the limits of the alerts watching its
        sensors and shades their firing (the default; false leaves them out). */}
        <Panel panelId={5} showAlerts />
        <Panel panelId={6} />
        <TemperatureMap tileUrl={tileUrl} />
      </MatnatProvider>
    </main>
  </StrictMode>,
);
