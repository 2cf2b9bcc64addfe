import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { embedScopeAllows, formatEmbedScope, parseEmbedScope } from './embedScope';
import { EmbedTokenCreateBody, EmbedTokenCreated } from './embedToken';
import { toFormErrors } from './errors';

const errorsOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? {} : toFormErrors(result.error);

const future = new Date(Date.now() + 86_400_000).toISOString();
const valid = {
  name: 'Partnersida',
  scopes: ['panel:12', 'device:7', 'public-map'],
  allowed_origins: ['https://partner.se', 'http://localhost:5173'],
  expires_at: future,
};

describe('embed scopes', () => {
  it('parses and formats panel:<id>, device:<id> and public-map', () => {
    expect(parseEmbedScope('panel:12')).toEqual({ kind: 'panel', id: 12 });
    expect(parseEmbedScope('device:7')).toEqual({ kind: 'device', id: 7 });
    expect(parseEmbedScope('public-map')).toEqual({ kind: 'public-map' });
    for (const bad of ['panel:0', 'panel:', 'panel:1.5', 'sensor:1', 'public-map:1', 'panel:01']) {
      expect(parseEmbedScope(bad)).toBeNull();
    }
    expect(formatEmbedScope({ kind: 'device', id: 7 })).toBe('device:7');
  });

  it('grants only the named resources', () => {
    expect(embedScopeAllows(['panel:12'], { kind: 'panel', id: 12 })).toBe(true);
    expect(embedScopeAllows(['panel:12'], { kind: 'panel', id: 13 })).toBe(false);
    expect(embedScopeAllows(['panel:12'], { kind: 'public-map' })).toBe(false);
  });
});

describe('EmbedTokenCreateBody', () => {
  it('accepts scopes, origins and a future expiry', () => {
    expect(EmbedTokenCreateBody.parse(valid)).toEqual(valid);
  });

  it('rejects bad scopes, origins with paths and past expiry, in Swedish', () => {
    expect(
      errorsOf(
        EmbedTokenCreateBody.safeParse({
          ...valid,
          scopes: ['panel:x'],
          allowed_origins: ['https://partner.se/sida', 'partner.se', 'https://partner.se/'],
          expires_at: '2000-01-01T00:00:00Z',
        }),
      ),
    ).toEqual({
      'scopes.0': ['Behörigheten måste vara panel:<id>, device:<id> eller public-map.'],
      'allowed_origins.0': ['Varje ursprung måste vara en adress som https://exempel.se, utan sökväg.'],
      'allowed_origins.1': ['Varje ursprung måste vara en adress som https://exempel.se, utan sökväg.'],
      'allowed_origins.2': ['Varje ursprung måste vara en adress som https://exempel.se, utan sökväg.'],
      expires_at: ['Giltig till måste ligga i framtiden.'],
    });
  });

  it('needs at least one scope and one origin', () => {
    expect(errorsOf(EmbedTokenCreateBody.safeParse({ ...valid, scopes: [], allowed_origins: [] }))).toEqual({
      scopes: ['Behörigheter måste innehålla minst en post.'],
      allowed_origins: ['Tillåtna ursprung måste innehålla minst en post.'],
    });
  });
});

describe('EmbedTokenCreated', () => {
  it('shows the plaintext token once, on creation', () => {
    const created = EmbedTokenCreated.parse({
      id: 1,
      user_id: 1,
      name: 'Partnersida',
      scopes: ['public-map'],
      allowed_origins: ['https://partner.se'],
      exact_positions: false,
      expires_at: future,
      last_used_at: null,
      revoked_at: null,
      created_at: '2025-01-01T00:00:00Z',
      updated_at: '2025-01-01T00:00:00Z',
      token: 'mn_abc',
    });
    expect(created.token).toBe('mn_abc');
  });
});
