import { sensorKind } from '@matnat/contract';
import type { Kysely, Selectable } from 'kysely';
import type { AlertConditionsTable } from '../db/tables/resources.js';
import type { DB } from '../db/types.js';
import type { Condition, WatchedAlert } from './model.js';
import { chunks } from './stateRows.js';

/** The enabled alerts and the concrete sensors each watches, as the evaluator holds them in memory. */
export interface Watches {
  alerts: Map<number, WatchedAlert>;
  bySensor: Map<number, WatchedAlert[]>;
  /** Whether a condition watches every sensor of a kind on a device (new sensors then matter). */
  hasKinds: boolean;
}

const kindOf = (deviceId: number, key: string) => `${deviceId}|${key.toLowerCase()}`;

/** The sensors of the given devices, by device and kind (see `sensorKind`). */
export async function sensorsByKind(
  db: Kysely<DB>,
  deviceIds: readonly number[],
): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  for (const ids of chunks([...new Set(deviceIds)])) {
    const rows = await db
      .selectFrom('sensors')
      .select(['id', 'device_id', 'key', 'type'])
      .where('device_id', 'in', ids)
      .orderBy('id')
      .execute();
    for (const s of rows) {
      const k = kindOf(s.device_id, sensorKind(s));
      out.set(k, [...(out.get(k) ?? []), s.id]);
    }
  }
  return out;
}

type ConditionRow = Pick<
  Selectable<AlertConditionsTable>,
  'sensor_id' | 'device_id' | 'sensor_key' | 'operator' | 'threshold' | 'duration_s' | 'clear_threshold'
>;

/** The concrete sensors a condition watches: its sensor, or its device's sensors of its kind now. */
export function sensorsOf(c: ConditionRow, byKind: ReadonlyMap<string, number[]>): readonly number[] {
  if (c.sensor_id !== null) return [c.sensor_id];
  if (c.device_id === null || c.sensor_key === null) return [];
  return byKind.get(kindOf(c.device_id, c.sensor_key)) ?? [];
}

/** The sensors an alert's stored conditions watch now (kind conditions expanded). */
export async function watchedSensorIds(db: Kysely<DB>, alertId: number): Promise<number[]> {
  const conditions = await db
    .selectFrom('alert_conditions')
    .selectAll()
    .where('alert_id', '=', alertId)
    .execute();
  const byKind = await sensorsByKind(
    db,
    conditions.flatMap((c) => (c.device_id === null ? [] : [c.device_id])),
  );
  return [...new Set(conditions.flatMap((c) => sensorsOf(c, byKind)))];
}

const conditionOf = (c: ConditionRow): Condition => ({
  operator: c.operator,
  threshold: Number(c.threshold),
  duration_s: c.duration_s,
  clear_threshold: c.clear_threshold === null ? null : Number(c.clear_threshold),
});

/** Loads the enabled alerts with their conditions, each kind condition expanded to its sensors. */
export async function loadWatches(db: Kysely<DB>): Promise<Watches> {
  const alerts = await db.selectFrom('alerts').selectAll().where('is_enabled', '=', 1).execute();
  const conditions = await db
    .selectFrom('alert_conditions')
    .innerJoin('alerts', 'alerts.id', 'alert_conditions.alert_id')
    .selectAll('alert_conditions')
    .where('alerts.is_enabled', '=', 1)
    .execute();
  const webhooks = await db
    .selectFrom('alert_webhooks')
    .innerJoin('alerts', 'alerts.id', 'alert_webhooks.alert_id')
    .select(['alert_webhooks.alert_id', 'alert_webhooks.channel_id'])
    .where('alerts.is_enabled', '=', 1)
    .execute();
  const kinds = conditions.filter((c) => c.device_id !== null);
  const byKind = await sensorsByKind(
    db,
    kinds.map((c) => c.device_id!),
  );
  const byId = new Map<number, WatchedAlert>();
  for (const a of alerts)
    byId.set(a.id, {
      id: a.id,
      teamId: a.team_id,
      name: a.name,
      noDataMinutes: a.no_data_minutes,
      renotifyMinutes: a.renotify_minutes,
      mutedUntil: a.muted_until === null ? null : Date.parse(a.muted_until),
      createdAt: Date.parse(a.created_at),
      notifyEmail: a.notify_email !== 0,
      webhookIds: webhooks.filter((w) => w.alert_id === a.id).map((w) => w.channel_id),
      sensors: new Map(),
    });
  const bySensor = new Map<number, WatchedAlert[]>();
  for (const c of conditions) {
    const alert = byId.get(c.alert_id);
    if (!alert) continue;
    for (const sensorId of sensorsOf(c, byKind)) {
      const list = alert.sensors.get(sensorId) ?? [];
      if (list.length === 0) {
        alert.sensors.set(sensorId, list);
        bySensor.set(sensorId, [...(bySensor.get(sensorId) ?? []), alert]);
      }
      list.push(conditionOf(c));
    }
  }
  return { alerts: byId, bySensor, hasKinds: kinds.length > 0 };
}
