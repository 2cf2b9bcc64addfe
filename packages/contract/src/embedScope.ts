/**
 * Embed-token scopes as plain strings: `panel:<id>`, `device:<id>` or `public-map`. Zod-free so that the
 * server's token check and the SDK share one parser.
 */

import { parseId } from './ids';

export type EmbedScope = `panel:${number}` | `device:${number}` | 'public-map';

export type ParsedEmbedScope =
  | { kind: 'panel'; id: number }
  | { kind: 'device'; id: number }
  | { kind: 'public-map' };

export const EMBED_SCOPE_PATTERN = /^(?:(panel|device):([1-9][0-9]{0,9})|public-map)$/;

/** The scope's parts, or null when the text is not a scope. */
export const parseEmbedScope = (scope: string): ParsedEmbedScope | null => {
  const match = EMBED_SCOPE_PATTERN.exec(scope);
  if (!match) return null;
  const [, kind, id] = match;
  if (kind === 'panel' || kind === 'device') {
    const parsed = parseId(id ?? '');
    return parsed === null ? null : { kind, id: parsed };
  }
  return { kind: 'public-map' };
};

export const formatEmbedScope = (scope: ParsedEmbedScope): EmbedScope =>
  scope.kind === 'public-map' ? 'public-map' : `${scope.kind}:${scope.id}`;

/** Whether a token with `scopes` may read `wanted` (no wildcards: each resource is granted by name). */
export const embedScopeAllows = (scopes: readonly string[], wanted: ParsedEmbedScope): boolean =>
  scopes.includes(formatEmbedScope(wanted));
