import { createContext, useContext } from 'react';
import type { Messages } from './sv';
import { sv } from './sv';

/**
 * The messages a provider put in force; none without a provider (Swedish then). Empty by default rather
 * than `sv`, so that a widget that reads its own groups (`useMessageGroups`) does not carry the whole pack.
 */
export const MessagesContext = createContext<Messages | undefined>(undefined);

/** The messages in force: Swedish unless a provider above says otherwise. */
export function useMessages(): Messages {
  return useContext(MessagesContext) ?? sv;
}

/**
 * Some groups of the messages in force: a provider's, else the Swedish groups passed in (`svPanel`, `svMap`…,
 * a module-level object so that it stays the same between renders). What the panels, time filter and maps
 * read, so that a script tag carries only its widget's Swedish strings.
 */
export function useMessageGroups<K extends keyof Messages>(swedish: Pick<Messages, K>): Pick<Messages, K> {
  return useContext(MessagesContext) ?? swedish;
}
