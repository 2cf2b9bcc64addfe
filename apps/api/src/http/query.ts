import { parseFilter, parseId, parseSort, type SortField, splitList } from '@matnat/contract';
import { errorMessages } from '../messages.js';
import { badRequest } from './errors.js';

export type { SortField };

export interface AllowedQuery {
  /** Include paths such as `panels.lineChartItems`; every prefix (`panels`) is allowed too. */
  include?: readonly string[];
  /** Sortable fields; each may be asked for ascending or (with `-`) descending. */
  sort?: readonly string[];
  filter?: readonly string[];
  /** Applied when the request names no sort. */
  defaultSort?: readonly SortField[];
}

export interface ListQuery {
  include: Set<string>;
  sort: SortField[];
  filter: Record<string, string>;
}

function withPrefixes(paths: readonly string[]): Set<string> {
  const all = new Set<string>();
  for (const path of paths) {
    const parts = path.split('.');
    for (let i = 1; i <= parts.length; i++) all.add(parts.slice(0, i).join('.'));
  }
  return all;
}

// The allowed lists are module constants: their prefix sets are built once, not on every request.
const allowedPrefixes = new WeakMap<readonly string[], Set<string>>();
function allowedIncludes(include: readonly string[]): Set<string> {
  let set = allowedPrefixes.get(include);
  if (!set) {
    set = withPrefixes(include);
    allowedPrefixes.set(include, set);
  }
  return set;
}

// Clients repeat the same few include strings: their parsed sets are kept (a bounded number per list).
const parsedIncludes = new WeakMap<readonly string[], Map<string, Set<string>>>();
const PARSED_INCLUDES_LIMIT = 100;

function parseInclude(value: unknown, allowed: readonly string[]): Set<string> {
  let parsed = parsedIncludes.get(allowed);
  if (!parsed) {
    parsed = new Map();
    parsedIncludes.set(allowed, parsed);
  }
  const known = typeof value === 'string' ? parsed.get(value) : undefined;
  if (known) return new Set(known);
  const includeAllowed = allowedIncludes(allowed);
  const include = new Set(splitList(value));
  const badIncludes = [...include].filter((name) => !includeAllowed.has(name));
  if (badIncludes.length > 0) reject('include', badIncludes, allowed);
  for (const path of [...include]) for (const prefix of withPrefixes([path])) include.add(prefix);
  if (typeof value === 'string' && parsed.size < PARSED_INCLUDES_LIMIT) parsed.set(value, new Set(include));
  return include;
}

const kindNames = { include: 'include', sort: 'sortering', filter: 'filter' } as const;

function reject(parameter: keyof typeof kindNames, names: string[], allowed: Iterable<string>): never {
  const list = [...allowed];
  throw badRequest(
    `Otillåten ${kindNames[parameter]}: ${names.join(', ')}. Tillåtna: ${list.length > 0 ? list.join(', ') : 'inga'}.`,
    { parameter, allowed: list },
  );
}

/**
 * Parses `include=a,b.c`, `sort=title,-name` and `filter[x]=v` (DESIGN.md §2) and answers 400 naming the
 * allowed ones when the request asks for anything else.
 */
export function parseListQuery(query: unknown, allowed: AllowedQuery = {}): ListQuery {
  const params = (query !== null && typeof query === 'object' ? query : {}) as Record<string, unknown>;

  const include = parseInclude(params.include, allowed.include ?? []);

  const sortAllowed = allowed.sort ?? [];
  const sort = parseSort(params.sort);
  const badSorts = sort.filter((s) => !sortAllowed.includes(s.field)).map((s) => s.field);
  if (badSorts.length > 0) reject('sort', badSorts, sortAllowed);

  const nested = params.filter;
  if (nested !== undefined && (nested === null || typeof nested !== 'object' || Array.isArray(nested))) {
    reject('filter', ['filter'], allowed.filter ?? []);
  }
  const filter = parseFilter(params);
  const badFilters = Object.keys(filter).filter((name) => !(allowed.filter ?? []).includes(name));
  if (badFilters.length > 0) reject('filter', badFilters, allowed.filter ?? []);

  return { include, sort: sort.length > 0 ? sort : [...(allowed.defaultSort ?? [])], filter };
}

/** `filter[name]` as an id (400 for aliases like `0x22` or ids beyond the column range), or undefined. */
export function filterId(filter: Record<string, string | undefined>, name: string): number | undefined {
  const text = filter[name];
  if (text === undefined) return undefined;
  const id = parseId(text);
  if (id === null) throw badRequest(errorMessages.badFilterId(name));
  return id;
}
