import { sensorKind } from '@matnat/contract/plain';
import { type Alert, buildPath, type Device, deviceLabel } from '@matnat/core';
import { Button, ConfirmDangerDialog, useQuery } from '@matnat/react';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { matnat } from '../../matnat';
import { FormMessage } from '../../shell/FormMessage';
import { SelectField } from '../../shell/SelectField';
import { TextField } from '../../shell/TextField';
import { useFormSubmit } from '../../shell/useFormSubmit';
import { NotifyFields } from './AlertNotify';
import { OPERATOR_LABELS, TARGET_TEXT as T } from './alertText';

type Fields = Readonly<Record<string, string[]>>;

/** One condition row as the form holds it (strings, as typed). */
interface ConditionRow {
  key: number;
  /** One sensor, or every sensor of a kind on a device. */
  target: 'sensor' | 'kind';
  sensor_id: string;
  device_id: string;
  sensor_key: string;
  operator: string;
  threshold: string;
  clear_threshold: string;
  duration_min: string;
}

let nextKey = 1;
const emptyRow = (): ConditionRow => ({
  key: nextKey++,
  target: 'sensor',
  sensor_id: '',
  device_id: '',
  sensor_key: '',
  operator: '>',
  threshold: '',
  clear_threshold: '',
  duration_min: '0',
});

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim().replace(',', '.')));

function rowsOf(alert: Alert | undefined): ConditionRow[] {
  if (!alert?.conditions?.length) return [emptyRow()];
  return alert.conditions.map((c) => ({
    key: nextKey++,
    target: c.sensor_id == null ? 'kind' : 'sensor',
    sensor_id: c.sensor_id == null ? '' : String(c.sensor_id),
    device_id: c.device_id == null ? '' : String(c.device_id),
    sensor_key: c.sensor_key ?? '',
    operator: c.operator,
    threshold: String(c.threshold),
    clear_threshold: c.clear_threshold == null ? '' : String(c.clear_threshold),
    duration_min: String(c.duration_s / 60),
  }));
}

/** The body the contract's AlertCreateBody / AlertUpdateBody read. */
function bodyOf(form: FormData, rows: ConditionRow[]) {
  return {
    name: String(form.get('name') ?? '').trim(),
    is_enabled: form.get('is_enabled') === 'on',
    no_data_minutes: numberOrNull(String(form.get('no_data_minutes') ?? '')),
    renotify_minutes: numberOrNull(String(form.get('renotify_minutes') ?? '')),
    notify_email: form.get('notify_email') === 'on',
    webhook_ids: form.getAll('webhook_ids').map(Number),
    conditions: rows.map((r) => ({
      ...(r.target === 'sensor'
        ? { sensor_id: Number(r.sensor_id) || undefined }
        : { device_id: Number(r.device_id) || undefined, sensor_key: r.sensor_key || undefined }),
      operator: r.operator,
      threshold: numberOrNull(r.threshold) ?? undefined,
      clear_threshold: numberOrNull(r.clear_threshold),
      duration_s: Math.round((numberOrNull(r.duration_min) ?? 0) * 60),
    })),
  };
}

const labelClass = 'mb-1 block text-sm font-medium text-slate-800';

/** The kinds of sensor on a device, each named by its first sensor ("Temperatur (°C)"). */
function kindsOf(device: Device | undefined): [string, string][] {
  const kinds = new Map<string, string>();
  for (const s of device?.sensors ?? []) {
    const kind = sensorKind(s);
    if (!kinds.has(kind)) kinds.set(kind, `${s.name} (${s.unit})`);
  }
  return [...kinds];
}

