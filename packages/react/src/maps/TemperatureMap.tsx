import { toEpochMs } from '@matnat/core';
import type { LayerGroup } from 'leaflet';
import { type CSSProperties, useLayoutEffect, useRef } from 'react';
import { formatAge, formatReading } from '../charts/format';
import { useResource } from '../data/resource';
import { useWidgetClient } from '../data/useWidgetClient';
import { useWidgetError } from '../data/widgetError';
import type { Messages } from '../messages';
import { useMessageGroups } from '../messages/context';
import { svMapGroups } from '../messages/sv';
import { WidgetRoot } from '../widgets/WidgetRoot';
import { mapStyles } from '../widgets/widgetCss';
import { TEMPERATURE_STOPS, temperatureColor, temperatureGradient } from './colorScale';
import { mapRuntime } from './mapRuntimeLibrary';
import { escapeHtml, OSM_TILE_URL, osmAttribution, type TileOptions, useLeafletMap } from './useLeafletMap';

export interface TemperatureMapProps extends TileOptions {
  /** Height of the map. @default 400 */
  height?: number | string;
  /** Refetch the readings this often, in milliseconds; 0 never. @default 300000 */
  refreshMs?: number;
  style?: CSSProperties;
  /** The first markers were added to the map. */
  onFirstMarker?(): void;
  /**
   * A region, `[[south, west], [north, east]]` in degrees: the map opens on it and shows only the spears
   * inside it. @default every public spear, the map fitted to them
   */
  bounds?: MapBounds;
}

/** `[[south, west], [north, east]]`, as Leaflet's `LatLngBoundsLiteral`. */
export type MapBounds = [[number, number], [number, number]];

/** `"south,west,north,east"` (a `data-bounds` attribute) as bounds; anything else is no bounds. */
export function parseBounds(text: string | undefined): MapBounds | undefined {
  const n = (text ?? '').split(',').map((part) => Number(part.trim()));
  if (n.length !== 4 || n.some((x) => !Number.isFinite(x))) return undefined;
  const [south, west, north, east] = n as [number, number, number, number];
  return [
    [south, west],
    [north, east],
  ];
}

export function inBounds([[south, west], [north, east]]: MapBounds, lat: number, lng: number): boolean {
  return lat >= south && lat <= north && lng >= west && lng <= east;
}

type Props = Record<string, unknown>;

function temperatureOf(p: Props): number | null {
  const v = p.temperature ?? p.value;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** `<br><small>` and how long ago the spear's reading was taken, or nothing without a time. */
function ageHtml(p: Props, messages: Pick<Messages, 'locale' | 'panel'>): string {
  const at = toEpochMs(p.measured_at as string | number | undefined);
  if (Number.isNaN(at)) return '';
  return `<br><small>${escapeHtml(formatAge(at, Date.now(), messages.locale, messages.panel.justNow))}</small>`;
}

function TemperatureMapView(props: TemperatureMapProps) {
  const { height = 400, refreshMs = 300_000, style, bounds } = props;
  const client = useWidgetClient('queries');
  const messages = useMessageGroups(svMapGroups);
  const m = messages.map;
  const containerRef = useRef<HTMLElement>(null);
  const { data, error } = useResource({
    ...client.queries.temperatureMap(),
    refetchInterval: refreshMs || false,
  });
  // The spears first, then the tiles behind them (useLeafletMap's holdTiles).
  const handle = useLeafletMap(
    containerRef,
    { url: props.tileUrl ?? OSM_TILE_URL, attribution: props.attribution ?? osmAttribution(m) },
    {},
    !data && !error,
  );
  const failure = useWidgetError(error, m.loadFailed);
  const firstMarker = useRef(false);
  const onFirstMarker = useRef(props.onFirstMarker);
  onFirstMarker.current = props.onFirstMarker;

  const region = bounds ? JSON.stringify(bounds) : null;
  useLayoutEffect(() => {
    // Clear of the colour scale's legend (mapRuntime.ts), which lies over the map's bottom-left.
    if (handle && region)
      mapRuntime.current()?.fitClearOfLegend(handle.map, JSON.parse(region) as MapBounds, 0);
  }, [handle, region]);

  // A layout effect: the markers reach the map in the commit that brought the data, not after a frame
  // (preact runs passive effects only after the next animation frame).
  useLayoutEffect(() => {
    if (!handle || !data) return;
    const within = region ? (JSON.parse(region) as MapBounds) : null;
    const { L, map } = handle;
    const layer: LayerGroup = L.layerGroup().addTo(map);
    const points: [number, number][] = [];
    for (const feature of data.features) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      if (!Number.isFinite(lat) || !Number.isFinite(lng)) continue;
      if (within && !inBounds(within, lat, lng)) continue;
      const p = (feature.properties ?? {}) as Props;
      const t = temperatureOf(p);
      points.push([lat, lng]);
      // Tooltip and popup text are made when first shown: formatting every spear's reading and age up front
      // (Intl's start-up included) delayed the first markers by tens of ms (issue 13).
      const value = () => (t == null ? '–' : `${formatReading(t, messages.locale)}\u00a0°C`);
      const title = escapeHtml(String(p.title ?? p.name ?? ''));
      L.circleMarker([lat, lng], {
        radius: 9,
        color: '#ffffff',
        weight: 2,
        fillColor: t == null ? '#9ca3af' : temperatureColor(t),
        fillOpacity: 0.95,
        className: 'matnat-temperature-marker',
      })
        .bindTooltip(() => `${title}: ${escapeHtml(value())}`)
        .bindPopup(
          () =>
            `<div class="matnat-popup"><strong>${title}</strong><br>${escapeHtml(m.temperature)}: ${escapeHtml(value())}${ageHtml(p, messages)}</div>`,
        )
        .addTo(layer);
    }
    if (points.length && !firstMarker.current) {
      firstMarker.current = true;
      if (!within) mapRuntime.current()?.fitClearOfLegend(map, points, 24, 10);
      globalThis.performance?.mark?.('matnat:temperature-map:first-marker');
      onFirstMarker.current?.();
    }
    return () => {
      layer.remove();
    };
  }, [handle, data, messages, m.temperature, region]);

  const min = (TEMPERATURE_STOPS[0] as [number, string])[0];
  const max = (TEMPERATURE_STOPS[TEMPERATURE_STOPS.length - 1] as [number, string])[0];
  return (
    <div className="matnat-map matnat-temperature-map" style={{ position: 'relative', ...style }}>
      <section
        ref={containerRef}
        className="matnat-map__canvas"
        aria-label={m.temperatureMapLabel}
        style={{ height }}
      />
      <figure className="matnat-legend" aria-label={m.legendTitle}>
        <figcaption>{m.legendTitle}</figcaption>
        <div className="matnat-legend__bar" style={{ background: temperatureGradient() }} />
        <div className="matnat-legend__ticks">
          {TEMPERATURE_STOPS.map(([t]) => (
            <span key={t}>{t === min ? `≤${t}` : t === max ? `≥${t}` : t}</span>
          ))}
        </div>
      </figure>
      {failure && !data ? (
        <p className="matnat-map__status" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}

/** The public temperature-spear map: one coloured dot per spear and a colour-scale legend. */
export function TemperatureMap(props: TemperatureMapProps) {
  return (
    <WidgetRoot sheet={mapStyles}>
      <TemperatureMapView {...props} />
    </WidgetRoot>
  );
}
