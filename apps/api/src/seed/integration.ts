import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { createIntegration } from '../ingest/credentials.js';

/**
 * The demo world's ingestion secret, published in docs/ingestion.md so that a local The Things Stack,
 * ChirpStack or `curl` can send readings to a fresh `npm start` at once. Only ever seeded into the demo
 * world; a real installation creates its integrations (and their random secrets) as an admin.
 */
export const DEMO_INGEST_SECRET = 'mtn_demo_ingest_key';

/** An HTTP integration with the demo secret (stored as its SHA-256); new devices are offered to `team`. */
export async function seedDemoIntegration(db: Kysely<DB>, opts: { team: number; admin: number }) {
  await createIntegration(
    db,
    { kind: 'http', name: 'Demo (lokala tester)', teamId: opts.team, createdBy: opts.admin },
    DEMO_INGEST_SECRET,
  );
}
