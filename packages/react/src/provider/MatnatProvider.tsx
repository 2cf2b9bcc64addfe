import { createMatnatClient, type MatnatClientConfig } from '@matnat/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type MessagesOverride, MessagesProvider } from '../messages';
import { MatnatRoot } from '../styles';
import { MatnatClientContext } from './context';
import type { MatnatClientLike } from './types';

interface CommonProps {
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

export type MatnatProviderProps = CommonProps &
  (
    | {
        /** A ready client: `createMatnatClient(config)` of @matnat/core, or objects of the same shape. */
        client: MatnatClientLike;
        config?: never;
      }
    | {
        /**
         * Creates the client once: `{ baseUrl, auth: 'session' | { embedToken } }` and the other options
         * of `createMatnatClient`. Later changes are ignored; the client is disposed on unmount.
         */
        config: MatnatClientConfig;
        client?: never;
      }
  );

/** Puts a Mätnät client, the messages and the scoped styles at the root of a React tree. */
export function MatnatProvider({
  client: given,
  config,
  messages,
  root = true,
  children,
}: MatnatProviderProps) {
  const [owned] = useState(() => (given ? null : createMatnatClient(config)));
  const client: MatnatClientLike = given ?? owned!;

  useEffect(() => {
    // mount/unmount are counted by the query cache, so StrictMode's double effect is harmless.
    client.queryClient?.mount();
    return () => client.queryClient?.unmount();
  }, [client]);

  // StrictMode unmounts and remounts at once: dispose only when no remount follows.
  const pendingDispose = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!owned) return;
    clearTimeout(pendingDispose.current);
    return () => {
      pendingDispose.current = setTimeout(() => owned.dispose(), 0);
    };
  }, [owned]);

  return (
    <MatnatClientContext.Provider value={client}>
      <MessagesProvider messages={messages}>
        {root ? <MatnatRoot>{children}</MatnatRoot> : children}
      </MessagesProvider>
    </MatnatClientContext.Provider>
  );
}
