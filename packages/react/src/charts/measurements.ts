import { type LiveReading, type MeasurementBuckets, toEpochMs } from '@matnat/core';
import { themeVar } from '../styles/theme';
import type { ChartPoint, ChartSeriesInput } from './TimeSeriesChart';

/** Series colours; the first line follows the theme's `--matnat-primary` (teal when it is not set). */
export const SERIES_COLORS = ['#0d9488', '#f59e0b', '#6366f1', '#e11d48', '#16a34a', '#0284c7'];

export interface LineChartItemInput {
  sensorId: number | string;
  /** Legend label. @default 'Sensor {sensorId}' */
  label?: string;
  unit?: string;
  /** @default a colour of SERIES_COLORS */
  color?: string;
}

/** The id, legend label and colour of an item's line: known before its data, so the legend never moves the chart. */
export function seriesLook(
  item: LineChartItemInput,
  index: number,
): Pick<ChartSeriesInput, 'id' | 'label' | 'color'> {
  return {
    id: String(item.sensorId),
    label: item.label ?? `Sensor ${item.sensorId}`,
    color:
      item.color ||
      (index === 0 ? themeVar('primary') : (SERIES_COLORS[index % SERIES_COLORS.length] as string)),
  };
}

/** The avg line plus the min/max envelope of one sensor's buckets, with live readings appended after them. */
export function bucketsToSeries(
  item: LineChartItemInput,
  index: number,
  data: MeasurementBuckets,
  live: readonly LiveReading[] = [],
): ChartSeriesInput {
  const points: ChartPoint[] = [];
  const min: ChartPoint[] = [];
  const max: ChartPoint[] = [];
  let lastTime = Number.NEGATIVE_INFINITY;
  for (const b of data.buckets) {
    points.push({ time: b.t, value: b.avg });
    min.push({ time: b.t, value: b.min });
    max.push({ time: b.t, value: b.max });
    lastTime = b.t;
  }
  const nextBucket = lastTime + data.bucket_ms;
  for (const r of live) {
    const time = toEpochMs(r.measured_at);
    if (time >= nextBucket && time > lastTime) {
      points.push({ time, value: r.value });
      lastTime = time;
    }
  }
  return { ...seriesLook(item, index), unit: item.unit, points, band: { min, max } };
}
