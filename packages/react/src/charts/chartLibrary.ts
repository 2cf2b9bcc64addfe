import { lazyLibrary } from '../widgets/lazyLibrary';
import { postTask } from '../widgets/oneWidgetPerTask';
import { baseOptions } from './chartOptions';
import { ThinnedLines } from './thinnedLines';
import { tickFormats } from './tickFormats';

export type ChartLibrary = Pick<typeof import('lightweight-charts'), 'createChart' | 'LineSeries'>;

/** Points of the warm-up chart's line. */
const WARM_UP_POINTS = 5000;
/** Longest wait for the warm-up chart's frame (a page in a background tab draws no frames). */
const WARM_UP_MS = 150;

/**
 * Draws a small chart once out of sight, as ours are made (options, a thinned line, axis labels), and removes it
 * after its first frame: the chart library's code then runs compiled when the first data arrives, instead
 * of being compiled while the visitor waits for the first chart (about half of its time, issue 13).
 */
export function warmUp(lib: ChartLibrary): Promise<void> {
  if (typeof document === 'undefined' || !document.body) return Promise.resolve();
  const box = document.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  box.style.cssText = 'position:fixed;left:-10000px;width:480px;height:240px';
  document.body.append(box);
  const chart = lib.createChart(box, baseOptions('sv-SE', 240, box));
  const line = chart.addSeries(lib.LineSeries, { lineWidth: 2, priceLineVisible: false });
  // Enough minute readings to be thinned to the box's pixel columns, as a long series is (thinning.ts).
  const points = Array.from({ length: WARM_UP_POINTS }, (_, i) => ({
    time: i * 60_000,
    value: 10 + Math.sin(i / 90),
  }));
  const lines = new ThinnedLines(chart, () => 480);
  lines.set(line, points);
  lines.draw(true);
  return new Promise((resolve) => {
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      cancelAnimationFrame(frame);
      chart.remove();
      box.remove();
      resolve();
    };
    // The library paints in its own animation frame callback, which runs before this one.
    const frame = requestAnimationFrame(() => setTimeout(done, 0));
    const timer = setTimeout(done, WARM_UP_MS);
  });
}

/** The next task: a long piece of start-up work runs apart from the one before it. */
const nextTask = () => new Promise<void>((resolve) => postTask(resolve));

// The default locale's axis formats are made while the library loads, alongside the data request (the
// page's first Intl.DateTimeFormat costs 15-45 ms: ICU's time zone data), then a chart is drawn once out of
// sight (warmUp), each in a task of its own rather than one long task with the library's evaluation.
// No warm-up when a chart's data came first: that chart is drawn at once and warms the code up itself.
export const chartLibrary = lazyLibrary<ChartLibrary>(() =>
  import('lightweight-charts').then(async (lib) => {
    await nextTask();
    tickFormats('sv-SE');
    await nextTask();
    if (!dataWaiting) await warmUp(lib);
    return lib;
  }),
);

let dataWaiting = false;

/** The library for a chart that has its data: asking for it before it loaded skips the warm-up. */
export const chartLibraryForData: typeof chartLibrary = {
  ...chartLibrary,
  load() {
    dataWaiting = true;
    return chartLibrary.load();
  },
};

/**
 * Starts loading the chart library (and its warm-up) now. A page about to show line charts calls it a task
 * before it mounts them, so that the library's request goes out ahead of the panels' data requests: on
 * HTTP/1.1 a page shares six connections per host, and a dashboard's library waited behind nine answers.
 */
export function preloadCharts(): void {
  chartLibrary.load().catch(() => undefined);
}
