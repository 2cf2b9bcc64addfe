import { type AuthMode, createMatnatClient, sharedClient } from '@matnat/core';
import { type ReactNode, useMemo } from 'react';
import { MatnatProvider } from '../provider/MatnatProvider';

/** Attributes every element shares: where the API is and how to authenticate. */
export interface ApiAttributes {
  /** @default '' (the page's own origin) */
  apiBase?: string;
  /** Read-only embed token for pages on other origins; without it the visitor's session is used. */
  embedToken?: string;
}

/** The page's one client for this API base and auth: every element naming them shares it. */
export function elementClient({ apiBase, embedToken }: ApiAttributes) {
  const auth: AuthMode = embedToken ? { embedToken } : 'session';
  const config = { baseUrl: apiBase ?? '', auth };
  return sharedClient(config, () => createMatnatClient(config));
}

/**
 * Puts the shared client around an element's component. `root` wraps it in the UI kit's root (the shop
 * elements); panels and maps bring their own widget root.
 */
export function ElementProvider({
  apiBase,
  embedToken,
  root = false,
  children,
}: ApiAttributes & { root?: boolean; children: ReactNode }) {
  const client = useMemo(() => elementClient({ apiBase, embedToken }), [apiBase, embedToken]);
  return (
    <MatnatProvider client={client} root={root}>
      {children}
    </MatnatProvider>
  );
}
