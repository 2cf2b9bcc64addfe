import { createContext, useContext } from 'react';
import type { Messages } from './sv';
import { sv } from './sv';

/** The messages in force; the provider sets it, components read it with `useMessages()`. */
export const MessagesContext = createContext<Messages>(sv);

/** The messages in force: Swedish unless a provider above says otherwise. */
export function useMessages(): Messages {
  return useContext(MessagesContext);
}
