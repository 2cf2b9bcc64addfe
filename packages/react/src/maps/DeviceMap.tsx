import { type Sensor, toEpochMs } from '@matnat/core';
import type { CircleMarker, LayerGroup, Map as LeafletMap } from 'leaflet';
import { type CSSProperties, useEffect, useRef } from 'react';
import { formatAge, formatReading } from '../charts/format';
import { fetchResource } from '../data/resource';
import { useWidgetClient, type WidgetClientLike } from '../data/useWidgetClient';
import type { Messages } from '../messages';
import { useMessages } from '../messages';
import { useExternalStore } from '../provider/hooks';
import { WidgetRoot } from '../widgets/WidgetRoot';
import type { MapFeature, MapFeatureCollection } from './geo';
import {
  escapeHtml,
  OSM_ATTRIBUTION,
  OSM_TILE_URL,
  SATELLITE_ATTRIBUTION,
  SATELLITE_TILE_URL,
  type TileOptions,
  useLeafletMap,
} from './useLeafletMap';

export interface DeviceMapProps extends TileOptions {
  /** Devices as `devicesToFeatureCollection` gives them (devices without lat/lng left out). */
  devices: MapFeatureCollection;
  /** Satellite tile URL template. @default Esri World Imagery */
  satelliteTileUrl?: string;
  /** @default Esri's attribution */
  satelliteAttribution?: string;
  /** Height of the map. @default 400 */
  height?: number | string;
  style?: CSSProperties;
  /** A marker was clicked. */
  onSelect?(feature: MapFeature): void;
}

type Props = Record<string, unknown>;

function featureTitle(p: Props): string {
  return String(p.title ?? p.external_device_id ?? p.id ?? '');
}

type PopupSensor = Pick<Sensor, 'id'> & Partial<Pick<Sensor, 'name' | 'unit' | 'type'>>;

function sensorsOf(p: Props): PopupSensor[] {
  return Array.isArray(p.sensors) ? (p.sensors as PopupSensor[]) : [];
}

function readingRow(
  label: string,
  value: number | null | undefined,
  unit: string,
  at: unknown,
  m: Messages,
): string {
  const text = value == null ? '–' : `${formatReading(value, m.locale)}${unit ? `\u00a0${unit}` : ''}`;
  const ms = toEpochMs(at as string | number | null | undefined);
  const age = Number.isNaN(ms)
    ? ''
    : ` <small>${escapeHtml(formatAge(ms, Date.now(), m.locale, m.panel.justNow))}</small>`;
  return `<li>${label ? `${escapeHtml(label)}: ` : ''}<strong>${escapeHtml(text)}</strong>${age}</li>`;
}

/**
 * A device's popup: the default sensor's latest reading that `devicesToFeatureCollection` puts
 * on the feature (`value`, `unit`, `measured_at`), and, for features that list their `sensors`, each
 * sensor's latest reading fetched when the popup opens.
 * @internal exported for tests
 */
export async function popupHtml(
  p: Props,
  client: Pick<WidgetClientLike, 'queries'> | undefined,
  m: Messages,
): Promise<string> {
  const rows: string[] = [];
  if (typeof p.value === 'number') rows.push(readingRow('', p.value, String(p.unit ?? ''), p.measured_at, m));
  for (const sensor of sensorsOf(p)) {
    const reading = client
      ? await fetchResource(client, client.queries.latest(sensor.id), POPUP_STALE_MS).catch(() => null)
      : null;
    const label = sensor.name ?? sensor.type ?? `Sensor ${sensor.id}`;
    rows.push(readingRow(label, reading?.value, sensor.unit ?? reading?.unit ?? '', reading?.measured_at, m));
  }
  const body = rows.length
    ? `<p>${escapeHtml(m.map.latest)}</p><ul>${rows.join('')}</ul>`
    : `<p>${escapeHtml(m.map.noReadings)}</p>`;
  return `<div class="matnat-popup"><strong>${escapeHtml(featureTitle(p))}</strong>${body}</div>`;
}

/** A popup opened again within this time shows the readings it fetched before. */
const POPUP_STALE_MS = 30_000;

