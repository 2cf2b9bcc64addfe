// The peer of `npm run bench:web:dashboard` (issue 22): a plain page, no React, no router, no SDK, that fetches
// the same panels' buckets from the same API (same origin, the same session cookie) and draws each with
// lightweight-charts alone, as our panels draw them: a line of the averages and the min/max band lines per
// sensor, in a grid of the same sizes (6 of 12 columns, 3 rows of 80 px). `?panels=1,2;2,3;…` (a panel's
// sensors; panels separated by ';'), `&range_slug=…&interval_slug=…`. Each panel sets the performance mark
// `matnat:panel-painted:{index}` once its chart drew its data, as the app's panels do.
import { createChart, LineSeries, type UTCTimestamp } from 'lightweight-charts';

interface Bucket {
  t: number;
  avg: number | null;
  min: number | null;
  max: number | null;
}

const params = new URLSearchParams(location.search);
const panels = (params.get('panels') ?? '').split(';').map((p) => p.split(',').map(Number));
const query = new URLSearchParams({
  range_slug: params.get('range_slug') ?? 'prev_5_days',
  interval_slug: params.get('interval_slug') ?? '15_m',
  max_points: '1000',
});

const grid = document.createElement('ol');
grid.style.cssText =
  'display:grid;grid-template-columns:repeat(12,minmax(0,1fr));gap:16px;max-width:1280px;margin:150px auto 0;padding:0 24px;list-style:none';
document.body.append(grid);

async function buckets(sensor: number): Promise<Bucket[]> {
  const res = await fetch(`/api/v1/sensor/${sensor}/measurements?${query}`, {
    headers: { accept: 'application/json' },
  });
  const body = await res.json();
  return (body.data ?? body).buckets as Bucket[];
}

const line = (rows: Bucket[], key: 'avg' | 'min' | 'max') =>
  rows.flatMap((b) =>
    b[key] == null ? [] : [{ time: (b.t / 1000) as UTCTimestamp, value: b[key] as number }],
  );

panels.forEach((sensors, index) => {
  const cell = document.createElement('li');
  cell.dataset.panelId = String(index);
  cell.style.cssText = 'grid-column:span 6/span 6;padding:8px;min-width:0';
  const box = document.createElement('div');
  box.style.cssText = 'height:240px;margin-top:64px;position:relative';
  cell.append(box);
  grid.append(cell);
  void Promise.all(sensors.map(buckets)).then((answers) => {
    const chart = createChart(box, { height: 240, layout: { attributionLogo: false } });
    answers.forEach((rows, i) => {
      const color = ['#0f766e', '#b45309'][i % 2] as string;
      chart
        .addSeries(LineSeries, { color, lineWidth: 2, priceLineVisible: false })
        .setData(line(rows, 'avg'));
      for (const key of ['min', 'max'] as const)
        chart
          .addSeries(LineSeries, { color: `${color}66`, lineWidth: 1, lineStyle: 2, priceLineVisible: false })
          .setData(line(rows, key));
    });
    chart.timeScale().fitContent();
    performance.mark(`matnat:panel-painted:${index}`);
  });
});
