// The page half of `pnpm bench:render`: time from handing data to the chart to its first painted frame.
import { createRoot } from 'react-dom/client';
import { chartLibrary } from '../../packages/react/src/charts/chartLibrary';
import { type ChartPoint, TimeSeriesChart } from '../../packages/react/src/charts/TimeSeriesChart';

function points(n: number): ChartPoint[] {
  const start = Date.UTC(2026, 0, 1);
  const step = 60_000;
  return Array.from({ length: n }, (_, i) => ({
    time: start + i * step,
    value: 10 + 8 * Math.sin(i / 500) + Math.random(),
  }));
}

const nextFrame = () => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now())));

async function run(n: number): Promise<number> {
  await chartLibrary.load();
  const data = points(n);
  const host = document.getElementById('chart') as HTMLElement;
  const root = createRoot(host);
  const started = performance.now();
  const painted = new Promise<number>((resolve) => {
    root.render(
      <TimeSeriesChart
        height={400}
        series={[{ id: 'bench', label: 'bench', color: '#0d9488', points: data }]}
        onFirstData={() => {
          // lightweight-charts draws on the next animation frame; the one after it is on screen.
          void nextFrame().then(nextFrame).then(resolve);
        }}
      />,
    );
  });
  const ms = (await painted) - started;
  const canvas = host.querySelector('canvas');
  if (!canvas || canvas.width === 0) throw new Error('no chart was painted');
  root.unmount();
  return ms;
}

(window as unknown as { runBench: typeof run }).runBench = run;