function DeviceMapView(props: DeviceMapProps) {
  const { devices, height = 400, style } = props;
  const client = useWidgetClient('queries', 'localSettings');
  const messages = useMessages();
  const containerRef = useRef<HTMLElement>(null);
  // Spec §3 local setting useSatellite, kept by the core under the key 'settings'.
  const satellite = useExternalStore(client.localSettings)?.useSatellite === true;

  const tiles = satellite
    ? {
        url: props.satelliteTileUrl ?? SATELLITE_TILE_URL,
        attribution: props.satelliteAttribution ?? SATELLITE_ATTRIBUTION,
      }
    : { url: props.tileUrl ?? OSM_TILE_URL, attribution: props.attribution ?? OSM_ATTRIBUTION };
  const handle = useLeafletMap(containerRef, tiles);
  const latest = useRef({ client, messages, onSelect: props.onSelect });
  latest.current = { client, messages, onSelect: props.onSelect };
  const fitted = useRef(false);

  useEffect(() => {
    if (!handle) return;
    const { L, map } = handle;
    const layer: LayerGroup = L.layerGroup().addTo(map);
    const points: [number, number][] = [];
    for (const feature of devices.features) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      if (!Number.isFinite(lat) || !Number.isFinite(lng)) continue;
      points.push([lat, lng]);
      const p = (feature.properties ?? {}) as Props;
      const marker = L.circleMarker([lat, lng], {
        radius: 8,
        color: '#ffffff',
        weight: 2,
        fillColor: '#0d9488',
        fillOpacity: 1,
        className: 'matnat-device-marker',
      });
      marker.bindTooltip(escapeHtml(featureTitle(p)));
      bindFilledPopup(marker, map, latest.current.messages.panel.loading, async (el) => {
        el.innerHTML = await popupHtml(p, latest.current.client, latest.current.messages);
      });
      marker.on('click', () => latest.current.onSelect?.(feature));
      marker.addTo(layer);
    }
    if (!fitted.current && points.length) {
      fitted.current = true;
      map.fitBounds(points, { padding: [24, 24], maxZoom: 12 });
    }
    return () => {
      layer.remove();
    };
  }, [handle, devices]);

  const toggle = () => client.localSettings.set({ useSatellite: !satellite });

  return (
    <div className="matnat-map matnat-device-map" style={{ position: 'relative', ...style }}>
      <section
        ref={containerRef}
        className="matnat-map__canvas"
        aria-label={messages.map.mapLabel}
        style={{ height }}
      />
      <button
        type="button"
        className="matnat-map__toggle matnat-widget-button"
        aria-pressed={satellite}
        onClick={toggle}
      >
        {satellite ? messages.map.streetMap : messages.map.satellite}
      </button>
    </div>
  );
}

/**
 * A popup whose content arrives after it opens. Leaflet pans an opening popup into view, but the filled-in
 * content is taller, and a popup opened while the map still moves (its first fit, a resize) is placed by
 * where the map was; so the popup is laid out and panned into view again when its content arrives and when
 * the map settles (zoomend, resize) while it is open. The content element is kept while the popup is open:
 * Leaflet calls a content function again on every update(), which must not start the fetch over.
 */
/** @internal exported for tests */
export function bindFilledPopup(
  marker: CircleMarker,
  map: LeafletMap,
  loading: string,
  fill: (el: HTMLElement) => Promise<void>,
): void {
  let content: HTMLElement | null = null;
  const relayout = () => {
    if (marker.isPopupOpen()) marker.getPopup()?.update();
  };
  marker.bindPopup(() => {
    if (content) return content;
    const el = document.createElement('div');
    el.textContent = loading;
    content = el;
    void fill(el).then(relayout, relayout);
    return el;
  });
  marker.on('popupopen', () => map.on('zoomend resize', relayout));
  marker.on('popupclose', () => {
    content = null;
    map.off('zoomend resize', relayout);
  });
}

/** Devices on a map, popups with their latest readings, and a satellite toggle remembered in 'settings'. */
export function DeviceMap(props: DeviceMapProps) {
  return (
    <WidgetRoot>
      <DeviceMapView {...props} />
    </WidgetRoot>
  );
}
