// What every bench page shares: the same data for every chart, and the signal the runner listens for.

/** `n` minute readings: a slow wave plus deterministic noise, so that both charts draw the same line. */
export function benchSeries(n: number): { times: Float64Array; values: Float64Array } {
  const start = Date.UTC(2026, 0, 1);
  const times = new Float64Array(n);
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const noise = Math.sin(i * 12.9898) * 43_758.5453;
    times[i] = start + i * 60_000;
    values[i] = 10 + 8 * Math.sin(i / 500) + (noise - Math.floor(noise));
  }
  return { times, values };
}

export const params = new URLSearchParams(location.search);

export const nextFrame = () => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now())));

/** The chart's library draws on the next animation frame; the frame after it is on screen. */
export const painted = () => nextFrame().then(nextFrame);

/** A fresh task, as data arriving from the network starts one (not inside an animation frame). */
export const afterTask = () => new Promise<void>((r) => setTimeout(r, 0));

/** Tells the runner (renderBench.ts, which listens to the console) what was measured, in milliseconds. */
export function report(ms: number[]): void {
  performance.mark('matnat-bench:done');
  console.log(`matnat-bench ${JSON.stringify(ms)}`);
}

/**
 * A peer's half of the chart bench: `?charts=` charts one after the other, each drawn by `draw` in a fresh
 * task and timed to its first painted frame; `draw` returns how to remove its chart.
 */
export async function peerCharts(draw: () => () => void): Promise<void> {
  const ms: number[] = [];
  for (let i = 0; i < Number(params.get('charts') ?? 1); i++) {
    await afterTask();
    performance.mark('matnat-bench:chart');
    const started = performance.now();
    const remove = draw();
    ms.push((await painted()) - started);
    remove();
  }
  report(ms);
}
