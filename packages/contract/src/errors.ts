import { z } from 'zod';
import { type IssueLike, toFormErrors } from './issues';
import { errorMessages } from './messages';

export { toFormErrors };

/** Spec §3 "Form errors: a map of field name to a list of messages". */
export const FormErrors = z.record(z.string(), z.array(z.string()));
export type FormErrors = z.infer<typeof FormErrors>;

/** 401, 403, 404, 419, 429, 500: `{ "message": "..." }`. */
export const MessageErrorBody = z.object({ message: z.string() });
export type MessageErrorBody = z.infer<typeof MessageErrorBody>;

/** 422: `{ "message": "...", "errors": { "field": ["..."] } }`. */
export const ValidationErrorBody = z.object({ message: z.string(), errors: FormErrors });
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;

/** 400 for an include, sort or filter an endpoint does not allow: names the allowed ones. */
export const BadQueryErrorBody = z.object({
  message: z.string(),
  parameter: z.enum(['include', 'sort', 'filter']),
  allowed: z.array(z.string()),
});
export type BadQueryErrorBody = z.infer<typeof BadQueryErrorBody>;

/** 429: how long to wait, also sent as the `Retry-After` header. */
export const ThrottledErrorBody = MessageErrorBody.extend({ retry_after: z.number().int().nonnegative() });
export type ThrottledErrorBody = z.infer<typeof ThrottledErrorBody>;

/** The 422 body for a zod error. */
export const toValidationErrorBody = (error: {
  readonly issues: readonly IssueLike[];
}): ValidationErrorBody => ({
  message: errorMessages.validation,
  errors: toFormErrors(error),
});
