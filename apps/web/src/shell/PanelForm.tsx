import type { PanelCreateBodyInput, PanelUpdateBodyInput } from '@matnat/contract';
import { buildPath, type Device, deviceLabel, type Id, type Panel, type Snapshot } from '@matnat/core';
import { Button, SERIES_COLORS, useQuery } from '@matnat/react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { matnat } from '../matnat';
import { FormMessage } from './FormMessage';
import { SelectField } from './SelectField';
import { TextField } from './TextField';
import { newStep, type StepDraft, stepsBody, ThresholdFields } from './ThresholdFields';
import { useFormSubmit } from './useFormSubmit';

type Fields = Readonly<Record<string, string[]>>;
type PanelType = Panel['type'];
export type PanelFormMode = 'simple' | 'advanced';

/** One line (or the single value's sensor) as the form holds it: ids as the selects' strings. */
interface Item {
  key: number;
  device_id: string;
  sensor_id: string;
  color: string;
}

const TYPE_LABELS: Record<PanelType, string> = { line_chart: 'Linjediagram', single_value: 'Enskilt värde' };

let nextKey = 1;
const newItem = (index: number, from?: Partial<Item>): Item => ({
  key: nextKey++,
  device_id: from?.device_id ?? '',
  sensor_id: from?.sensor_id ?? '',
  color: from?.color ?? SERIES_COLORS[index % SERIES_COLORS.length] ?? '#0f766e',
});

const idOf = (value: string): number | undefined => (value === '' ? undefined : Number(value));

/** The form's items from a saved panel: its lines, or the single value's sensor. */
function itemsOf(panel: Snapshot<Panel> | undefined): Item[] {
  if (!panel) return [newItem(0)];
  if (panel.type === 'single_value') {
    const item = panel.singleValueItem;
    const device_id = String(item?.device_id ?? panel.device_id ?? '');
    return [newItem(0, { device_id, sensor_id: String(item?.sensor_id ?? panel.sensor_id ?? '') })];
  }
  const lines = panel.lineChartItems ?? [];
  if (lines.length === 0) return [newItem(0)];
  return lines.map((line, i) =>
    newItem(i, {
      device_id: String(line.device_id),
      sensor_id: String(line.sensor_id),
      color: line.color ?? undefined,
    }),
  );
}

/** The first message for a field of item `i`, whichever way the body named it. */
function itemError(fields: Fields, i: number, field: 'device_id' | 'sensor_id' | 'color', simple: boolean) {
  const keys = [`line_chart_items.${i}.${field}`, ...(simple ? [field] : [])];
  if (simple && field === 'device_id') keys.push('line_chart_items');
  for (const key of keys) if (fields[key]?.length) return fields[key];
  return undefined;
}

interface ItemFieldsProps {
  index: number;
  item: Item;
  devices: readonly Snapshot<Device>[];
  fields: Fields;
  simple: boolean;
  onChange(item: Item): void;
  onRemove?: () => void;
}

/** A device, then one of its sensors (and, for a line, its colour). */
function ItemFields({ index, item, devices, fields, simple, onChange, onRemove }: ItemFieldsProps) {
  const id = useId();
  const device = devices.find((d) => String(d.id) === item.device_id);
  const deviceErrors = itemError(fields, index, 'device_id', simple);
  const sensorErrors = itemError(fields, index, 'sensor_id', simple);
  const suffix = simple ? '' : ` ${index + 1}`;
  return (
    <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3 md:grid-cols-[1fr_1fr_auto_auto] md:items-start">
      <legend className="px-1 text-sm font-medium text-slate-800">
        {simple ? 'Sensor' : `Linje${suffix}`}
      </legend>
      <SelectField
        name="device_id"
        label={`Mätenhet${suffix}`}
        value={item.device_id}
        errors={deviceErrors}
        onChange={(e) => onChange({ ...item, device_id: e.currentTarget.value, sensor_id: '' })}
      >
        <option value="">Välj mätenhet</option>
        {devices.map((d) => (
          <option key={d.id} value={d.id}>
            {deviceLabel(d)}
          </option>
        ))}
      </SelectField>
      <SelectField
        name="sensor_id"
        label={`Sensor${suffix}`}
        value={item.sensor_id}
        disabled={!device}
        errors={sensorErrors}
        onChange={(e) => onChange({ ...item, sensor_id: e.currentTarget.value })}
      >
        <option value="">{device ? 'Välj sensor' : 'Välj först en mätenhet'}</option>
        {(device?.sensors ?? []).map((s) => (
          <option key={s.id} value={s.id}>
            {`${s.name} (${s.unit})`}
          </option>
        ))}
      </SelectField>
      {!simple && (
        <div>
          <label htmlFor={`${id}-color`} className="mb-1 block text-sm font-medium text-slate-800">
            Färg{suffix}
          </label>
          <input
            id={`${id}-color`}
            type="color"
            value={item.color}
            onChange={(e) => onChange({ ...item, color: e.currentTarget.value })}
            className="h-10 w-16 rounded-md border border-slate-300"
          />
        </div>
      )}
      {onRemove && (
        <Button
          variant="remove"
          aria-label={`Ta bort linje ${index + 1}`}
          onClick={onRemove}
          className="md:mt-6"
        />
      )}
    </fieldset>
  );
}

