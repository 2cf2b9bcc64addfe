// CPU profiles for the benches: one phase of a process profiled by the inspector (not the whole run, as
// --cpu-prof would), and a profile's top self-time functions and packages.
import { renameSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
}

/** Starts profiling this process; the function returned stops it and writes the profile to `file`. */
export async function profileThisProcess(file: string): Promise<() => Promise<CpuProfile>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    // Whole or not at all for a reader polling for it.
    writeFileSync(`${file}.part`, JSON.stringify(profile));
    renameSync(`${file}.part`, file);
    return profile as unknown as CpuProfile;
  };
}

const shortUrl = (url: string) =>
  url.replace(/.*node_modules\/(\.pnpm\/)?/, '').replace(/^file:\/\/\/work\/[^/]+\//, '');

/** The `n` functions with the most self time, and the packages (or our files) with the most. */
export function summarise(profile: CpuProfile, n = 30): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const perFile = new Map<string, number>();
  for (const sample of profile.samples) {
    const f = byId.get(sample)!.callFrame;
    const key = `${f.functionName || '(anon)'} ${shortUrl(f.url)}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + 1);
    const file = f.url.includes('node_modules')
      ? f.url.replace(/.*node_modules\/(\.pnpm\/)?([^/]+).*/, '$2')
      : shortUrl(f.url) || f.functionName;
    perFile.set(file, (perFile.get(file) ?? 0) + 1);
  }
  const total = profile.samples.length;
  const top = (m: Map<string, number>, count: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`)
      .join('\n');
  return `--- top self time (${total} samples)\n${top(self, n)}\n--- by package/file\n${top(perFile, 20)}`;
}
