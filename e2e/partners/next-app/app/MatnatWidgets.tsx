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
      <Panel panelId={5} />
      <Panel panelId={6} />
      <TemperatureMap tileUrl={tileUrl} />
    </MatnatProvider>
  );
}
