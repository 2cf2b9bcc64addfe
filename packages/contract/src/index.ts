export const CONTRACT_VERSION = '0.1.0';

export * from './alert';
export * from './auth';
export * from './common';
export {
  ALERT_OPERATORS,
  CURRENCY,
  DEFAULT_INTERVAL_SLUG,
  DEFAULT_MAX_POINTS,
  DEFAULT_RANGE_SLUG,
  GRID,
  INTERVAL_MS,
  INTERVAL_SLUGS,
  LIMITS,
  MAX_POINTS_LIMIT,
  NOTIFICATION_LEVELS,
  ORDER_STATUSES,
  PANEL_TYPES,
  RANGE_SLUGS,
  SENSOR_TYPES,
  SETTINGS_STORAGE_KEY,
  SIGNED_IN_COOKIE,
  THRESHOLD_COLORS,
  type ThresholdColorName,
  USER_ATTRIBUTES,
  type UserAttribute,
} from './constants';
export * from './dashboard';
export * from './dateFormat';
export * from './device';
export * from './deviceIds';
export {
  EMBED_SCOPE_PATTERN,
  embedScopeAllows,
  formatEmbedScope,
  type ParsedEmbedScope,
  parseEmbedScope,
} from './embedScope';
export * from './embedToken';
export * from './envelope';
export * from './errors';
export * as fields from './fields';
export * from './fleet';
export * from './health';
export * from './ingest';
export * from './labels';
export * from './measurement';
export * from './messages';
export * from './notification';
export * from './publicPosition';
export * from './query';
export * from './ranges';
export * from './routeMatch';
export * from './schemas';
export * from './sensorKind';
export * from './shop';
export * from './stream';
export * from './team';
export * from './timeFilter';
// The schema and its type; `./ranges` has the same type without zod (for `./plain`).
export { RangeChoice } from './timeFilter';
export * from './user';
export * from './webhook';
export * from './webhookSignature';
export * from './zone';
