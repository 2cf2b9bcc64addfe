import { parseId } from '@matnat/contract';
import { badRequest } from '../http/errors.js';
import { resourceMessages as M } from './messages.js';

/** `filter[name]` as an id (400 for aliases like `0x22` or ids beyond the column range), or undefined. */
export function filterId(filter: Record<string, string | undefined>, name: string): number | undefined {
  const text = filter[name];
  if (text === undefined) return undefined;
  const id = parseId(text);
  if (id === null) throw badRequest(M.badId(name));
  return id;
}
