import { z } from 'zod';
import { Id } from './common';

export const Team = z.object({ id: Id, name: z.string() });
export type Team = z.infer<typeof Team>;
