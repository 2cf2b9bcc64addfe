/** Colour stops of the temperature scale, °C → colour, cold blue to hot red. */
export const TEMPERATURE_STOPS: [number, string][] = [
  [-20, '#313695'],
  [-10, '#4575b4'],
  [0, '#74add1'],
  [10, '#fee090'],
  [20, '#f46d43'],
  [30, '#a50026'],
];

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** The scale's colour for a temperature, interpolated between stops and clamped at the ends. */
export function temperatureColor(celsius: number, stops: [number, string][] = TEMPERATURE_STOPS): string {
  const first = stops[0] as [number, string];
  const last = stops[stops.length - 1] as [number, string];
  if (!(celsius > first[0])) return first[1];
  if (celsius >= last[0]) return last[1];
  for (let i = 1; i < stops.length; i++) {
    const [t1, c1] = stops[i] as [number, string];
    const [t0, c0] = stops[i - 1] as [number, string];
    if (celsius <= t1) {
      const f = (celsius - t0) / (t1 - t0);
      const a = hexToRgb(c0);
      const b = hexToRgb(c1);
      const mix = a.map((v, k) => Math.round(v + ((b[k] as number) - v) * f));
      return `#${mix.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    }
  }
  return last[1];
}

/** CSS gradient of the scale, for the legend. */
export function temperatureGradient(stops: [number, string][] = TEMPERATURE_STOPS): string {
  const min = (stops[0] as [number, string])[0];
  const max = (stops[stops.length - 1] as [number, string])[0];
  return `linear-gradient(to right, ${stops.map(([t, c]) => `${c} ${(((t - min) / (max - min)) * 100).toFixed(0)}%`).join(', ')})`;
}
