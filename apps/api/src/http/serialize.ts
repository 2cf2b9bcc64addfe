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
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' });
  const fast = fastJson(nullableInPlace(json));
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

/**
 * zod writes `X.nullable()` as `anyOf: [X, { type: 'null' }]`, which fast-json-stringify can only serialise
 * by validating each value against both (slower than `JSON.stringify` for a dashboard whose items may lack
 * their device). The same schema as X with `nullable: true`, which it serialises directly.
 */
function nullableInPlace(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableInPlace);
  if (node === null || typeof node !== 'object') return node;
  const { anyOf, ...rest } = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, nullableInPlace(value)]),
  ) as { anyOf?: Record<string, unknown>[] } & Record<string, unknown>;
  if (anyOf?.length === 2) {
    const isNull = (alt: Record<string, unknown>) => alt.type === 'null' && Object.keys(alt).length === 1;
    const other = isNull(anyOf[0]!) ? anyOf[1]! : isNull(anyOf[1]!) ? anyOf[0]! : null;
    if (other && !('anyOf' in other)) return { ...rest, ...other, nullable: true };
  }
  return anyOf ? { ...rest, anyOf } : rest;
}

/**
 * Fastify's serializer compiler: every route's response schemas (zod, from the contract) are compiled
 * with {@link contractSerializer}, per status, so success answers and error bodies alike are shaped by the
 * contract. A route's own `reply.serialize(payload)` goes through the same serializer.
 */
export const contractSerializerCompiler = ({ schema }: { schema: unknown }) =>
  schema instanceof z.ZodType ? contractSerializer(schema) : plainSerializer;

const plainSerializer = (data: unknown) => JSON.stringify(data);

/** `JSON.stringify` whatever the schema says: only `npm run bench:api`'s "before" server uses it. */
export const plainSerializerCompiler = () => plainSerializer;
