import { createContext, useContext } from 'react';
import type { MatnatClientLike } from './types';

export const MatnatClientContext = createContext<MatnatClientLike | null>(null);

/**
 * The client of the nearest `MatnatProvider`; throws when there is none. Name the full type to reach the
 * rest of the core client: `useMatnatClient<MatnatClient>()` with `MatnatClient` of @matnat/core.
 */
export function useMatnatClient<T extends MatnatClientLike = MatnatClientLike>(): T {
  const client = useContext(MatnatClientContext);
  if (!client) throw new Error('useMatnatClient: no <MatnatProvider> above this component');
  return client as T;
}

/** The nearest provider's client, or `null`: for components that also work from props alone. */
export function useOptionalMatnatClient(): MatnatClientLike | null {
  return useContext(MatnatClientContext);
}
