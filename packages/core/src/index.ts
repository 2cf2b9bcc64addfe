export type { Logger, PageLocation, Platform, StorageLike, Timers } from './platform';
export { browserPlatform } from './platform';
