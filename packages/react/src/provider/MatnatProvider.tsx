import { type ReactNode, useEffect } from 'react';
import { type MessagesOverride, MessagesProvider } from '../messages';
import { MatnatRoot } from '../styles';
import { MatnatClientContext } from './context';
import type { MatnatClient } from './types';

export interface MatnatProviderProps {
  /** A ready client (`createMatnatClient(config)` of @matnat/core, or objects of the same shape). */
  client: MatnatClient;
  /**
   * Overrides of the Swedish strings, or a whole pack such as `en`.
   * @default undefined (Swedish)
   */
  messages?: MessagesOverride;
  /**
   * Wrap the children in the `.matnat-root` element the styles are scoped under (and inject them).
   * Turn off when the host renders its own `MatnatRoot`.
   * @default true
   */
  root?: boolean;
  children?: ReactNode;
}

export function MatnatProvider({ client, messages, root = true, children }: MatnatProviderProps) {
  useEffect(() => {
    // mount/unmount are reference-counted by query-core, so StrictMode's double effect is harmless.
    client.queryClient.mount();
    return () => client.queryClient.unmount();
  }, [client]);

  return (
    <MatnatClientContext.Provider value={client}>
      <MessagesProvider messages={messages}>
        {root ? <MatnatRoot>{children}</MatnatRoot> : children}
      </MessagesProvider>
    </MatnatClientContext.Provider>
  );
}
