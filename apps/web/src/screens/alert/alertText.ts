import type { Alert } from '@matnat/core';

type AlertStateName = NonNullable<Alert['state']>;

/** The alert states in Swedish, as the list's badge says them. */
export const STATE_LABELS: Record<AlertStateName, string> = {
  ok: 'OK',
  pending: 'Väntar',
  firing: 'Larmar',
  acknowledged: 'Kvitterad',
  resolved: 'Återställd',
};

export const STATE_CLASSES: Record<AlertStateName, string> = {
  ok: 'bg-slate-100 text-slate-800',
  pending: 'bg-amber-100 text-amber-900',
  firing: 'bg-red-100 text-red-900',
  acknowledged: 'bg-sky-100 text-sky-900',
  resolved: 'bg-teal-50 text-teal-900',
};

export const OPERATOR_LABELS: Record<string, string> = {
  '>': 'över',
  '>=': 'minst',
  '<': 'under',
  '<=': 'högst',
};

/** What one condition watches, as the form offers it. */
export const TARGET_TEXT = {
  legend: 'Bevaka',
  sensor: 'En sensor',
  kind: 'Alla sensorer av en typ på en mätenhet',
  kindHint: 'Även sensorer av typen som mätenheten får senare bevakas.',
  sensorLabel: 'Sensor',
  chooseSensor: 'Välj sensor',
  deviceLabel: 'Mätenhet',
  chooseDevice: 'Välj mätenhet',
  kindLabel: 'Sensortyp',
  chooseKind: 'Välj sensortyp',
} as const;

/** Whether the alert's notifications are silenced right now. */
export function isMuted(alert: Pick<Alert, 'muted_until'>, now: number): boolean {
  return !!alert.muted_until && Date.parse(alert.muted_until) > now;
}
