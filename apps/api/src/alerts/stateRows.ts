import type { Kysely } from 'kysely';
import type { AlertWatchKind } from '../db/tables/resources.js';
import type { DB } from '../db/types.js';
import type { StateRow } from './model.js';

/** Sensors read (and, in the sweep, written) per query or transaction. */
export const CHUNK = 1000;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export const stateKey = (alertId: number, sensorId: number, kind: AlertWatchKind) =>
  `${alertId}:${sensorId}:${kind}`;

/** The stored states of the given sensors (of one kind of watch, or both), by `stateKey`. */
export async function readStates(
  db: Kysely<DB>,
  sensorIds: readonly number[],
  kind?: AlertWatchKind,
): Promise<Map<string, StateRow>> {
  const out = new Map<string, StateRow>();
  for (const ids of chunks(sensorIds)) {
    let q = db.selectFrom('alert_states').selectAll().where('sensor_id', 'in', ids);
    if (kind) q = q.where('kind', '=', kind);
    for (const r of await q.execute()) out.set(stateKey(r.alert_id, r.sensor_id, r.kind), r);
  }
  return out;
}
