import { z } from 'zod';

/** Every id of the API: a positive integer. */
export const Id = z.number().int().positive();
export type Id = z.infer<typeof Id>;

/** An ISO 8601 date-time string (`created_at`, `updated_at`, `measured_at`, …). */
export const Timestamp = z.iso.datetime({ offset: true });
export type Timestamp = z.infer<typeof Timestamp>;

/** An id taken from a path segment or a query string, where it arrives as text. */
export const IdParam = z.coerce.number().int().positive();

/** `/resource/{id}` path parameters. */
export const IdParams = z.object({ id: IdParam });
export type IdParams = z.infer<typeof IdParams>;

export const timestamps = {
  created_at: Timestamp,
  updated_at: Timestamp,
};
