import { THRESHOLD_COLOR_LABELS, THRESHOLD_COLORS } from '@matnat/contract/plain';
import type { ThresholdStep } from '@matnat/core';
import { Button } from '@matnat/react';
import { SelectField } from './SelectField';
import { TextField } from './TextField';

/** One threshold step as the form holds it: the value as typed (a decimal comma is fine). */
export interface StepDraft {
  key: number;
  value: string;
  color: string;
  label: string;
}

type Fields = Readonly<Record<string, string[]>>;

// A new step suggests the next of OK / Varning / Larm, in their usual colours.
const SUGGESTIONS = [
  { color: 'green', label: 'OK' },
  { color: 'yellow', label: 'Varning' },
  { color: 'red', label: 'Larm' },
];

let nextKey = 1;

export function newStep(index: number, from?: Partial<ThresholdStep>): StepDraft {
  const suggestion = SUGGESTIONS[Math.min(index, SUGGESTIONS.length - 1)] as (typeof SUGGESTIONS)[number];
  return {
    key: nextKey++,
    value: from?.value === undefined ? '' : String(from.value).replace('.', ','),
    color: from?.color ?? suggestion.color,
    label: from?.label ?? suggestion.label,
  };
}

/**
 * The steps as the request body carries them. A value that is not a number goes as typed, so the contract
 * says so under its field ('Värde måste vara ett tal.') rather than the form dropping it.
 */
export function stepsBody(
  steps: readonly StepDraft[],
): { value: number | string; color: string; label: string }[] {
  return steps.map(({ value, color, label }) => {
    const number = Number(value.trim().replace(',', '.').replace('−', '-'));
    return { value: value.trim() !== '' && Number.isFinite(number) ? number : value, color, label };
  });
}

interface ThresholdFieldsProps {
  steps: readonly StepDraft[];
  fields: Fields;
  onChange(steps: StepDraft[]): void;
}

/**
 * A panel's threshold steps (issue 21): from each value upwards a reading is shown in the step's colour with
 * its label. The server's (and the contract's) errors show under each field (`thresholds.1.value`).
 */
export function ThresholdFields({ steps, fields, onChange }: ThresholdFieldsProps) {
  const change = (index: number, patch: Partial<StepDraft>) =>
    onChange(steps.map((step, i) => (i === index ? { ...step, ...patch } : step)));
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Gränsvärden (valfria)</legend>
      <p className="text-sm text-slate-600">
        Från varje värde och uppåt visas panelen i stegets färg med dess etikett, till exempel OK, Varning och
        Larm. Stegen ska ligga i stigande ordning.
      </p>
      {steps.map((step, index) => {
        const at = (field: string) => fields[`thresholds.${index}.${field}`];
        const n = index + 1;
        return (
          <div
            key={step.key}
            className="grid gap-3 md:grid-cols-[8rem_10rem_1fr_auto] md:items-start"
            data-threshold-step={n}
          >
            <TextField
              name={`threshold-${n}-value`}
              label={`Gränsvärde ${n}: från`}
              inputMode="decimal"
              autoComplete="off"
              value={step.value}
              errors={at('value')}
              onChange={(e) => change(index, { value: e.currentTarget.value })}
            />
            <SelectField
              name={`threshold-${n}-color`}
              label={`Gränsvärde ${n}: färg`}
              value={step.color}
              errors={at('color')}
              onChange={(e) => change(index, { color: e.currentTarget.value })}
            >
              {THRESHOLD_COLORS.map((color) => (
                <option key={color} value={color}>
                  {THRESHOLD_COLOR_LABELS[color]}
                </option>
              ))}
              {/* A step saved with its own #rrggbb (through the API) keeps it. */}
              {THRESHOLD_COLORS.includes(step.color as never) ? null : (
                <option value={step.color}>{step.color}</option>
              )}
            </SelectField>
            <TextField
              name={`threshold-${n}-label`}
              label={`Gränsvärde ${n}: etikett`}
              autoComplete="off"
              value={step.label}
              errors={at('label')}
              onChange={(e) => change(index, { label: e.currentTarget.value })}
            />
            <Button
              variant="remove"
              aria-label={`Ta bort gränsvärde ${n}`}
              onClick={() => onChange(steps.filter((_, i) => i !== index))}
              className="md:mt-6"
            />
          </div>
        );
      })}
      {fields.thresholds?.[0] && <p className="text-sm text-red-700">{fields.thresholds[0]}</p>}
      <Button variant="secondary" onClick={() => onChange([...steps, newStep(steps.length)])}>
        Lägg till gränsvärde
      </Button>
    </fieldset>
  );
}
