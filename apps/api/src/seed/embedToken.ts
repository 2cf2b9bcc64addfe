import type { Kysely } from 'kysely';
import { sha256 } from '../auth/tokens.js';
import type { DB } from '../db/types.js';

/**
 * The demo world's read-only embed token, published in docs/embedding.md so that the examples served by
 * `npm start` work out of the box. Only ever seeded into the demo world: it reads two of anna's panels and
 * the public map, nothing else.
 */
export const DEMO_EMBED_TOKEN = 'mtn_demo_embed_token';

/** The panels the demo token reads, by title (ids on a freshly seeded database in docs/embedding.md). */
export const DEMO_EMBED_PANELS = ['Inlandet', 'Luftfuktighet Åre'] as const;

/**
 * Origins the demo token is accepted from: the default local addresses, the server's `PORT` on localhost
 * and 127.0.0.1, and any comma-separated extra origins in `DEMO_EMBED_ORIGINS` (a second origin the
 * browser tests serve the examples from).
 */
export function demoEmbedOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  const ports = new Set(['3000', env.PORT].filter((p): p is string => Boolean(p && /^\d+$/.test(p))));
  const origins = [...ports].flatMap((p) => [`http://localhost:${p}`, `http://127.0.0.1:${p}`]);
  const extra = (env.DEMO_EMBED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  return [...new Set([...origins, ...extra])];
}

export interface DemoEmbedTokenOptions {
  /** The user the token belongs to: the owner of the demo panels. */
  owner: number;
  /** @default demoEmbedOrigins() */
  origins?: string[];
  now: number;
}

/** Inserts the demo embed token (stored as its SHA-256 like every token), scoped to the demo panels. */
export async function seedDemoEmbedToken(db: Kysely<DB>, opts: DemoEmbedTokenOptions): Promise<number[]> {
  const panels = await db
    .selectFrom('panels')
    .innerJoin('dashboards', 'dashboards.id', 'panels.dashboard_id')
    .select(['panels.id', 'panels.title'])
    .where('dashboards.user_id', '=', opts.owner)
    .where('panels.title', 'in', [...DEMO_EMBED_PANELS])
    .orderBy('panels.id')
    .execute();
  const panelIds = DEMO_EMBED_PANELS.map((title) => {
    const panel = panels.find((p) => p.title === title);
    if (!panel) throw new Error(`seed: no demo panel ${title}`);
    return panel.id;
  });
  const at = new Date(opts.now).toISOString();
  await db
    .insertInto('embed_tokens')
    .values({
      user_id: opts.owner,
      name: 'Demo (exemplen)',
      token_hash: sha256(DEMO_EMBED_TOKEN),
      token_prefix: DEMO_EMBED_TOKEN.slice(0, 10),
      scopes: JSON.stringify([...panelIds.map((id) => `panel:${id}`), 'public-map']),
      allowed_origins: JSON.stringify(opts.origins ?? demoEmbedOrigins()),
      // The token list and CORS only consider unexpired tokens; the demo one outlives any demo.
      expires_at: '2099-12-31T23:59:59.000Z',
      created_at: at,
      updated_at: at,
    })
    .execute();
  return panelIds;
}
