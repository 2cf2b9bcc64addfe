/**
 * `@matnat/contract/plain`: the contract's values and helpers that need no zod (slugs, enum tuples,
 * limits, Swedish messages, query and embed-scope helpers, the zone clock, the range rule and the route
 * rule). Safe for browser bundles.
 */
export * from './constants';
export * from './dateFormat';
export * from './deviceIds';
export * from './embedScope';
export * from './fleet';
export * from './health';
export { type IssueLike, toFormErrors } from './issues';
export * from './labels';
export { errorMessages, fieldLabels, validationMessages } from './messages';
export * from './publicPosition';
export * from './query';
export * from './ranges';
export * from './routeMatch';
export * from './sensorKind';
export * from './webhookSignature';
export * from './zone';
