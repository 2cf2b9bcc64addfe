import { createRequire } from 'node:module';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

// Fastify's own serializer, resolved through Fastify (the version Fastify itself loads).
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const fastJson = fromFastify('fast-json-stringify') as (schema: unknown) => (data: unknown) => string;

/** Under the test runner every answer is also checked against its schema (the drift check below). */
const CHECK_ANSWERS = process.env.NODE_ENV === 'test';

/** An answer that does not match its route's response schema: a server bug, never the caller's. */
export class AnswerDriftError extends Error {}

/**
 * A route's answer shaped by the contract: the zod response schema becomes a JSON Schema and a
 * fast-json-stringify serializer (half the time of `JSON.stringify` for a dashboard, `npm run
 * bench:serialize`; no field the contract does not name leaves the server). Under the test runner each
 * answer is first parsed with the zod schema, and the fast output must equal the parsed answer's, so an
 * answer that drifts from the contract fails the test that asked for it.
 */
export function contractSerializer(schema: z.ZodType, check = CHECK_ANSWERS): (data: unknown) => string {
  const fast = fastJson(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' }));
  if (!check) return fast;
  return (data) => {
    const parsed = schema.safeParse(data);
    if (!parsed.success)
      throw new AnswerDriftError(`answer drifts from the contract: ${parsed.error.message}`);
    const text = fast(data);
    if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(parsed.data)))) {
      throw new AnswerDriftError(`the serialized answer differs from the contract's: ${text.slice(0, 200)}`);
    }
    return text;
  };
}
