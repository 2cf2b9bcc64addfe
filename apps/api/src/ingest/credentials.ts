import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { CallerKind } from '../auth/authenticate.js';
import { bearerToken, randomToken, sha256 } from '../auth/tokens.js';
import type { IntegrationKind } from '../db/tables/resources.js';
import type { DB } from '../db/types.js';
import { unauthenticated } from '../http/errors.js';

/** Who sent readings: an integration (webhooks, MQTT, HTTP with `device`) or one device's key. */
export type IngestCredential =
  | { kind: 'integration'; integrationId: number; integrationKind: IntegrationKind; teamId: number | null }
  | { kind: 'device'; keyId: number; deviceId: number };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireIngestCredential` on the ingestion routes. */
    ingestCredential: IngestCredential | null;
  }
}

export const INTEGRATION_SECRET_PREFIX = 'mtn_int_';
export const DEVICE_KEY_PREFIX = 'mtn_dev_';

/** A new secret and the hash that is stored; the secret itself is shown once. */
export function newSecret(prefix: string): { secret: string; hash: string } {
  const secret = `${prefix}${randomToken(24)}`;
  return { secret, hash: sha256(secret) };
}

export interface NewIntegration {
  kind: IntegrationKind;
  name: string;
  teamId: number | null;
  createdBy: number | null;
}

/** Stores an integration with the SHA-256 of `secret` (a new random one unless given); returns both. */
export async function createIntegration(
  db: Kysely<DB>,
  integration: NewIntegration,
  secret = newSecret(INTEGRATION_SECRET_PREFIX).secret,
) {
  const row = await db
    .insertInto('integrations')
    .values({
      kind: integration.kind,
      name: integration.name,
      team_id: integration.teamId,
      secret_hash: sha256(secret),
      created_by: integration.createdBy,
      last_used_at: null,
      revoked_at: null,
      created_at: new Date().toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, secret };
}

// last_used_at is written at most once a minute per credential, not with every message.
const TOUCH_AFTER_MS = 60_000;
const touched = new Map<string, number>();

function due(key: string): boolean {
  const last = touched.get(key) ?? 0;
  if (Date.now() - last < TOUCH_AFTER_MS) return false;
  touched.set(key, Date.now());
  return true;
}

/**
 * The credential a bearer secret stands for: an integration secret or a device key that is not revoked
 * (looked up by SHA-256, so the table never holds a usable secret), or null.
 */
export async function verifyIngestSecret(
  db: Kysely<DB>,
  secret: string | null,
): Promise<IngestCredential | null> {
  if (!secret) return null;
  const hash = sha256(secret);
  const at = new Date().toISOString();
  const integration = await db
    .selectFrom('integrations')
    .select(['id', 'kind', 'team_id'])
    .where('secret_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (integration) {
    if (due(`i${integration.id}`))
      await db
        .updateTable('integrations')
        .set({ last_used_at: at })
        .where('id', '=', integration.id)
        .execute();
    return {
      kind: 'integration',
      integrationId: integration.id,
      integrationKind: integration.kind,
      teamId: integration.team_id,
    };
  }
  const key = await db
    .selectFrom('device_keys')
    .select(['id', 'device_id'])
    .where('key_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!key) return null;
  if (due(`d${key.id}`))
    await db.updateTable('device_keys').set({ last_used_at: at }).where('id', '=', key.id).execute();
  return { kind: 'device', keyId: key.id, deviceId: key.device_id };
}

/**
 * The third kind of caller of the one `authenticate` step: on the ingestion routes (`config.ingest`) the
 * bearer is an integration secret or a device key. Webhooks and MQTT cannot log in, so no session or
 * anti-forgery header; a missing or unknown secret leaves no credential, and the route's guard answers 401.
 */
export const ingestCaller: CallerKind = {
  name: 'ingest secret',
  claims: (request) => request.routeOptions.config.ingest === true,
  async authenticate(request) {
    const secret = bearerToken(request.headers.authorization);
    request.ingestCredential = await verifyIngestSecret(request.server.db, secret);
  },
  async stillValid(request) {
    const secret = bearerToken(request.headers.authorization);
    return (await verifyIngestSecret(request.server.db, secret)) !== null;
  },
};

/** Guard of the ingestion routes (`onRequest`): 401 before the body is read when there is no credential. */
export async function requireIngestCredential(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  if (!request.ingestCredential) throw unauthenticated();
}
