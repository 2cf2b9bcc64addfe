import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binSeconds, type ChartPoint, type Sample, SLOTS_PER_BIN, thinToBins, toSamples } from './thinning';

/** Minute readings from `start` (epoch seconds); `undefined` is a gap. */
const minute = (values: (number | undefined)[], start = 1_767_225_600): ChartPoint[] =>
  values.map((value, i) => ({ time: (start + i * 60) * 1000, value: value ?? null }));

const binOf = (time: number, bin: number) => Math.floor(time / bin);

function valuesByBin(points: Sample[], bin: number): Map<number, number[]> {
  const byBin = new Map<number, number[]>();
  for (const p of points) {
    if (p.value === undefined) continue;
    const key = binOf(p.time, bin);
    byBin.set(key, [...(byBin.get(key) ?? []), p.value]);
  }
  return byBin;
}

describe('thinToBins (a pixel column keeps its minimum and maximum)', () => {
  it('keeps every single-sample spike, up and down, of a noisy series (property)', () => {
    const bin = 1024;
    const samplesPerBin = bin / 60;
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 50, maxLength: 3000 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        (noise, picks) => {
          const values: (number | undefined)[] = [...noise];
          // Spikes at least a bin apart, so that no two share a bin (which would be one pixel column).
          const spikes = new Map<number, number>();
          for (const pick of picks) {
            const at = pick % values.length;
            if ([...spikes.keys()].some((s) => Math.abs(s - at) < samplesPerBin + 1)) continue;
            const spike = spikes.size % 2 ? -10 - spikes.size : 10 + spikes.size;
            spikes.set(at, spike);
            values[at] = spike;
          }
          const thinned = thinToBins(minute(values), bin);
          for (const [at, spike] of spikes) {
            const time = (minute(values)[at]?.time as number) / 1000;
            const kept = thinned.filter((p) => binOf(p.time, bin) === binOf(time, bin)).map((p) => p.value);
            expect(kept).toContain(spike);
          }
        },
      ),
    );
  });

  it('keeps the minimum and maximum of every bin and draws no value a bin did not have (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: -1000, max: 1000 }), { nil: undefined, freq: 20 }), {
          minLength: 1,
          maxLength: 2000,
        }),
        fc.constantFrom(4, 64, 256, 4096),
        (values, bin) => {
          const raw = minute(values);
          const before = valuesByBin(toSamples(raw), bin);
          const after = valuesByBin(thinToBins(raw, bin), bin);
          expect([...after.keys()]).toEqual([...before.keys()]);
          for (const [key, vs] of before) {
            const kept = after.get(key) ?? [];
            expect(Math.min(...kept)).toBe(Math.min(...vs));
            expect(Math.max(...kept)).toBe(Math.max(...vs));
            for (const v of kept) expect(vs).toContain(v);
          }
        },
      ),
    );
  });

  it('places the same number of points at the same times in every bin, strictly ascending', () => {
    const bin = 1024;
    const thinned = thinToBins(minute(Array.from({ length: 5000 }, (_, i) => Math.sin(i / 50))), bin);
    for (let i = 1; i < thinned.length; i++) {
      expect((thinned[i] as Sample).time).toBeGreaterThan((thinned[i - 1] as Sample).time);
    }
    const perBin = new Map<number, number>();
    for (const p of thinned) {
      perBin.set(binOf(p.time, bin), (perBin.get(binOf(p.time, bin)) ?? 0) + 1);
      expect(p.time % (bin / 4)).toBe(0);
    }
    // All but the last bin, which also keeps the series' last point.
    expect(new Set([...perBin.values()].slice(0, -1))).toEqual(new Set([SLOTS_PER_BIN]));
    expect(thinned.length).toBeLessThan(5000 / 8);
  });

  it('keeps the order of a bin’s maximum and minimum, and draws a lone point as wide as a pair', () => {
    const thinned = thinToBins(minute([5, 9, 1, 7, 3, 6, 2, 8, 4, 7], 0), 256);
    expect(thinned).toEqual([
      { time: 0, value: 9 },
      { time: 64, value: 1 },
      { time: 256, value: 2 },
      { time: 320, value: 8 },
      { time: 512, value: 7 },
      { time: 576, value: 7 },
    ]);
  });

  it('ends with the series’ last point (the latest reading and its price label)', () => {
    const thinned = thinToBins(minute([5, 9, 1, 7, 3, 6, 2, 8, 4], 0), 256);
    expect(thinned.map((p) => p.value)).toEqual([9, 1, 2, 8, 4]);
  });

  it('keeps a gap inside a bin as a gap', () => {
    const thinned = thinToBins(minute([1, 2, undefined, 3, 4], 0), 4096);
    expect(thinned.some((p) => p.value === undefined)).toBe(true);
    expect(thinned.every((p) => !('value' in p) || p.value !== null)).toBe(true);
    expect(thinned.filter((p) => p.value !== undefined).map((p) => p.value)).toEqual(
      expect.arrayContaining([1, 4]),
    );
  });
});

describe('toSamples', () => {
  it('gives lightweight-charts strictly ascending seconds: a bucket finer than a second collapses to the last', () => {
    const points = [
      { time: 1_000, value: 1 },
      { time: 1_500, value: 2 },
      { time: 2_000, value: null },
      { time: 1_999, value: 9 },
      { time: 3_000, value: 3 },
    ];
    expect(toSamples(points)).toEqual([{ time: 1, value: 2 }, { time: 2 }, { time: 3, value: 3 }]);
  });
});

describe('binSeconds', () => {
  it('gives every pixel column at least one bin and at most one and a half', () => {
    for (const [span, columns] of [
      [6_000_000, 1000],
      [600_000, 375],
      [86_400, 1280],
    ] as const) {
      const bin = binSeconds(span, columns, span, 1_000_000);
      expect(span / bin).toBeGreaterThanOrEqual(columns);
      expect(span / bin).toBeLessThan(1.5 * columns);
      expect(bin % 4).toBe(0);
    }
  });

  it('draws every point when thinning would not draw fewer', () => {
    // 1,000 minute readings in 1,000 px: the bins would hold more points than the series has.
    expect(binSeconds(60_000, 1000, 60_000, 1000)).toBe(0);
    expect(binSeconds(100, 1000, 100, 10)).toBe(0);
    expect(binSeconds(6_000_000, 0, 6_000_000, 100_000)).toBe(0);
  });

  it('thins a series much longer than its pixel columns', () => {
    // 100,000 minute readings in 1,000 columns: bins of 4 · round(√2²¹) = 5,792 s, 1,036 of them.
    expect(binSeconds(6_000_000, 1000, 6_000_000, 100_000)).toBe(5792);
  });
});