/** What a condition watches: one sensor, or every sensor of a kind on a device (also later ones). */
function TargetFields({
  row,
  devices,
  error,
  onChange,
}: {
  row: ConditionRow;
  devices: readonly Device[];
  error(name: string): string[] | undefined;
  onChange(row: ConditionRow): void;
}) {
  const id = `condition-${row.key}`;
  const device = devices.find((d) => String(d.id) === row.device_id);
  return (
    <div className="space-y-2 sm:col-span-2">
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
        <legend className={labelClass}>{T.legend}</legend>
        {(['sensor', 'kind'] as const).map((target) => (
          <label key={target} className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-target`}
              value={target}
              checked={row.target === target}
              onChange={() => onChange({ ...row, target })}
              className="h-4 w-4 accent-teal-700"
            />
            {T[target]}
          </label>
        ))}
      </fieldset>
      {row.target === 'sensor' ? (
        <SelectField
          name={`${id}-sensor`}
          label={T.sensorLabel}
          value={row.sensor_id}
          errors={error('sensor_id')}
          onChange={(e) => onChange({ ...row, sensor_id: e.target.value })}
        >
          <option value="">{T.chooseSensor}</option>
          {devices.map((d) => (
            <optgroup key={d.id} label={deviceLabel(d)}>
              {(d.sensors ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {deviceLabel(d)} – {s.name} ({s.unit})
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            name={`${id}-device`}
            label={T.deviceLabel}
            value={row.device_id}
            errors={error('device_id')}
            onChange={(e) => onChange({ ...row, device_id: e.target.value, sensor_key: '' })}
          >
            <option value="">{T.chooseDevice}</option>
            {devices.map((d) => (
              <option key={d.id} value={d.id}>
                {deviceLabel(d)}
              </option>
            ))}
          </SelectField>
          <SelectField
            name={`${id}-kind`}
            label={T.kindLabel}
            value={row.sensor_key}
            errors={error('sensor_key')}
            hint={T.kindHint}
            onChange={(e) => onChange({ ...row, sensor_key: e.target.value })}
          >
            <option value="">{T.chooseKind}</option>
            {kindsOf(device).map(([kind, label]) => (
              <option key={kind} value={kind}>
                {label}
              </option>
            ))}
          </SelectField>
        </div>
      )}
    </div>
  );
}

function ConditionFields({
  row,
  index,
  devices,
  fields,
  onChange,
  onRemove,
}: {
  row: ConditionRow;
  index: number;
  devices: readonly Device[];
  fields: Fields;
  onChange(row: ConditionRow): void;
  onRemove?(): void;
}) {
  const error = (name: string) => fields[`conditions.${index}.${name}`];
  const id = `condition-${row.key}`;
  return (
    <fieldset className="grid gap-3 rounded-md p-3 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-5">
      <legend className="px-1 text-sm font-medium text-slate-800">Villkor {index + 1}</legend>
      <TargetFields row={row} devices={devices} error={error} onChange={onChange} />
      <SelectField
        name={`${id}-operator`}
        label="Villkor"
        value={row.operator}
        onChange={(e) => onChange({ ...row, operator: e.target.value })}
      >
        {Object.entries(OPERATOR_LABELS).map(([op, label]) => (
          <option key={op} value={op}>
            {label} ({op})
          </option>
        ))}
      </SelectField>
      <TextField
        name={`${id}-threshold`}
        label="Gränsvärde"
        inputMode="decimal"
        value={row.threshold}
        onChange={(e) => onChange({ ...row, threshold: e.target.value })}
        errors={error('threshold')}
      />
      <TextField
        name={`${id}-duration`}
        label="Varaktighet (minuter)"
        inputMode="numeric"
        value={row.duration_min}
        onChange={(e) => onChange({ ...row, duration_min: e.target.value })}
        errors={error('duration_s')}
      />
      <TextField
        name={`${id}-clear`}
        label="Återställningsvärde (valfritt)"
        inputMode="decimal"
        value={row.clear_threshold}
        onChange={(e) => onChange({ ...row, clear_threshold: e.target.value })}
        errors={error('clear_threshold')}
      />
      {onRemove && (
        <div className="flex items-end">
          <Button variant="secondary" onClick={onRemove}>
            Ta bort villkor {index + 1}
          </Button>
        </div>
      )}
    </fieldset>
  );
}

/** alert.create / alert.edit: name, the sensors it watches with conditions, no data, reminders; delete. */
export function AlertForm({ alert }: { alert?: Alert }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const devices = useQuery(matnat.queries.devices());
  const [rows, setRows] = useState<ConditionRow[]>(() => rowsOf(alert));
  const form = useFormSubmit('every');
  const { fields, general, busy } = form;
  const [confirming, setConfirming] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const saved = await form.submit(
      () => import('@matnat/contract').then((c) => c.AlertCreateBody),
      bodyOf(new FormData(event.currentTarget), rows),
      (body) =>
        alert ? matnat.mutations.alerts.update(alert.id, body) : matnat.mutations.alerts.create(body),
      { toast: alert ? 'Notisen har sparats' : 'Notisen har skapats' },
    );
    if (saved) navigate(buildPath('alert.index'));
  }

  async function remove() {
    if (!alert) return;
    setConfirming(false);
    await form.run(() => matnat.mutations.alerts.remove(alert.id), {
      toast: 'Notisen har tagits bort',
      onDone: () => navigate(buildPath('alert.index')),
    });
  }

  const set = (index: number, row: ConditionRow) => setRows(rows.map((r, i) => (i === index ? row : r)));
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <FormMessage tone="error">{general}</FormMessage>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField name="name" label="Namn" defaultValue={alert?.name ?? ''} errors={fields.name} />
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-800">
          <input
            type="checkbox"
            name="is_enabled"
            defaultChecked={alert?.is_enabled ?? true}
            className="h-4 w-4 accent-teal-700"
          />
          Aktiv
        </label>
        <TextField
          name="no_data_minutes"
          label="Larma när inga data kommit på (minuter, valfritt)"
          inputMode="numeric"
          defaultValue={alert?.no_data_minutes ?? ''}
          errors={fields.no_data_minutes}
        />
        <TextField
          name="renotify_minutes"
          label="Påminn var (minuter, valfritt)"
          inputMode="numeric"
          defaultValue={alert?.renotify_minutes ?? ''}
          errors={fields.renotify_minutes}
        />
      </div>
      <div className="space-y-3">
        <h2 className="font-semibold text-slate-900">Villkor</h2>
        {fields.conditions?.[0] && <p className="text-sm text-red-700">{fields.conditions[0]}</p>}
        {rows.map((row, index) => (
          <ConditionFields
            key={row.key}
            row={row}
            index={index}
            devices={devices.data ?? []}
            fields={fields}
            onChange={(next) => set(index, next)}
            onRemove={rows.length > 1 ? () => setRows(rows.filter((_, i) => i !== index)) : undefined}
          />
        ))}
        <Button variant="secondary" onClick={() => setRows([...rows, emptyRow()])}>
          Lägg till villkor
        </Button>
      </div>
      <NotifyFields alert={alert} errors={fields.webhook_ids} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? 'Sparar…' : 'Spara'}
        </Button>
        <Link
          to={buildPath('alert.index')}
          className="rounded-md px-3 py-2 font-semibold text-teal-800 ring-1 ring-slate-300"
        >
          Avbryt
        </Link>
        {alert && <Button variant="remove" text="Ta bort notisen" onClick={() => setConfirming(true)} />}
      </div>
      <ConfirmDangerDialog
        open={confirming}
        title={`Ta bort ${alert?.name ?? 'notisen'}?`}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
        routeKey={pathname}
      >
        Notisen och dess historik tas bort.
      </ConfirmDangerDialog>
    </form>
  );
}
