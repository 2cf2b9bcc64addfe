import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { now } from './envelope.js';

// The script-tag builds too: a partner page's `<script integrity=… crossorigin>` is a CORS request.
const PUBLIC_READ = /^\/(api\/v1\/(public\/|product(\/|\?|$))|embed\/)/;
// Other processes may have created or revoked tokens: the origin list is reloaded at most this often.
const RELOAD_MS = 60_000;

/** The exact origins some live embed token names; `refresh()` after creating or revoking a token. */
export interface EmbedOrigins {
  has(origin: string): Promise<boolean>;
  refresh(): Promise<void>;
}

function embedOrigins(app: FastifyInstance): EmbedOrigins {
  let origins = new Set<string>();
  let loadedAt = 0;
  const refresh = async () => {
    const rows = await app.db
      .selectFrom('embed_tokens')
      .select('allowed_origins')
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now())
      .execute();
    origins = new Set(rows.flatMap((row) => JSON.parse(row.allowed_origins) as string[]));
    loadedAt = Date.now();
  };
  return {
    refresh,
    async has(origin) {
      if (Date.now() - loadedAt > RELOAD_MS) await refresh();
      return origins.has(origin);
    },
  };
}

/**
 * CORS: guest-readable catalogue data (the public map, the shop's products) and the script-tag builds are
 * the same for everyone and never sent with credentials, so any page may read them; everything else
 * answers only the exact origins of live embed tokens, for reads without cookies.
 */
export async function registerCors(app: FastifyInstance): Promise<void> {
  const origins = embedOrigins(app);
  app.decorate('embedOrigins', origins);
  const common = {
    credentials: false,
    methods: ['GET', 'HEAD'],
    allowedHeaders: ['Authorization', 'Accept', 'Content-Type', 'Last-Event-ID'],
    maxAge: 600,
  };
  const publicOptions = { ...common, origin: '*' };
  const tokenOptions = {
    ...common,
    origin: async (origin: string | undefined) => (origin ? origins.has(origin) : false),
  };
  await app.register(cors, {
    delegator: async (request: FastifyRequest) =>
      PUBLIC_READ.test(request.url) ? publicOptions : tokenOptions,
  });
}
