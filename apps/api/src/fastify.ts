import type { Kysely } from 'kysely';
import type { RouteEntry } from './app.js';
import type { CallerKind } from './auth/authenticate.js';
import type { EmbedScope } from './auth/embedAuth.js';
import type { AuthSession, AuthUser } from './auth/session.js';
import type { Throttle } from './auth/throttle.js';
import type { Config } from './config.js';
import type { ChannelListener } from './db/channels.js';
import type { Dialect } from './db/database.js';
import type { DB } from './db/types.js';
import type { BackgroundWork } from './http/background.js';
import type { EmbedOrigins } from './http/cors.js';
import type { Mailer } from './mail/mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<DB>;
    dialect: Dialect;
    config: Config;
    mailer: Mailer;
    throttle: Throttle;
    /** The exact origins of live embed tokens (CORS). */
    embedOrigins: EmbedOrigins;
    /** Work queued to run after the answer (mail). */
    background: BackgroundWork;
    /** PostgreSQL: the process's LISTEN connection, whose channels each module adds; null on SQLite. */
    pgChannels: ChannelListener | null;
    /** Every route with its guard, in registration order. */
    routeTable: readonly RouteEntry[];
  }
  interface FastifyRequest {
    /** The signed-in user (the impersonated one while an admin impersonates); null for guests. */
    user: AuthUser | null;
    /** The admin acting as `user`, or null. */
    impersonatorId: number | null;
    /** The database session of the cookie, guests included; null before /sanctum/csrf-cookie. */
    authSession: AuthSession | null;
    /** Set when the request authenticated with an embed token (`Authorization: Bearer`): read-only. */
    embedScope: EmbedScope | null;
    /** How the caller authenticated (decided once, by the `authenticate` step). */
    callerKind: CallerKind | null;
  }
  interface FastifyContextConfig {
    /** `false` exempts a mutating route from the anti-forgery check (device ingestion). @default true */
    csrf?: boolean;
    /** `false` leaves `Authorization: Bearer` to the route (device keys) instead of embed tokens. @default true */
    embedAuth?: boolean;
    /** The caller is an integration secret or device key (the ingestion routes). @default false */
    ingest?: boolean;
  }
}
