/**
 * `@matnat/contract/plain`: the contract's values and helpers that need no zod (slugs, enum tuples,
 * limits, Swedish messages, query and embed-scope helpers). Safe for browser bundles.
 */
export * from './constants';
export * from './embedScope';
export { errorMessages, fieldLabels, validationMessages } from './messages';
export * from './query';
