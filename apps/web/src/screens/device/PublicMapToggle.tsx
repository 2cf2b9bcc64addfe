import { PUBLIC_GRID_CHOICES, PUBLIC_GRID_M } from '@matnat/contract/plain';
import { type Device, deviceLabel } from '@matnat/core';
import { useId, useState } from 'react';
import { matnat } from '../../matnat';
import { SelectField } from '../../shell/SelectField';
import { useFormSubmit } from '../../shell/useFormSubmit';

/**
 * Issue 26 opt-in: "Visa på den publika kartan", saved as soon as it is switched (the public map and the
 * script-tag map show the change on their next load). `compact`: in a list row, the device's name is in the
 * checkbox's accessible name instead of a visible label.
 */
export function PublicMapToggle({ device, compact = false }: { device: Device; compact?: boolean }) {
  const id = useId();
  const action = useFormSubmit();
  const name = deviceLabel(device);
  // The switch shows what was asked for until the device's answer is read again.
  const [asked, setAsked] = useState<boolean | null>(null);
  if (asked !== null && asked === device.is_public) setAsked(null);

  async function change(shown: boolean) {
    setAsked(shown);
    const saved = await action.run(() => matnat.mutations.devices.update(device.id, { is_public: shown }), {
      toast: shown
        ? `${name} visas på den publika kartan`
        : `${name} visas inte längre på den publika kartan`,
    });
    if (!saved) setAsked(null);
  }

  return (
    <div>
      <label htmlFor={id} className="inline-flex items-center gap-2 text-sm text-slate-800">
        <input
          id={id}
          type="checkbox"
          checked={asked ?? device.is_public}
          disabled={action.busy}
          onChange={(e) => change(e.currentTarget.checked)}
          aria-describedby={action.general ? `${id}-error` : undefined}
          className="h-4 w-4 accent-teal-700"
        />
        {compact ? (
          <span className="sr-only">Visa {name} på den publika kartan</span>
        ) : (
          'Visa på den publika kartan'
        )}
      </label>
      {action.general && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {action.general}
        </p>
      )}
    </div>
  );
}

const gridText = (metres: number) =>
  metres === 0
    ? 'Exakt position'
    : metres >= 1000
      ? `Avrundad till ${(metres / 1000).toLocaleString('sv-SE')} km`
      : `Avrundad till ${metres} m`;

/**
 * Issue 26.2: the grid the public map and embed tokens without exact positions round this device's
 * position to (metres; 0 exakt), saved when picked. A grid set through the API outside the offered ones is
 * offered too.
 */
export function PublicGridSelect({ device }: { device: Device }) {
  const form = useFormSubmit({ shown: ['public_grid_m'] });
  const [asked, setAsked] = useState<number | null>(null);
  if (asked !== null && asked === device.public_grid_m) setAsked(null);
  const choices = [...new Set<number>([...PUBLIC_GRID_CHOICES, device.public_grid_m])].sort((a, b) => a - b);

  async function change(value: number) {
    setAsked(value);
    const saved = await form.submit(
      () => import('@matnat/contract').then((c) => c.DeviceUpdateBody),
      { public_grid_m: value },
      (body) => matnat.mutations.devices.update(device.id, body),
      { toast: `${deviceLabel(device)}: ${gridText(value).toLowerCase()} på den publika kartan` },
    );
    if (!saved) setAsked(null);
  }

  return (
    <SelectField
      name="public_grid_m"
      label="Rutnät på den publika kartan"
      hint="Besökare utan inloggning ser positionen avrundad så här."
      value={asked ?? device.public_grid_m}
      disabled={form.busy}
      errors={form.fields.public_grid_m}
      onChange={(e) => change(Number(e.currentTarget.value))}
    >
      {choices.map((metres) => (
        <option key={metres} value={metres}>
          {gridText(metres)}
          {metres === PUBLIC_GRID_M.default ? ' (standard)' : ''}
        </option>
      ))}
    </SelectField>
  );
}
