'use client';

// The partner's own client boundary: one file marked 'use client' that holds the provider and the widgets.
import { MatnatProvider, Panel, TemperatureMap } from '@matnat/react';

export interface MatnatWidgetsProps {
  baseUrl: string;
  embedToken: string;
  tileUrl: string;
}

export function MatnatWidgets({ baseUrl, embedToken, tileUrl }: MatnatWidgetsProps) {
  return (
    <MatnatProvider config={{ baseUrl, auth: { embedToken } }}>
      {/* Its threshold steps come with the panel; showAlerts draws the limits of the alerts watching its
        sensors and shades their firing (the default; false leaves them out). */}
      <Panel panelId={5} showAlerts />
      <Panel panelId={6} />
      <TemperatureMap tileUrl={tileUrl} />
    </MatnatProvider>
  );
}
