import type { DeviceState } from '@matnat/contract/plain';
import type { Device } from '@matnat/core';
import { useMessages } from '@matnat/react';
import { batteryText, lowBattery } from './health';

/** The badge's colours: the map's marker colour as a dot, text dark enough on its tint (WCAG AA). */
const LOOK: Record<DeviceState, { badge: string; dot: string }> = {
  alarm: { badge: 'bg-red-100 text-red-900', dot: 'bg-red-600' },
  silent: { badge: 'bg-amber-100 text-amber-900', dot: 'bg-amber-600' },
  unheard: { badge: 'bg-slate-100 text-slate-700', dot: 'bg-slate-400' },
  ok: { badge: 'bg-green-100 text-green-900', dot: 'bg-green-600' },
};

/** A device's state in words with the map's colour (issue 21); the words come from the kit's messages. */
export function DeviceStateBadge({ state }: { state: DeviceState }) {
  const label = useMessages().deviceStates[state];
  const look = LOOK[state];
  return (
    <span
      data-state={state}
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold ${look.badge}`}
    >
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${look.dot}`} />
      {label}
    </span>
  );
}

/** The battery as text ('87 %', 'Nätdriven'), marked when low (issue 21); '–' when unknown. */
export function BatteryText({ device }: { device: Device }) {
  const text = batteryText(device);
  if (!text) return <>–</>;
  if (!lowBattery(device)) return <>{text}</>;
  return <span className="font-semibold text-red-800">{text} (lågt)</span>;
}
