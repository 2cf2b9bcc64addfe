import { z } from 'zod';
import { MAX_ID, parseId } from './ids';

export { ID_PATTERN, MAX_ID, parseId } from './ids';

/** Every id of the API: a positive integer within the column range. */
export const Id = z.number().int().positive().max(MAX_ID);
export type Id = z.infer<typeof Id>;

/** An ISO 8601 date-time string (`created_at`, `updated_at`, `measured_at`, …). */
export const Timestamp = z.iso.datetime({ offset: true });
export type Timestamp = z.infer<typeof Timestamp>;

/** An id taken from a path segment or a query string, where it arrives as text (`parseId`'s spelling). */
export const IdParam = z
  .string()
  .transform((text, ctx) => {
    const id = parseId(text);
    if (id === null) ctx.addIssue({ code: 'custom', message: 'Ogiltigt id.' });
    return id ?? 0;
  })
  .pipe(Id);

/** `/resource/{id}` path parameters. */
export const IdParams = z.object({ id: IdParam });
export type IdParams = z.infer<typeof IdParams>;

export const timestamps = {
  created_at: Timestamp,
  updated_at: Timestamp,
};
