export type { Logger, PageLocation, Platform, StorageLike, Timers } from './platform';
export { browserPlatform } from './platform';
export type { CoreMessages, MessageOverrides } from './messages';
export { createMessages, formatTitle, svMessages } from './messages';
