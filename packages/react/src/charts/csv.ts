import type { MeasurementSeries } from '../data/dataSource';
import type { LineChartItemInput } from './measurements';
import { formatDateTime, toEpochMs } from './timeFormat';

function cell(value: string): string {
  return /[";\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function decimal(value: number | null, locale: string): string {
  if (value == null) return '';
  return value.toLocaleString(locale, { useGrouping: false, maximumFractionDigits: 6 });
}

/**
 * A panel's data as CSV: one row per sensor and bucket, semicolon-separated with the locale's decimal
 * sign (Swedish spreadsheets read `;` and `,` by default), times in Stockholm time.
 */
export function measurementsToCsv(
  rows: { item: LineChartItemInput; data: MeasurementSeries }[],
  header: string[],
  locale = 'sv-SE',
): string {
  const lines = [header.map(cell).join(';')];
  for (const { item, data } of rows) {
    const label = item.label ?? `Sensor ${item.sensorId}`;
    for (const b of data.buckets) {
      lines.push(
        [
          cell(label),
          formatDateTime(toEpochMs(b.t), locale),
          decimal(b.avg, locale),
          decimal(b.min, locale),
          decimal(b.max, locale),
          decimal(b.last, locale),
          String(b.count),
        ].join(';'),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Offers text as a file download (a BOM first so that spreadsheets read å, ä, ö as UTF-8). */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  (document.body ?? document.documentElement).append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
