import { lazyLibrary } from '../widgets/lazyLibrary';
import { postTask } from '../widgets/oneWidgetPerTask';
import { formatReading } from './format';

/** lightweight-charts and our code that draws with it, loaded on first use (`chartRuntime.ts`). */
export type ChartLibrary = typeof import('./chartRuntime');

/** The next task: a long piece of start-up work runs apart from the one before it. */
const nextTask = () => new Promise<void>((resolve) => postTask(resolve));

// The default locale's axis formats are made while the library loads, alongside the data request (the
// page's first Intl.DateTimeFormat costs 15-45 ms: ICU's time zone data), then a chart is drawn once out of
// sight (warmUp), each in a task of its own rather than one long task with the library's evaluation.
// No warm-up when a chart's data came first: that chart is drawn at once and warms the code up itself.
export const chartLibrary = lazyLibrary<ChartLibrary>(() =>
  import('./chartRuntime').then(async (lib) => {
    await nextTask();
    lib.tickFormats('sv-SE');
    await nextTask();
    if (!dataWaiting) await lib.warmUp(lib);
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

let formatAsked = false;

/**
 * Starts loading the chart library (and its warm-up) now. A page about to show line charts calls it a task
 * before it mounts them, so that the library's request goes out ahead of the panels' data requests: on
 * HTTP/1.1 a page shares six connections per host, and a dashboard's library waited behind nine answers.
 * The readings' number format (the panels' threshold legends, the price axis) is made in the task after,
 * before the panels mount: a page's first Intl object costs V8 ~30 ms (~120 ms at Lighthouse's 4x CPU) to
 * read ICU's locales, and made in the panels' mount it made that one long task longer (issue 22).
 */
export function preloadCharts(): void {
  chartLibrary.load().catch(() => undefined);
  if (formatAsked) return;
  formatAsked = true;
  postTask(() => formatReading(0, 'sv-SE', 2));
}
