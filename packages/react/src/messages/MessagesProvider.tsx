import { type ReactNode, useContext, useMemo } from 'react';
import { MessagesContext } from './context';
import { type Messages, sv } from './sv';

/** Any part of a pack: single strings, whole groups, or a whole pack such as `en`. */
export type MessagesOverride = {
  [K in keyof Messages]?: Messages[K] extends string | readonly unknown[] | ((...args: never[]) => unknown)
    ? Messages[K]
    : {
        [G in keyof Messages[K]]?: Messages[K][G] extends Record<string, unknown>
          ? Partial<Messages[K][G]>
          : Messages[K][G];
      };
};

function isGroup(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deepMerge(
  base: Record<string, unknown>,
  override: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (value === undefined) continue;
    const current = merged[key];
    merged[key] = isGroup(current) && isGroup(value) ? deepMerge(current, value) : value;
  }
  return merged;
}

/** `base` with `override` laid over it, group by group; a missing key keeps the base string. */
export function mergeMessages(base: Messages, override: MessagesOverride | undefined): Messages {
  if (!override) return base;
  return deepMerge(
    base as unknown as Record<string, unknown>,
    override as Record<string, unknown>,
  ) as Messages;
}

export interface MessagesProviderProps {
  /**
   * Overrides merged over the surrounding messages: a whole pack (`en`) or single strings.
   * @default undefined (the surrounding messages, Swedish at the top)
   */
  messages?: MessagesOverride;
  children?: ReactNode;
}

export function MessagesProvider({ messages, children }: MessagesProviderProps) {
  const outer = useContext(MessagesContext) ?? sv;
  const value = useMemo(() => mergeMessages(outer, messages), [outer, messages]);
  return <MessagesContext.Provider value={value}>{children}</MessagesContext.Provider>;
}
