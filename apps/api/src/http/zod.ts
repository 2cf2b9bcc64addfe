import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  FastifySchemaCompiler,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { z } from 'zod';
import { RequestValidationError } from './errors.js';

/** Route schemas are zod schemas: handlers see the parsed (output) types of body, query and params. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

function isZod(schema: unknown): schema is z.ZodType {
  return schema instanceof z.ZodType;
}

/** Validates with the route's zod schema; failures carry form errors (422) or, for path params, 404. */
export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (!isZod(schema)) throw new Error(`Route schemas must be zod schemas (${httpPart ?? 'unknown part'})`);
  return (data: unknown) => {
    const result = schema.safeParse(data);
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(httpPart ?? 'body', result.error) };
  };
};

function toJsonSchema(schema: unknown, io: 'input' | 'output'): unknown {
  if (!isZod(schema)) return schema;
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  return json;
}

/** @fastify/swagger transform: zod schemas of a route → OpenAPI (JSON Schema) for /api/docs. */
export function swaggerTransform({ schema, url }: { schema: FastifySchema; url: string }) {
  if (!schema) return { schema, url };
  const { body, querystring, params, headers, response, ...rest } = schema as FastifySchema & {
    response?: Record<string, unknown>;
  };
  const transformed: Record<string, unknown> = { ...rest };
  if (body) transformed.body = toJsonSchema(body, 'input');
  if (querystring) transformed.querystring = toJsonSchema(querystring, 'input');
  if (params) transformed.params = toJsonSchema(params, 'input');
  if (headers) transformed.headers = toJsonSchema(headers, 'input');
  if (response) {
    transformed.response = Object.fromEntries(
      Object.entries(response).map(([code, value]) => [code, toJsonSchema(value, 'output')]),
    );
  }
  return { schema: transformed as FastifySchema, url };
}

/** The app as route registrations see it: schemas are zod, handlers get parsed types. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
