/** A path pattern's match: the row, its `:name` parameters (URL-decoded) and the path normalised. */
export interface PathMatch<T> {
  route: T;
  params: Record<string, string>;
  /** No query, no hash, no trailing slash. */
  path: string;
}

const segments = (path: string) => path.split('/').filter(Boolean);

/**
 * The app's route rule, once for the core's router (`matchRoute`) and the server's per-route preloads: a
 * pattern matches a path of as many segments (query, hash and a trailing slash ignored) whose fixed segments
 * are equal and whose `:name` segments decode; where several match, the one whose first parameter comes
 * latest wins (`/dashboard/create` over `/dashboard/:dashboard_id`).
 * @returns the most specific match, or `null` for an unknown path
 */
export function matchPath<T extends { readonly path: string }>(
  fullPath: string,
  routes: readonly T[],
): PathMatch<T> | null {
  const parts = segments(fullPath.replace(/[?#].*$/, ''));
  let best: PathMatch<T> | null = null;
  let bestScore = '';
  for (const route of routes) {
    const pattern = segments(route.path);
    const params: Record<string, string> = {};
    // One digit per segment, 0 fixed and 1 parameter: the smallest score is the most specific route.
    let score = '';
    const matches =
      pattern.length === parts.length &&
      pattern.every((expected, i) => {
        const isParam = expected.startsWith(':');
        score += isParam ? 1 : 0;
        if (!isParam) return expected === parts[i];
        try {
          params[expected.slice(1)] = decodeURIComponent(parts[i]!);
          return true;
        } catch {
          return false;
        }
      });
    if (matches && (!best || score < bestScore)) {
      best = { route, params, path: `/${parts.join('/')}` };
      bestScore = score;
    }
  }
  return best;
}
