import type {
  AlertHistoryEvent,
  AlertStateName,
  AlertStatesTable,
  AlertWatchKind,
  ConditionOperator,
} from '../db/tables/resources.js';

/**
 * The alert state machine, free of the database: one watched sensor of one alert and one kind (its value
 * or its silence) goes ok → pending → firing → acknowledged → resolved. Every function takes the time
 * explicitly, so tests drive it with a fake clock and the seed replays history through it.
 */

export interface Condition {
  operator: ConditionOperator;
  threshold: number;
  duration_s: number;
  clear_threshold: number | null;
}

/** An alert as the evaluator needs it. */
export interface WatchedAlert {
  id: number;
  teamId: number;
  name: string;
  noDataMinutes: number | null;
  renotifyMinutes: number | null;
  /** Epoch ms; notifications are silenced before it. */
  mutedUntil: number | null;
  /** Epoch ms: a sensor that never sent counts as silent from here. */
  createdAt: number;
  /** Whether the team is mailed besides the bell (issue 24). @default true */
  notifyEmail?: boolean;
  /** The webhook channels told of its transitions (issue 24). @default [] */
  webhookIds?: readonly number[];
  /** The conditions by sensor. */
  sensors: Map<number, Condition[]>;
}

export type StateRow = Omit<AlertStatesTable, 'alert_id' | 'sensor_id' | 'kind'>;

/** A state change, and what it tells the team. */
export interface Transition {
  event: AlertHistoryEvent;
  /** The state after it. */
  state: AlertStateName;
  at: number;
  value: number | null;
  /** Set for renotifications: their number within the episode. */
  seq: number;
  /** Renotifications: when the episode began firing (its `value` is the one that fired it). */
  firedAt?: number;
}

export const OK_STATE: StateRow = {
  state: 'ok',
  since: new Date(0).toISOString(),
  value: null,
  episode: 0,
  notified_at: null,
  notify_count: 0,
  acknowledged_by: null,
  acknowledged_at: null,
  comment: null,
  version: 0,
};

export function holds(operator: ConditionOperator, value: number, threshold: number): boolean {
  switch (operator) {
    case '>':
      return value > threshold;
    case '>=':
      return value >= threshold;
    case '<':
      return value < threshold;
    case '<=':
      return value <= threshold;
  }
}

/** Back to normal: across the clear threshold (hysteresis), or across the threshold without one. */
export function clears(c: Condition, value: number): boolean {
  return !holds(c.operator, value, c.clear_threshold ?? c.threshold);
}

export const isActive = (state: AlertStateName) => state === 'firing' || state === 'acknowledged';
const ms = (iso: string) => Date.parse(iso);

/** The shortest time any of the conditions that hold for `value` must hold; null when none holds. */
export function pendingMs(conditions: readonly Condition[], value: number): number | null {
  const durations = conditions.filter((c) => holds(c.operator, value, c.threshold)).map((c) => c.duration_s);
  return durations.length === 0 ? null : Math.min(...durations) * 1000;
}

function fire(row: StateRow, at: number, value: number | null): [StateRow, Transition] {
  const next: StateRow = {
    ...row,
    state: 'firing',
    since: new Date(at).toISOString(),
    value,
    episode: row.episode + 1,
    notified_at: null,
    notify_count: 0,
    acknowledged_by: null,
    acknowledged_at: null,
    comment: null,
  };
  return [next, { event: 'firing', state: 'firing', at, value, seq: 0 }];
}

function move(
  row: StateRow,
  state: AlertStateName,
  event: AlertHistoryEvent,
  at: number,
  value: number | null,
): [StateRow, Transition] {
  return [
    { ...row, state, since: new Date(at).toISOString(), value },
    { event, state, at, value, seq: 0 },
  ];
}

