import { MatnatWidgets } from './MatnatWidgets';
import { matnatSettings } from './matnat';

// Rendered on the server for every request, with the settings of the server it runs on.
export const dynamic = 'force-dynamic';

export default function Home() {
  return (
    <main style={{ maxWidth: 960, margin: '0 auto', padding: 16, display: 'grid', gap: 16 }}>
      <h1>Partnerns instrumentpanel</h1>
      <MatnatWidgets {...matnatSettings()} />
    </main>
  );
}
