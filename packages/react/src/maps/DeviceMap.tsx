import { DEVICE_STATES, type DeviceState } from '@matnat/contract/plain';
import { type Sensor, toEpochMs } from '@matnat/core';
import type { CircleMarker, LayerGroup, Map as LeafletMap, LeafletMouseEvent } from 'leaflet';
import { type CSSProperties, useEffect, useRef } from 'react';
import { formatAge, formatReading } from '../charts/format';
import { fetchResource } from '../data/resource';
import { useWidgetClient, type WidgetClientLike } from '../data/useWidgetClient';
import type { Messages } from '../messages';
import { useMessages } from '../messages';
import { useExternalStore } from '../provider/hooks';
import { WidgetRoot } from '../widgets/WidgetRoot';
import { mapStyles } from '../widgets/widgetCss';
import type { MapFeature, MapFeatureCollection } from './geo';
import { mapRuntime } from './mapRuntimeLibrary';
import {
  escapeHtml,
  OSM_TILE_URL,
  osmAttribution,
  SATELLITE_TILE_URL,
  satelliteAttribution,
  type TileOptions,
  useLeafletMap,
} from './useLeafletMap';

export interface DeviceMapProps extends TileOptions {
  /** Devices as `devicesToFeatureCollection` gives them (devices without lat/lng left out). */
  devices: MapFeatureCollection;
  /** Satellite tile URL template. @default Esri World Imagery */
  satelliteTileUrl?: string;
  /** @default Esri's attribution, in the messages' language */
  satelliteAttribution?: string;
  /**
   * Show the legend of the markers' colours (OK, Tyst, Larm, Ej hörd) with how many devices are in each.
   * @default true when a feature carries a `state`
   */
  legend?: boolean;
  /** Height of the map. @default 400 */
  height?: number | string;
  style?: CSSProperties;
  /** A marker was clicked. */
  onSelect?(feature: MapFeature): void;
  /** The device to show: the map centres on its marker and opens its popup. @default undefined */
  selectedId?: number | string;
  /** Where a popup's 'Visa mätenhet' link goes; without it the popup has no link. @default undefined */
  deviceHref?(feature: MapFeature): string;
  /** The map itself was clicked (placing a device, say). @default undefined */
  onMapClick?(lat: number, lng: number): void;
}

type Props = Record<string, unknown>;

function featureTitle(p: Props): string {
  return String(p.title ?? p.external_device_id ?? p.id ?? '');
}

/** A feature's `state` (issue 21), when it carries a known one. */
export function featureState(p: Props | null | undefined): DeviceState | null {
  const state = p?.state;
  return DEVICE_STATES.includes(state as DeviceState) ? (state as DeviceState) : null;
}

/** Marker fills by state before the kit's styles apply theirs (`--matnat-success`, `--matnat-danger`). */
const STATE_FILL: Record<DeviceState, string> = {
  ok: '#16a34a',
  silent: '#d97706',
  alarm: '#dc2626',
  unheard: '#9ca3af',
};

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
 * A device's popup: for features that list their `sensors`, each sensor's latest reading fetched when
 * the popup opens; else the default sensor's latest reading that `devicesToFeatureCollection` puts on
 * the feature (`value`, `unit`, `measured_at`). With `href`, a 'Visa mätenhet' link.
 * @internal exported for tests
 */