/** A reading of a value-watched sensor. Readings older than the current state are ignored (replays). */
export function onValue(
  row: StateRow,
  conditions: readonly Condition[],
  value: number,
  at: number,
): [StateRow, Transition] | null {
  if (at < ms(row.since)) return null;
  const wait = pendingMs(conditions, value);
  switch (row.state) {
    case 'ok':
    case 'resolved':
      if (wait === null) return null;
      return wait === 0 ? fire(row, at, value) : move(row, 'pending', 'pending', at, value);
    case 'pending':
      if (wait === null) return move(row, 'ok', 'cancelled', at, value);
      return at - ms(row.since) >= wait ? fire(row, at, value) : null;
    case 'firing':
    case 'acknowledged':
      return conditions.every((c) => clears(c, value)) ? move(row, 'resolved', 'resolved', at, value) : null;
  }
}

/** A reading of a sensor watched for silence: data is back. */
export function onData(row: StateRow, value: number, at: number): [StateRow, Transition] | null {
  return isActive(row.state) && at >= ms(row.since) ? move(row, 'resolved', 'resolved', at, value) : null;
}

/** A pending state whose duration has passed with no reading against it fires on the timer. */
export function onPendingTimer(
  row: StateRow,
  conditions: readonly Condition[],
  now: number,
): [StateRow, Transition] | null {
  if (row.state !== 'pending' || row.value === null) return null;
  const wait = pendingMs(conditions, row.value);
  return wait !== null && now - ms(row.since) >= wait ? fire(row, now, row.value) : null;
}

/** Silence: fires when the sensor's latest reading (or, without any yet, the alert's creation) is too old. */
export function onSilence(
  row: StateRow,
  noDataMinutes: number,
  lastReading: number,
  now: number,
): [StateRow, Transition] | null {
  if (isActive(row.state)) return null;
  return now - lastReading >= noDataMinutes * 60_000 ? fire(row, now, null) : null;
}

/**
 * Firing and not acknowledged: tell the team again once the interval has passed since the last time,
 * or at once when the firing itself was muted and the mute is over.
 */
export function onRenotifyTimer(
  row: StateRow,
  alert: Pick<WatchedAlert, 'renotifyMinutes' | 'mutedUntil'>,
  now: number,
): [StateRow, Transition] | null {
  if (row.state !== 'firing' || muted(alert, now)) return null;
  const last = row.notified_at === null ? null : ms(row.notified_at);
  const due =
    last === null || (alert.renotifyMinutes !== null && now - last >= alert.renotifyMinutes * 60_000);
  if (!due) return null;
  const seq = row.notify_count + 1;
  return [
    { ...row, notify_count: seq },
    { event: 'renotified', state: 'firing', at: now, value: row.value, seq, firedAt: ms(row.since) },
  ];
}

export function acknowledge(
  row: StateRow,
  userId: number,
  comment: string | null,
  at: number,
): [StateRow, Transition] | null {
  if (row.state !== 'firing') return null;
  const iso = new Date(at).toISOString();
  return [
    { ...row, state: 'acknowledged', acknowledged_by: userId, acknowledged_at: iso, comment },
    { event: 'acknowledged', state: 'acknowledged', at, value: row.value, seq: 0 },
  ];
}

export function muted(alert: Pick<WatchedAlert, 'mutedUntil'>, now: number): boolean {
  return alert.mutedUntil !== null && now < alert.mutedUntil;
}

/** Whether a transition tells the team (the bell and e-mail): firing, repeats and resolving, unless muted. */
export function tellsTeam(t: Transition, alert: Pick<WatchedAlert, 'mutedUntil'>): boolean {
  return ['firing', 'renotified', 'resolved'].includes(t.event) && !muted(alert, t.at);
}

/** The worst of several states, for an alert's overall state. */
export function worst(states: readonly AlertStateName[]): AlertStateName {
  const order: AlertStateName[] = ['firing', 'acknowledged', 'pending', 'resolved', 'ok'];
  return order.find((s) => states.includes(s)) ?? 'ok';
}

export type { AlertWatchKind };
