import { createContext, useContext } from 'react';
import type { Messages } from './sv';
import { sv } from './sv';

export { en } from './en';
export type { Messages };
export { sv };

/** The messages in force; the provider sets it, components read it with `useMessages()`. */
export const MessagesContext = createContext<Messages>(sv);

export function useMessages(): Messages {
  return useContext(MessagesContext);
}