function TypeChoice({
  type,
  disabled,
  onChange,
}: {
  type: PanelType;
  disabled: boolean;
  onChange(t: PanelType): void;
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-800">Typ</legend>
      <div className="flex flex-wrap gap-4">
        {(Object.keys(TYPE_LABELS) as PanelType[]).map((value) => (
          <label key={value} className="flex items-center gap-2 text-slate-800">
            <input
              type="radio"
              name="type"
              value={value}
              checked={type === value}
              disabled={disabled}
              onChange={() => onChange(value)}
              className="h-4 w-4 accent-teal-700"
            />
            {TYPE_LABELS[value]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The request body the form's state stands for: a new panel, or the change of an existing one. */
function bodyOf(
  type: PanelType,
  title: string,
  items: Item[],
  steps: StepDraft[],
  dashboardId: Id,
  advanced: boolean,
) {
  const first = items[0];
  const lines = items.map((item) => ({
    device_id: idOf(item.device_id) as number,
    sensor_id: idOf(item.sensor_id) as number,
    ...(advanced ? { color: item.color } : {}),
  }));
  const common = {
    dashboard_id: dashboardId,
    title: title.trim() === '' ? null : title,
    thresholds: stepsBody(steps),
  };
  return type === 'line_chart'
    ? { ...common, type, line_chart_items: lines }
    : {
        ...common,
        type,
        device_id: idOf(first?.device_id ?? '') as number,
        sensor_id: idOf(first?.sensor_id ?? '') as number,
      };
}

export interface PanelFormProps {
  mode: PanelFormMode;
  dashboardId: Id;
  /** The panel being edited (panel.edit); absent for a new panel. */
  panel?: Snapshot<Panel>;
}

/** Creates the panel, or saves the edited one (its dashboard and type stay). */
function savePanel(
  form: ReturnType<typeof useFormSubmit>,
  body: ReturnType<typeof bodyOf>,
  panel?: Snapshot<Panel>,
) {
  if (!panel) {
    return form.submit(
      () => import('@matnat/contract').then((c) => c.PanelCreateBody),
      body,
      (parsed) => matnat.mutations.panels.create(parsed as PanelCreateBodyInput),
    );
  }
  const { dashboard_id: _d, type: _t, ...change } = body;
  return form.submit(
    () => import('@matnat/contract').then((c) => c.PanelUpdateBody),
    change,
    (parsed) => matnat.mutations.panels.update(panel.id, parsed as PanelUpdateBodyInput),
  );
}

/**
 * dashboard.panelform.simple / .advanced and panel.edit: a title, then the sensors picked by device then
 * sensor. Simple: one sensor as a line chart or a single value. Advanced: several lines across devices,
 * each with its colour. Either may carry threshold steps (issue 21). Checked with the contract's schema,
 * then the server's 422 per field.
 */
export function PanelForm({ mode, dashboardId, panel }: PanelFormProps) {
  const navigate = useNavigate();
  const advanced = mode === 'advanced';
  const devices = useQuery(matnat.queries.devices());
  const [type, setType] = useState<PanelType>(panel?.type ?? 'line_chart');
  const [title, setTitle] = useState(panel?.title ?? '');
  const [items, setItems] = useState<Item[]>(() => itemsOf(panel));
  const [steps, setSteps] = useState<StepDraft[]>(() =>
    (panel?.thresholds ?? []).map((s, i) => newStep(i, s)),
  );
  const form = useFormSubmit('every');
  const { fields, general, busy } = form;
  const back = buildPath('dashboard.show', { dashboard_id: dashboardId });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = bodyOf(advanced ? 'line_chart' : type, title, items, steps, dashboardId, advanced);
    if (await savePanel(form, body, panel)) navigate(back);
  }

  const change = (index: number) => (item: Item) => setItems(items.map((it, i) => (i === index ? item : it)));
  const shown = advanced ? items : items.slice(0, 1);
  return (
    <form noValidate onSubmit={submit} className="space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <FormMessage tone="error">{general}</FormMessage>
      {devices.error && (
        <p role="alert" className="text-red-800">
          Mätenheterna kunde inte hämtas.
        </p>
      )}
      <TextField
        name="title"
        label="Titel (valfri)"
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        errors={fields.title}
        autoComplete="off"
      />
      {!advanced && <TypeChoice type={type} disabled={panel !== undefined} onChange={setType} />}
      {shown.map((item, index) => (
        <ItemFields
          key={item.key}
          index={index}
          item={item}
          devices={devices.data ?? []}
          fields={fields}
          simple={!advanced}
          onChange={change(index)}
          onRemove={
            advanced && items.length > 1 ? () => setItems(items.filter((_, i) => i !== index)) : undefined
          }
        />
      ))}
      {advanced && fields.line_chart_items?.[0] && (
        <p className="text-sm text-red-700">{fields.line_chart_items[0]}</p>
      )}
      {advanced && (
        <Button variant="secondary" onClick={() => setItems([...items, newItem(items.length)])}>
          Lägg till linje
        </Button>
      )}
      <ThresholdFields steps={steps} fields={fields} onChange={setSteps} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? 'Sparar…' : panel ? 'Spara panel' : 'Skapa panel'}
        </Button>
        <Link
          to={back}
          className="rounded-md px-4 py-2 text-teal-800 underline focus-visible:outline-2 focus-visible:outline-teal-700"
        >
          Avbryt
        </Link>
      </div>
    </form>
  );
}
