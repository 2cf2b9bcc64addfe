import type { MeasurementBucket } from '@matnat/contract';
import { themeVar } from '../styles/theme';

export interface SparklineProps {
  buckets: readonly Pick<MeasurementBucket, 't' | 'avg'>[];
  /** @default the theme's primary colour */
  color?: string;
  /** What the line shows, in words (its lowest and highest value): the accessible name of the drawing. */
  label(min: number, max: number): string;
}

const WIDTH = 100;
const HEIGHT = 24;

/**
 * A small line of the buckets' averages over the panel's range: an SVG path, no chart library, so a single
 * value costs nothing more to draw than its text. It stretches to the panel's width.
 */
export function Sparkline({ buckets, color = themeVar('primary'), label }: SparklineProps) {
  const averages = buckets.map((b) => b.avg);
  const min = Math.min(...averages);
  const max = Math.max(...averages);
  const first = (buckets[0] as Pick<MeasurementBucket, 't'>).t;
  const span = (buckets.at(-1) as Pick<MeasurementBucket, 't'>).t - first || 1;
  const height = max - min || 1;
  // One pixel of margin above and below, so that the line's stroke is not cut at its extremes.
  const path = buckets
    .map(
      (b, i) =>
        `${i ? 'L' : 'M'}${(((b.t - first) / span) * WIDTH).toFixed(2)} ${(1 + (1 - (b.avg - min) / height) * (HEIGHT - 2)).toFixed(2)}`,
    )
    .join('');
  return (
    <svg
      className="matnat-sparkline"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label(min, max)}
    >
      <path d={path} fill="none" stroke={color} strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
