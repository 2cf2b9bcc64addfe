// The page half of `pnpm bench:render` for our chart: `?n=` points into TimeSeriesChart (`&overlays=1` with
// threshold steps, an alert's limit and its firing periods, issue 21), or `?year=` a LineChartPanel reading
// a year of minute readings from the API (`&api=`, `&token=`).
import { createRoot, type Root } from 'react-dom/client';
import { ALERT_BAND_COLOR, ALERT_LIMIT_COLOR } from '../../packages/react/src/charts/alertOverlays';
import { chartLibrary } from '../../packages/react/src/charts/chartLibrary';
import { LineChartPanel } from '../../packages/react/src/charts/LineChartPanel';
import {
  type ChartBand,
  type ChartLine,
  type ChartPoint,
  TimeSeriesChart,
} from '../../packages/react/src/charts/TimeSeriesChart';
import { thresholdColor } from '../../packages/react/src/charts/thresholds';
import { MatnatProvider } from '../../packages/react/src/provider/MatnatProvider';
import { afterTask, benchSeries, painted, params, report } from './benchPage';

const host = document.getElementById('chart') as HTMLElement;

/**
 * The box of a chart that waits for its data, rendered by React as LineChartPanel renders it (the page's
 * React has run before the data comes, as in any page with a panel).
 */
async function waitingBox(): Promise<{ box: HTMLElement; root: Root }> {
  const box = host.appendChild(document.createElement('div'));
  const root = createRoot(box);
  root.render(<div className="matnat-chart" style={{ height: 400 }} />);
  await painted();
  return { box, root };
}

interface Overlays {
  lines?: ChartLine[];
  bands?: ChartBand[];
}

/**
 * What a panel with thresholds and a firing alert draws over its data, as LineChartPanel hands it over:
 * three threshold steps in their theme colours, the alert's dashed limit, and two firing periods (one
 * ended, one still firing at the right edge) over the points' span.
 */
function overlaysFor(times: Float64Array): Overlays {
  const first = times[0] ?? 0;
  const span = (times[times.length - 1] ?? first) - first;
  return {
    lines: [
      { value: 4, color: thresholdColor('blue'), label: 'Kallt' },
      { value: 8, color: thresholdColor('green'), label: 'Normalt' },
      { value: 16, color: thresholdColor('red'), label: 'Varmt' },
      { value: 17, color: ALERT_LIMIT_COLOR, label: 'Värmelarm', dashed: true },
    ],
    bands: [
      { from: first + span * 0.2, to: first + span * 0.3, color: ALERT_BAND_COLOR },
      { from: first + span * 0.85, to: null, color: ALERT_BAND_COLOR },
    ],
  };
}

/** `n` points handed to a new TimeSeriesChart (lightweight-charts loaded), until its first painted frame. */
function chart(
  { box, root }: { box: HTMLElement; root: Root },
  points: ChartPoint[],
  overlays: Overlays,
): Promise<number> {
  return new Promise((resolve) => {
    performance.mark('matnat-bench:chart');
    const started = performance.now();
    root.render(
      <TimeSeriesChart
        height={400}
        series={[{ id: 'bench', label: 'bench', color: '#0d9488', points }]}
        lines={overlays.lines}
        bands={overlays.bands}
        onFirstData={() =>
          void painted().then((at) => {
            root.unmount();
            box.remove();
            resolve(at - started);
          })
        }
      />,
    );
  });
}

/** `?charts=` charts one after the other in this page: the first on a fresh page, the rest warm. */
async function charts(n: number, count: number): Promise<void> {
  // The points are made while the library loads, as a panel's data and the library arrive side by side:
  // the garbage collection of making them then falls outside the measured time, as for uPlot's input.
  const { times, values } = benchSeries(n);
  const points: ChartPoint[] = Array.from(times, (time, i) => ({ time, value: values[i] as number }));
  const overlays = params.get('overlays') === '1' ? overlaysFor(times) : {};
  await chartLibrary.load();
  const ms: number[] = [];
  for (let i = 0; i < count; i++) {
    const waiting = await waitingBox();
    await afterTask();
    ms.push(await chart(waiting, points, overlays));
  }
  report(ms);
}

async function year(sensorId: string): Promise<void> {
  await chartLibrary.load();
  const config = {
    baseUrl: params.get('api') ?? '',
    auth: { embedToken: params.get('token') ?? '' },
  };
  performance.mark('matnat-bench:chart');
  const started = performance.now();
  createRoot(host).render(
    <MatnatProvider config={config}>
      <LineChartPanel
        items={[{ sensorId, label: 'Ett år' }]}
        range="prev_year"
        showTimeFilter={false}
        height={400}
        onFirstData={() => {
          const drawn = performance.now();
          void painted().then((at) => {
            const api = performance
              .getEntriesByType('resource')
              .find((e) => e.name.includes('/measurements')) as PerformanceResourceTiming | undefined;
            // Total; the request's start after mounting, its duration; the data drawn after the answer.
            report([
              at - started,
              api ? api.startTime - started : Number.NaN,
              api ? api.responseEnd - api.startTime : Number.NaN,
              api ? drawn - api.responseEnd : Number.NaN,
            ]);
          });
        }}
      />
    </MatnatProvider>,
  );
}

const yearSensor = params.get('year');
void (yearSensor ? year(yearSensor) : charts(Number(params.get('n')), Number(params.get('charts') ?? 1)));
