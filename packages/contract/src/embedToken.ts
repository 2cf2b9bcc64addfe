import { z } from 'zod';
import { Id, Timestamp, timestamps } from './common';
import { LIMITS } from './constants';
import { EMBED_SCOPE_PATTERN, type EmbedScope as EmbedScopeText } from './embedScope';
import { body, boolean, dateTime, text } from './fields';
import { fieldLabels as L, validationMessages as M } from './messages';

/** Typed as the template-literal union while staying a plain string schema (representable in JSON Schema). */
export const EmbedScope = z
  .string({ error: M.scope })
  .regex(EMBED_SCOPE_PATTERN, { error: M.scope }) as unknown as z.ZodType<EmbedScopeText, string>;
export type EmbedScope = EmbedScopeText;

// A host name of letters, digits and hyphens, an IPv4 address or a bracketed IPv6 one: no wildcards.
const EXACT_ORIGIN =
  /^https?:\/\/(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)(?::\d{1,5})?$/;

/** One exact web origin: scheme, host and port only (`https://partner.se`, `http://localhost:5173`). */
export const Origin = z.string({ error: M.origin }).refine(
  (value) => {
    if (!EXACT_ORIGIN.test(value)) return false;
    try {
      return new URL(value).origin === value;
    } catch {
      return false;
    }
  },
  { error: M.origin },
);

/**
 * `POST /api/v1/embed-token`: a read-only token for partner pages, limited to named panels and devices
 * or the public map, to the pages of `allowed_origins`, and to a time.
 */
export const EmbedTokenCreateBody = body({
  name: text(L.name),
  scopes: z
    .array(EmbedScope, { error: M.array(L.scopes) })
    .min(1, { error: M.minItems(L.scopes, 1) })
    .max(LIMITS.embedScopes, { error: M.maxItems(L.scopes, LIMITS.embedScopes) })
    .refine((scopes) => new Set(scopes).size === scopes.length, { error: M.duplicates(L.scopes) }),
  allowed_origins: z
    .array(Origin, { error: M.array(L.allowed_origins) })
    .min(1, { error: M.minItems(L.allowed_origins, 1) })
    .max(LIMITS.embedOrigins, { error: M.maxItems(L.allowed_origins, LIMITS.embedOrigins) })
    .refine((origins) => new Set(origins).size === origins.length, {
      error: M.duplicates(L.allowed_origins),
    }),
  /** Issue 26: the token's readers see devices' exact positions; else rounded to each device's grid. */
  exact_positions: boolean(L.exact_positions).optional(),
  expires_at: dateTime(L.expires_at)
    .refine((at) => Date.parse(at) > Date.now(), { error: M.future(L.expires_at) })
    // A token is in a partner page's source: it must run out, so a forgotten page stops reading one day.
    .refine((at) => Date.parse(at) <= Date.now() + LIMITS.embedTokenDays * 86_400_000, {
      error: M.expiresWithin(L.expires_at, LIMITS.embedTokenDays),
    }),
});
export type EmbedTokenCreateBody = z.infer<typeof EmbedTokenCreateBody>;
export type EmbedTokenCreateBodyInput = z.input<typeof EmbedTokenCreateBody>;

export const EmbedToken = z.object({
  id: Id,
  user_id: Id,
  name: z.string(),
  scopes: z.array(EmbedScope),
  allowed_origins: z.array(z.string()),
  exact_positions: z.boolean(),
  expires_at: Timestamp,
  last_used_at: Timestamp.nullable(),
  revoked_at: Timestamp.nullable(),
  ...timestamps,
});
export type EmbedToken = z.infer<typeof EmbedToken>;

/** Answer of the create call: the only time the plaintext token is shown. */
export const EmbedTokenCreated = EmbedToken.extend({ token: z.string() });
export type EmbedTokenCreated = z.infer<typeof EmbedTokenCreated>;

/** One script-tag build this server serves: its versioned URLs and its subresource-integrity hash. */
export const EmbedScript = z.object({
  /** `panel`, `temperature-map`, `elements` */
  name: z.string(),
  /** `/embed/{exact version}/{name}.js`: never changes, cached for a year (`immutable`). */
  url: z.string(),
  /** `/embed/v{major}/{name}.js`: the newest build of the major version, cached for five minutes. */
  major_url: z.string(),
  /** `sha384-…` of the file at `url`, for a script tag's `integrity` attribute. */
  integrity: z.string(),
});
export type EmbedScript = z.infer<typeof EmbedScript>;

/** `GET /api/v1/embed-script`: the SDK version of the served script-tag builds (null when none are). */
export const EmbedScripts = z.object({ version: z.string().nullable(), scripts: z.array(EmbedScript) });
export type EmbedScripts = z.infer<typeof EmbedScripts>;
