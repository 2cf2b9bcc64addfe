import {
  BadQueryErrorBody,
  MessageErrorBody,
  ThrottledErrorBody,
  ValidationErrorBody,
} from '@matnat/contract';
import { z } from 'zod';

/** `{ data: … }`, the envelope of every resource answer. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

const ERROR_BODIES: Record<number, z.ZodType> = {
  // An include, sort or filter the route does not allow names the allowed ones; a bad filter value does not.
  400: z.union([BadQueryErrorBody, MessageErrorBody]),
  401: MessageErrorBody,
  403: MessageErrorBody,
  404: MessageErrorBody,
  419: MessageErrorBody,
  422: ValidationErrorBody,
  429: ThrottledErrorBody,
};

/**
 * A route's `response` schemas from the contract, for /api/docs: its success answers, and the error
 * bodies of the statuses it can answer with (`[401, 404]`).
 */
export function answers(ok: Record<number, z.ZodType>, errors: readonly number[] = []) {
  const out: Record<number, z.ZodType> = { ...ok };
  for (const status of errors) out[status] = ERROR_BODIES[status] ?? MessageErrorBody;
  return out;
}

/** An answer without a body (204). */
export const noContent = z.null();
