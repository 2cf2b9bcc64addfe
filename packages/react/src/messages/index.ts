import type { Messages } from './sv';
import { sv } from './sv';

export { MessagesContext, useMessages } from './context';
export type { MessagesOverride, MessagesProviderProps } from './MessagesProvider';
export { MessagesProvider, mergeMessages } from './MessagesProvider';
export type { Messages };
export { sv };
