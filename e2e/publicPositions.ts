// Issue 26.2 in the browser: every position a public page or an embed receives from the API is on its grid.
import { expect, type Page } from '@playwright/test';
import { onPublicGrid, PUBLIC_GRID_M } from '../packages/contract/src/publicPosition';

interface Seen {
  lat: number;
  lng: number;
  grid: number;
  url: string;
}

function collect(json: unknown, url: string, out: Seen[]): void {
  if (Array.isArray(json)) {
    for (const item of json) collect(item, url, out);
    return;
  }
  if (json === null || typeof json !== 'object') return;
  const o = json as Record<string, unknown>;
  const grid = typeof o.public_grid_m === 'number' ? o.public_grid_m : PUBLIC_GRID_M.default;
  if (typeof o.lat === 'number' && typeof o.lng === 'number') out.push({ lat: o.lat, lng: o.lng, grid, url });
  const coordinates = (o.geometry as { coordinates?: unknown } | undefined)?.coordinates;
  if (Array.isArray(coordinates)) {
    const [lng, lat] = coordinates as [number, number];
    // The public map's spears keep the default grid in the browser tests (or a multiple of it).
    out.push({ lat, lng, grid: PUBLIC_GRID_M.default, url });
  }
  for (const value of Object.values(o)) collect(value, url, out);
}

/** Records the positions in every JSON answer of the API the page receives. */
export function recordPositions(page: Page): Seen[] {
  const seen: Seen[] = [];
  page.on('response', async (response) => {
    if (!/\/api\//.test(response.url())) return;
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    const text = await response.text().catch(() => '');
    try {
      collect(JSON.parse(text), response.url(), seen);
    } catch {
      // Not JSON after all: nothing to check.
    }
  });
  return seen;
}

/** At least `atLeast` positions were received, each on its grid. */
export function expectOnGrid(seen: readonly Seen[], atLeast = 1) {
  expect(seen.length).toBeGreaterThanOrEqual(atLeast);
  const off = seen.filter((p) => !onPublicGrid(p.lat, p.lng, p.grid));
  expect(off.map((p) => `${p.url}: ${p.lat},${p.lng}`)).toEqual([]);
}
