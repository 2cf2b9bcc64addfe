import type { MeasurementBuckets } from '@matnat/core';
import type { LineChartItemInput } from './measurements';
import { formatLocalDateTime } from './timeFormat';

function cell(value: string, separator: string): string {
  return value.includes(separator) || /["\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The locale's decimal sign: ',' for Swedish, '.' for English. */
const decimalSign = (locale: string) => (1.5).toLocaleString(locale).charAt(1);

/**
 * A number as a spreadsheet of the locale reads it: at most six decimals, the locale's decimal sign, no
 * grouping, and an ASCII hyphen-minus (Intl writes U+2212 for Swedish, which Excel takes as text).
 */
function decimal(value: number | null | undefined, sign: string): string {
  return value == null || !Number.isFinite(value) ? '' : String(Number(value.toFixed(6))).replace('.', sign);
}

/**
 * A panel's data as CSV: one row per sensor and bucket, times in Stockholm time. Where the locale writes a
 * decimal comma (Swedish) the fields are separated by semicolons, which Swedish Excel and LibreOffice split
 * on by default; elsewhere by commas. `downloadText` adds the BOM that makes them read å, ä, ö as UTF-8.
 */
export function measurementsToCsv(
  rows: { item: LineChartItemInput; data: MeasurementBuckets }[],
  header: string[],
  locale = 'sv-SE',
): string {
  const sign = decimalSign(locale);
  const separator = sign === ',' ? ';' : ',';
  const lines = [header.map((h) => cell(h, separator)).join(separator)];
  for (const { item, data } of rows) {
    const label = cell(item.label ?? `Sensor ${item.sensorId}`, separator);
    for (const b of data.buckets) {
      const values = [b.avg, b.min, b.max, b.last].map((v) => decimal(v, sign));
      lines.push([label, formatLocalDateTime(b.t, locale), ...values, String(b.count)].join(separator));
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
