import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { now } from '../http/envelope.js';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  subjectType?: string;
  subjectId?: number;
  details?: Record<string, unknown>;
  ip?: string;
}

/** Records who did what to whom (impersonation and other admin powers). */
export async function audit(db: Kysely<DB>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      subject_type: entry.subjectType ?? null,
      subject_id: entry.subjectId ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
      ip: entry.ip ?? null,
      created_at: now(),
    })
    .execute();
}
