import { displayDateTime } from '@matnat/contract';
import type { NotificationLevel } from '../db/tables/resources.js';
import type { Transition } from './model.js';

/** The sensor a notice is about. */
export interface NoticeSensor {
  name: string;
  unit: string;
  device: string;
}

export interface Notice {
  level: NotificationLevel;
  title: string;
  body: string;
}

const decimal = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 2 });

/** "25 november 2026 kl. 04:34", in Swedish time whatever the server's zone (the contract's one formatter). */
export function swedishTime(at: number): string {
  return displayDateTime(at);
}

/** "−26,4 °C": Swedish decimals, the true minus sign, the unit after a space. */
export function swedishValue(value: number, unit: string): string {
  return unit ? `${decimal.format(value)} ${unit}` : decimal.format(value);
}

const minutes = (n: number) => (n === 1 ? '1 minut' : `${n} minuter`);

/**
 * The bell's and the e-mail's text for a transition that tells the team, in Swedish: the alert's name,
 * the value with its unit, the device and the time in Europe/Stockholm.
 */
export function noticeOf(
  alertName: string,
  sensor: NoticeSensor,
  kind: 'value' | 'no_data',
  t: Transition,
  noDataMinutes: number | null,
): Notice {
  const when = swedishTime(t.at);
  const measured =
    t.value === null ? '' : `${sensor.device} (${sensor.name}) mätte ${swedishValue(t.value, sensor.unit)}`;
  if (t.event === 'resolved')
    return {
      level: 'success',
      title: `Åter normalt: ${alertName}`,
      body: `${measured} den ${when}.`,
    };
  const again = t.event === 'renotified' ? ' (påminnelse)' : '';
  // A reminder tells when the episode began; the value is the one that fired it.
  const began = swedishTime(t.firedAt ?? t.at);
  const still = t.event === 'renotified' ? `Larmar fortfarande den ${when}. ` : '';
  if (kind === 'no_data')
    return {
      level: 'error',
      title: `Larm: ${alertName}${again}`,
      body: `${still}${sensor.device} (${sensor.name}) har inte skickat några mätvärden på ${minutes(noDataMinutes ?? 0)} (larmet gick den ${began}).`,
    };
  return { level: 'warn', title: `Larm: ${alertName}${again}`, body: `${still}${measured} den ${began}.` };
}
