import { createContext, useContext } from 'react';
import type { MatnatClient } from './types';

export const MatnatClientContext = createContext<MatnatClient | null>(null);

/** The client of the nearest `MatnatProvider`; throws when there is none. */
export function useMatnatClient(): MatnatClient {
  const client = useContext(MatnatClientContext);
  if (!client) throw new Error('useMatnatClient: no <MatnatProvider> above this component');
  return client;
}

/** The nearest provider's client, or `null`: for components that also work from props alone. */
export function useOptionalMatnatClient(): MatnatClient | null {
  return useContext(MatnatClientContext);
}
