// Issue 22: the built-in basemap's lines as basemapSource.ts stores them and basemap.ts reads them back.
// A line is its points in Web Mercator's unit square, quantized to `BASEMAP_STEPS` steps a side and stored
// as differences from the point before (the first from 0, 0), each a zigzag varint of 5-bit digits written
// as the characters 63–126 (the scheme of Google's encoded polylines), after the count of its points: a
// string that JSON carries as it is, read back with no parsing beyond one pass over its characters.

/** Steps a side of the unit square: 2¹⁸, a pixel at zoom 10 (the data is Natural Earth's 1:50m). */
export const BASEMAP_STEPS = 2 ** 17;

function pushVarint(out: string[], value: number): void {
  let v = value < 0 ? ~(value * 2) : value * 2;
  while (v >= 0x20) {
    out.push(String.fromCharCode((0x20 | (v & 0x1f)) + 63));
    v = Math.floor(v / 32);
  }
  out.push(String.fromCharCode(v + 63));
}

/** A line in the unit square (x0, y0, x1, y1, …) as a string, its points rounded to the steps. */
export function encodeLine(line: ArrayLike<number>): string {
  const out: string[] = [];
  pushVarint(out, line.length / 2);
  let lastX = 0;
  let lastY = 0;
  for (let i = 0; i < line.length; i += 2) {
    const x = Math.round((line[i] as number) * BASEMAP_STEPS);
    const y = Math.round((line[i + 1] as number) * BASEMAP_STEPS);
    pushVarint(out, x - lastX);
    pushVarint(out, y - lastY);
    lastX = x;
    lastY = y;
  }
  return out.join('');
}

/** An encoded line back in the unit square (x0, y0, x1, y1, …). */
export function decodeLine(text: string): Float64Array {
  let at = 0;
  const next = (): number => {
    let v = 0;
    let shift = 1;
    let c: number;
    do {
      c = text.charCodeAt(at++) - 63;
      v += (c & 0x1f) * shift;
      shift *= 32;
    } while (c >= 0x20);
    return v % 2 ? -(v + 1) / 2 : v / 2;
  };
  const line = new Float64Array(next() * 2);
  let x = 0;
  let y = 0;
  for (let i = 0; i < line.length; i += 2) {
    x += next();
    y += next();
    line[i] = x / BASEMAP_STEPS;
    line[i + 1] = y / BASEMAP_STEPS;
  }
  return line;
}
