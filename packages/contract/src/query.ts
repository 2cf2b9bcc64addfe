/**
 * The list query conventions of DESIGN.md §2: `include=a,b.c`, `sort=title,-name` (`-` descending) and
 * `filter[name]=value`. Zod-free: the server parses with these and the core builds query strings with them.
 */

export interface SortField {
  field: string;
  direction: 'asc' | 'desc';
}

export interface ListQuery {
  include?: readonly string[];
  sort?: readonly (string | SortField)[];
  filter?: Readonly<Record<string, string | number | boolean>>;
}

/** The comma-separated parts of a parameter; repeated parameters (arrays) are joined, blanks dropped. */
export const splitList = (value: unknown): string[] => {
  const values = Array.isArray(value) ? value : [value];
  return values
    .filter((part): part is string => typeof part === 'string')
    .flatMap((part) => part.split(','))
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
};

/** `'panels,user'` → `['panels', 'user']`; repeated parameters (arrays) are joined. */
export const parseInclude = (value: unknown): string[] => [...new Set(splitList(value))];

/** `'title,-name'` → `[{ field: 'title', direction: 'asc' }, { field: 'name', direction: 'desc' }]`. */
export const parseSort = (value: unknown): SortField[] =>
  splitList(value).map((part) =>
    part.startsWith('-') ? { field: part.slice(1), direction: 'desc' } : { field: part, direction: 'asc' },
  );

/** A repeated parameter counts with its last value. */
const lastText = (value: unknown): string => String(Array.isArray(value) ? value.at(-1) : value);

/**
 * The `filter[...]` parameters of a parsed query string, whether the parser left the brackets in the key
 * (`{ 'filter[name]': 'x' }`) or nested them (`{ filter: { name: 'x' } }`). A nested `filter` that is not an
 * object is left out (the server rejects it).
 */
export const parseFilter = (query: Readonly<Record<string, unknown>>): Record<string, string> => {
  const filter: Record<string, string> = {};
  const nested = query.filter;
  if (nested !== null && typeof nested === 'object' && !Array.isArray(nested)) {
    for (const [key, value] of Object.entries(nested)) filter[key] = lastText(value);
  }
  for (const [key, value] of Object.entries(query)) {
    const match = /^filter\[([^\]]*)\]$/.exec(key);
    if (match) filter[match[1] ?? ''] = lastText(value);
  }
  return filter;
};

/** The names of a query that an endpoint does not allow (empty when all are allowed). */
export const disallowed = (requested: readonly string[], allowed: readonly string[]): string[] =>
  requested.filter((name) => !allowed.includes(name));

/** Builds `include=…&sort=…&filter[x]=…` (without `?`), brackets left unencoded for readability. */
export const buildQuery = ({ include, sort, filter }: ListQuery): string => {
  const parts: string[] = [];
  if (include && include.length > 0) parts.push(`include=${include.map(encodeURIComponent).join(',')}`);
  if (sort && sort.length > 0) {
    const fields = sort.map((entry) =>
      typeof entry === 'string' ? entry : `${entry.direction === 'desc' ? '-' : ''}${entry.field}`,
    );
    parts.push(`sort=${fields.map(encodeURIComponent).join(',')}`);
  }
  for (const [key, value] of Object.entries(filter ?? {})) {
    parts.push(`filter[${encodeURIComponent(key)}]=${encodeURIComponent(String(value))}`);
  }
  return parts.join('&');
};

interface AllowedQuery {
  readonly include: readonly string[];
  readonly sort: readonly string[];
  readonly filter: readonly string[];
}

const deviceIncludes = ['sensors', 'defaultSensor', 'gateways', 'teams'] as const;
const itemIncludes = (prefix: string) => [
  prefix,
  `${prefix}.sensor`,
  `${prefix}.device`,
  `${prefix}.device.sensors`,
  `${prefix}.device.defaultSensor`,
];
// Marked pure so that a bundle importing only the slug constants of `./plain` drops these tables.
const panelIncludes = /* @__PURE__ */ (() => [
  ...itemIncludes('lineChartItems'),
  ...itemIncludes('singleValueItem'),
  'device',
  'sensor',
])();

/**
 * What each list/show endpoint accepts; anything else is a 400 naming these (DESIGN.md §2). The include
 * names are the relation names of the responses, e.g. `panels.lineChartItems.device.sensors`.
 */
export const ALLOWED_QUERY = /* @__PURE__ */ (() =>
  ({
    dashboard: {
      include: ['user', 'panels', ...panelIncludes.map((name) => `panels.${name}`)],
      sort: ['title', 'created_at', 'updated_at', 'is_favorite'],
      filter: ['title', 'is_favorite'],
    },
    panel: { include: panelIncludes, sort: ['position', 'title'], filter: ['dashboard_id', 'type'] },
    device: {
      include: [...deviceIncludes],
      sort: ['title', 'external_device_id', 'created_at'],
      // `unassigned` (devices of no team) is admin-only (spec §6).
      filter: ['title', 'external_device_id', 'team_id', 'is_public', 'unassigned'],
    },
    sensor: { include: [], sort: ['name', 'type'], filter: ['device_id', 'type'] },
    team: { include: [], sort: ['name'], filter: ['name'] },
    user: { include: ['teams'], sort: ['name', 'email', 'created_at'], filter: ['name', 'email', 'team_id'] },
    alert: {
      include: ['conditions', 'conditionsCount', 'device'],
      sort: ['name', 'created_at', 'last_triggered_at'],
      filter: ['name', 'device_id', 'is_enabled'],
    },
    notification: { include: [], sort: ['created_at'], filter: ['unread', 'level'] },
    product: { include: [], sort: ['name', 'price_ore'], filter: ['in_stock'] },
    embedToken: { include: [], sort: ['name', 'created_at', 'expires_at'], filter: [] },
  }) as const satisfies Record<string, AllowedQuery>)();

export type QueryResource = keyof typeof ALLOWED_QUERY;
