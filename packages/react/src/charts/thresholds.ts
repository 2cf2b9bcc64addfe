import type { ThresholdColorName, ThresholdStep } from '@matnat/contract';

/**
 * The default of each named threshold colour: shades that read as text on white at 4.5:1 or more (WCAG AA),
 * because a single value is written in its step's colour. A host re-themes them with
 * `--matnat-threshold-<name>` (`--matnat-threshold-red: #dc2626`).
 */
export const THRESHOLD_COLOR_DEFAULTS: Readonly<Record<ThresholdColorName, string>> = {
  green: '#15803d',
  yellow: '#a16207',
  orange: '#c2410c',
  red: '#b91c1c',
  blue: '#1d4ed8',
  purple: '#7e22ce',
  gray: '#4b5563',
};

/** A step's colour as CSS: a named colour through its theme property, a `#rrggbb` as given. */
export function thresholdColor(color: string): string {
  const fallback = THRESHOLD_COLOR_DEFAULTS[color as ThresholdColorName];
  return fallback ? `var(--matnat-threshold-${color}, ${fallback})` : color;
}

/**
 * The step a value is in: the last whose value it reaches (steps ascend by value); null below the first
 * step, or without steps.
 */
export function stepOf(value: number, steps: readonly ThresholdStep[] | undefined): ThresholdStep | null {
  let found: ThresholdStep | null = null;
  for (const step of steps ?? []) if (value >= step.value) found = step;
  return found;
}