export async function popupHtml(
  p: Props,
  client: Pick<WidgetClientLike, 'queries'> | undefined,
  m: Messages,
  href?: string,
): Promise<string> {
  const rows: string[] = [];
  const sensors = sensorsOf(p);
  // The listed sensors include the default one: its reading is then shown once, with its name.
  if (typeof p.value === 'number' && !sensors.length)
    rows.push(readingRow('', p.value, String(p.unit ?? ''), p.measured_at, m));
  for (const sensor of sensors) {
    const reading = client
      ? await fetchResource(client, client.queries.latest(sensor.id), POPUP_STALE_MS).catch(() => null)
      : null;
    const label = sensor.name ?? sensor.type ?? `Sensor ${sensor.id}`;
    rows.push(readingRow(label, reading?.value, sensor.unit ?? reading?.unit ?? '', reading?.measured_at, m));
  }
  const body = rows.length
    ? `<p>${escapeHtml(m.map.latest)}</p><ul>${rows.join('')}</ul>`
    : `<p>${escapeHtml(m.map.noReadings)}</p>`;
  const link = href
    ? `<a class="matnat-popup__link" href="${escapeHtml(href)}">${escapeHtml(m.map.showDevice)}</a>`
    : '';
  const state = featureState(p);
  const status = state
    ? `<p class="matnat-popup__state" data-state="${state}">${escapeHtml(m.map.stateLegend)}: <strong>${escapeHtml(m.deviceStates[state])}</strong></p>`
    : '';
  return `<div class="matnat-popup"><strong>${escapeHtml(featureTitle(p))}</strong>${status}${body}${link}</div>`;
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
        attribution: props.satelliteAttribution ?? satelliteAttribution(messages.map),
      }
    : { url: props.tileUrl ?? OSM_TILE_URL, attribution: props.attribution ?? osmAttribution(messages.map) };
  const handle = useLeafletMap(containerRef, tiles);
  const latest = useRef({ client, messages, onSelect: props.onSelect, deviceHref: props.deviceHref });
  latest.current = { client, messages, onSelect: props.onSelect, deviceHref: props.deviceHref };
  const fitted = useRef(false);
  const markers = useRef(new Map<unknown, CircleMarker>());

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
      const state = featureState(p);
      // An alarm stands out by size too, not by colour alone.
      const marker = L.circleMarker([lat, lng], {
        radius: state === 'alarm' ? 10 : 8,
        color: '#ffffff',
        weight: 2,
        fillColor: state ? STATE_FILL[state] : '#0d9488',
        fillOpacity: 1,
        className: state ? `matnat-device-marker matnat-state--${state}` : 'matnat-device-marker',
      });
      const stateText = state ? ` · ${latest.current.messages.deviceStates[state]}` : '';
      marker.bindTooltip(escapeHtml(featureTitle(p) + stateText));
      // The map runtime comes with Leaflet (leafletLibrary.ts): present once a map exists.
      mapRuntime
        .current()
        ?.bindFilledPopup(marker, map, latest.current.messages.panel.loading, async (el) => {
          const { client, messages, deviceHref } = latest.current;
          el.innerHTML = await popupHtml(p, client, messages, deviceHref?.(feature));
        });
      marker.on('click', () => latest.current.onSelect?.(feature));
      marker.addTo(layer);
      markers.current.set(p.id ?? feature.id, marker);
    }
    if (!fitted.current && points.length) {
      fitted.current = true;
      // Clear of the legend (mapRuntime.ts), which lies over the map's bottom-left.
      mapRuntime.current()?.fitClearOfLegend(map, points, 24, 12);
    }
    return () => {
      layer.remove();
      markers.current.clear();
    };
  }, [handle, devices]);

  useSelectedMarker(handle?.map, markers.current, props.selectedId);
  const onMapClick = useRef(props.onMapClick);
  onMapClick.current = props.onMapClick;
  useEffect(() => {
    if (!handle) return;
    const click = (e: LeafletMouseEvent) => onMapClick.current?.(e.latlng.lat, e.latlng.lng);
    handle.map.on('click', click);
    return () => {
      handle.map.off('click', click);
    };
  }, [handle]);

  const toggle = () => client.localSettings.set({ useSatellite: !satellite });
  const showLegend = props.legend ?? devices.features.some((f) => featureState(f.properties as Props));

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
      {showLegend ? <StateLegend features={devices.features} /> : null}
    </div>
  );
}

/** The markers' colours by state, each with how many of the map's devices are in it (issue 21). */
function StateLegend({ features }: { features: readonly MapFeature[] }) {
  const messages = useMessages();
  const counts = new Map<DeviceState, number>();
  for (const f of features) {
    const state = featureState(f.properties as Props);
    if (state) counts.set(state, (counts.get(state) ?? 0) + 1);
  }
  return (
    <figure className="matnat-legend matnat-legend--states" aria-label={messages.map.stateLegend}>
      <figcaption>{messages.map.stateLegend}</figcaption>
      <ul>
        {DEVICE_STATES.map((state) => (
          <li key={state} data-state={state}>
            <span className={`matnat-legend__dot matnat-state--${state}`} />
            {messages.deviceStates[state]}{' '}
            <span className="matnat-legend__count">{counts.get(state) ?? 0}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** Centres the map on the selected device's marker and opens its popup, whenever the selection changes. */
function useSelectedMarker(
  map: LeafletMap | undefined,
  markers: Map<unknown, CircleMarker>,
  selectedId: number | string | undefined,
): void {
  useEffect(() => {
    const marker = selectedId === undefined ? undefined : markers.get(selectedId);
    if (!map || !marker) return;
    map.setView(marker.getLatLng(), Math.max(map.getZoom(), 10));
    marker.openPopup();
  }, [map, markers, selectedId]);
}

/** Devices on a map, popups with their latest readings, and a satellite toggle remembered in 'settings'. */
export function DeviceMap(props: DeviceMapProps) {
  return (
    <WidgetRoot sheet={mapStyles}>
      <DeviceMapView {...props} />
    </WidgetRoot>
  );
}
