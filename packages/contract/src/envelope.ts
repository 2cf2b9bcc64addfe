import { z } from 'zod';

/** Every answer of the API wraps its payload: `{ "data": … }`. */
export interface DataEnvelope<T> {
  data: T;
}

export const dataEnvelope = <Schema extends z.ZodType>(schema: Schema) => z.object({ data: schema });

export const listEnvelope = <Schema extends z.ZodType>(schema: Schema) => z.object({ data: z.array(schema) });
