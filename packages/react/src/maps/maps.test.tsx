import { LOCAL_SETTINGS_STORAGE_KEY } from '@matnat/core';
import { act, cleanup, fireEvent, render as rtlRender, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sv } from '../messages';
import { en } from '../messages/en';
import { MatnatProvider } from '../provider';
import { testCoreClient, widgetApi, withClient } from '../testing/widgetApi';
import { TEMPERATURE_STOPS, temperatureColor } from './colorScale';
import { DeviceMap, popupHtml } from './DeviceMap';
import { devicesToFeatureCollection, type MapFeatureCollection } from './geo';
import { bindFilledPopup, fitClearOfLegend } from './mapRuntime';
import { parseBounds, TemperatureMap } from './TemperatureMap';
import { osmAttribution, TILE_HOLD_MS } from './useLeafletMap';

// A recording stand-in for Leaflet (happy-dom has no layout); used only by these unit tests.
const leaflet = vi.hoisted(() => {
  const state = {
    maps: 0,
    removed: 0,
    tiles: [] as string[],
    markers: [] as {
      latlng: [number, number];
      options: Record<string, unknown>;
      tooltip?: string;
    }[],
    /** 'tiles' and 'marker', in the order the map was given them. */
    order: [] as string[],
    /** The zoom control's options and the attribution's prefix as the maps set them. */
    zoom: null as Record<string, unknown> | null,
    prefix: '',
    /** Issue 26: each tile layer's event handlers (to fire tileload/tileerror), the attributions added. */
    tileEvents: [] as Record<string, (() => void)[]>[],
    attributions: [] as string[],
    reset() {
      state.tileEvents = [];
      state.attributions = [];
      state.maps = 0;
      state.removed = 0;
      state.tiles = [];
      state.markers = [];
      state.order = [];
      state.zoom = null;
      state.prefix = '';
    },
  };
  const layer = () => {
    const l = { addTo: () => l, remove: () => {} };
    return l;
  };
  const mod = {
    map: (el: HTMLElement, options: { zoomControl?: boolean }) => {
      state.maps++;
      // Leaflet's own default prefix (an English title), which the maps localise.
      state.prefix =
        '<a href="https://leafletjs.com" title="A JavaScript library for interactive maps">Leaflet</a>';
      if (options.zoomControl !== false) state.zoom = { zoomInTitle: 'Zoom in', zoomOutTitle: 'Zoom out' };
      return {
        getContainer: () => el,
        fitBounds: () => {},
        invalidateSize: () => {},
        on: () => {},
        off: () => {},
        remove: () => state.removed++,
        attributionControl: {
          options: {
            get prefix() {
              return state.prefix;
            },
          },
          setPrefix: (prefix: string) => {
            state.prefix = prefix;
          },
          addAttribution: (text: string) => {
            state.attributions.push(text);
          },
          removeAttribution: (text: string) => {
            state.attributions = state.attributions.filter((t) => t !== text);
          },
        },
      };
    },
    control: {
      zoom: (options: Record<string, unknown>) => {
        state.zoom = options;
        return { addTo: () => {} };
      },
    },
    tileLayer: (url: string) => {
      state.tiles.push(url);
      state.order.push('tiles');
      const handlers: Record<string, (() => void)[]> = {};
      state.tileEvents.push(handlers);
      const on = (event: string, handler: () => void) => {
        handlers[event] = [...(handlers[event] ?? []), handler];
      };
      return Object.assign(layer(), { on, once: on });
    },
    layerGroup: layer,
    circleMarker: (latlng: [number, number], options: Record<string, unknown>) => {
      const record: (typeof state.markers)[number] = { latlng, options };
      state.markers.push(record);
      state.order.push('marker');
      const m = {
        bindTooltip: (text: unknown) => {
          if (typeof text === 'string') record.tooltip = text;
          return m;
        },
        bindPopup: () => m,
        on: () => m,
        addTo: () => m,
        getPopup: () => null,
      };
      return m;
    },
  };
  return { state, mod };
});
vi.mock('leaflet', () => ({ default: leaflet.mod }));
// Issue 26: the basemap's drawing is basemap.test.ts's; here, when a map draws it and removes it.
const basemap = vi.hoisted(() => ({ drawn: 0, removed: 0 }));
vi.mock('./basemap', () => ({
  drawBasemap: () => {
    basemap.drawn++;
    return () => basemap.removed++;
  },
}));

/** Fires a tile layer's event (`tileload`, `tileerror`, `load`) as Leaflet would, `times` times. */
function tileEvent(event: string, times = 1, layer = leaflet.state.tileEvents.length - 1) {
  act(() => {
    for (let i = 0; i < times; i++)
      for (const handler of leaflet.state.tileEvents[layer]?.[event] ?? []) handler();
  });
}

const devices: MapFeatureCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [18.07, 59.33] },
      properties: { id: 1, title: 'Stockholm' },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [11.97, 57.71] },
      properties: { id: 2, title: 'Göteborg' },
    },
  ],
};

let api = widgetApi();
/** Every render gets a fresh core client over the stand-in API and the test's storage. */
const render = (ui: Parameters<typeof rtlRender>[0]) =>
  rtlRender(ui, {
    wrapper: withClient(testCoreClient(api, { platform: { fetch: api.fetch, storage: localStorage } })),
  });

/** A few tasks, each in its own act: renders that a task asked for (a map handed out a task after its creation) happen in it. */
async function settle() {
  for (let i = 0; i < 5; i++)
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
}

describe('maps (Leaflet wrappers)', () => {
  beforeEach(() => {
    leaflet.state.reset();
    basemap.drawn = 0;
    basemap.removed = 0;
    api = widgetApi();
    localStorage.clear();
  });
  afterEach(cleanup);

  it('under React StrictMode the map is created once per mount and every map created is removed', async () => {
    const { unmount } = render(
      <StrictMode>
        <DeviceMap devices={devices} tileUrl="http://tiles.test/{z}/{x}/{y}.png" />
      </StrictMode>,
    );
    await vi.waitFor(() => expect(leaflet.state.maps).toBeGreaterThan(0));
    await settle();
    expect(leaflet.state.maps - leaflet.state.removed).toBe(1);
    unmount();
    expect(leaflet.state.maps).toBe(leaflet.state.removed);
  });

  it('the tile URL is an option, and OpenStreetMap is the default', async () => {
    render(<DeviceMap devices={devices} tileUrl="http://tiles.test/{z}/{x}/{y}.png" />);
    await settle();
    expect(leaflet.state.tiles).toEqual(['http://tiles.test/{z}/{x}/{y}.png']);
    cleanup();
    leaflet.state.reset();
    render(<DeviceMap devices={devices} />);
    await settle();
    expect(leaflet.state.tiles).toEqual(['https://tile.openstreetmap.org/{z}/{x}/{y}.png']);
  });

  it('one marker per device of the feature collection', async () => {
    render(<DeviceMap devices={devices} tileUrl="http://tiles.test/{z}/{x}/{y}.png" />);
    await settle();
    expect(leaflet.state.markers.map((m) => m.latlng)).toEqual([
      [59.33, 18.07],
      [57.71, 11.97],
    ]);
  });

  it("spec §3 local setting: the satellite toggle is persisted by the core as useSatellite under the key 'settings', keeping other keys", async () => {
    localStorage.setItem(LOCAL_SETTINGS_STORAGE_KEY, JSON.stringify({ other: 1 }));
    render(
      <DeviceMap
        devices={devices}
        tileUrl="http://street.test/{z}/{x}/{y}.png"
        satelliteTileUrl="http://sat.test/{z}/{x}/{y}.png"
      />,
    );
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Satellit' }));
    await settle();
    expect(JSON.parse(localStorage.getItem('settings') as string)).toEqual({
      other: 1,
      useSatellite: true,
    });
    expect(leaflet.state.tiles.at(-1)).toBe('http://sat.test/{z}/{x}/{y}.png');
    cleanup();
    render(
      <DeviceMap
        devices={devices}
        tileUrl="http://street.test/{z}/{x}/{y}.png"
        satelliteTileUrl="http://sat.test/{z}/{x}/{y}.png"
      />,
    );
    await settle();
    expect(screen.getByRole('button', { name: 'Karta' }).getAttribute('aria-pressed')).toBe('true');
    expect(leaflet.state.tiles.at(-1)).toBe('http://sat.test/{z}/{x}/{y}.png');
  });

  it('spec §3 local setting: useSatellite defaults to false (street map first)', async () => {
    render(<DeviceMap devices={devices} tileUrl="http://street.test/{z}/{x}/{y}.png" />);
    await settle();
    expect(screen.getByRole('button', { name: 'Satellit' }).getAttribute('aria-pressed')).toBe('false');
    expect(leaflet.state.tiles).toEqual(['http://street.test/{z}/{x}/{y}.png']);
  });

  it('TemperatureMap colours each spear by the scale and shows the legend (the public map is a bare FeatureCollection)', async () => {
    const onFirstMarker = vi.fn();
    render(<TemperatureMap tileUrl="http://tiles.test/{z}/{x}/{y}.png" onFirstMarker={onFirstMarker} />);
    await settle();
    expect(leaflet.state.markers).toHaveLength(1);
    expect(leaflet.state.markers[0]?.options.fillColor).toBe(temperatureColor(-3.5));
    expect(onFirstMarker).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Temperatur (°C)')).toBeTruthy();
  });

  describe('issue 13: the temperature map asks for its tiles after its spears', () => {
    /** Every request waits until `release()`: the map's data is on its way until then. */
    function gatedRender(ui: Parameters<typeof rtlRender>[0]) {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const fetch: typeof globalThis.fetch = (input, init) => gate.then(() => api.fetch(input, init));
      rtlRender(ui, {
        wrapper: withClient(testCoreClient(api, { platform: { fetch, storage: localStorage } })),
      });
      return release;
    }

    it('no tiles while the data is on its way; the spears, then the tiles, once it came', async () => {
      const release = gatedRender(<TemperatureMap tileUrl="http://tiles.test/{z}/{x}/{y}.png" />);
      await settle();
      expect(leaflet.state.maps).toBe(1);
      expect(leaflet.state.order).toEqual([]);
      release();
      await settle();
      expect(leaflet.state.order).toEqual(['marker', 'tiles']);
      expect(leaflet.state.tiles).toEqual(['http://tiles.test/{z}/{x}/{y}.png']);
    });

    it(`the tiles come after ${TILE_HOLD_MS} ms when the data does not`, async () => {
      gatedRender(<TemperatureMap tileUrl="http://tiles.test/{z}/{x}/{y}.png" />);
      await settle();
      expect(leaflet.state.tiles).toEqual([]);
      await act(() => new Promise((resolve) => setTimeout(resolve, TILE_HOLD_MS + 50)));
      expect(leaflet.state.tiles).toEqual(['http://tiles.test/{z}/{x}/{y}.png']);
      expect(leaflet.state.markers).toHaveLength(0);
    });

    it('the tiles come at once when the data request fails', async () => {
      api.answer('/api/v1/public/temperature-map', { status: 404, body: { message: 'Hittades inte.' } });
      render(<TemperatureMap tileUrl="http://tiles.test/{z}/{x}/{y}.png" />);
      await settle();
      expect(leaflet.state.tiles).toEqual(['http://tiles.test/{z}/{x}/{y}.png']);
      expect(leaflet.state.markers).toHaveLength(0);
    });
  });

  it("issue 22: the spears are drawn in a task after the one that created Leaflet's map, not in it", async () => {
    // Tasks as timers (no MessageChannel: the kit's postTask falls back to setTimeout, which runs in order):
    // a timer set as the map is created runs before anything the map's creation put into a later task.
    vi.stubGlobal('MessageChannel', undefined);
    try {
      const create = leaflet.mod.map;
      leaflet.mod.map = (...args: Parameters<typeof create>) => {
        leaflet.state.order.push('map');
        setTimeout(() => leaflet.state.order.push('next task'), 0);
        return create(...args);
      };
      // The second map on a page: Leaflet loaded, the spears in the cache, so the map is created with them there.
      const wrapper = withClient(
        testCoreClient(api, { platform: { fetch: api.fetch, storage: localStorage } }),
      );
      rtlRender(<TemperatureMap tileUrl="http://tiles.test/{z}/{x}/{y}.png" />, { wrapper });
      await settle();
      cleanup();
      leaflet.state.order = [];
      rtlRender(<TemperatureMap tileUrl="http://tiles.test/{z}/{x}/{y}.png" />, { wrapper });
      await settle();
      leaflet.mod.map = create;
      expect(leaflet.state.order.slice(0, 3)).toEqual(['map', 'next task', 'marker']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('TemperatureMap with bounds shows only the spears inside the region (the NZ page)', async () => {
    const spear = (id: number, lng: number, lat: number, temperature: number) => ({
      type: 'Feature',
      id,
      geometry: { type: 'Point', coordinates: [lng, lat] },
      properties: { title: `Spjut ${id}`, temperature },
    });
    api.answer('/api/v1/public/temperature-map', {
      body: {
        type: 'FeatureCollection',
        features: [spear(1, 18.07, 59.33, -3), spear(2, 174.76, -36.85, 18), spear(3, 172.64, -43.53, 14)],
      },
    });
    render(
      <TemperatureMap
        tileUrl="http://tiles.test/{z}/{x}/{y}.png"
        bounds={[
          [-48, 165],
          [-33, 179],
        ]}
      />,
    );
    await settle();
    expect(leaflet.state.markers.map((m) => m.latlng)).toEqual([
      [-36.85, 174.76],
      [-43.53, 172.64],
    ]);
  });

  it("issue 21: Leaflet's zoom buttons and attribution speak the messages' language (Swedish, or the English pack)", async () => {
    render(<DeviceMap devices={devices} tileUrl="http://tiles.test/{z}/{x}/{y}.png" />);
    await settle();
    expect(leaflet.state.zoom).toEqual({ zoomInTitle: 'Zooma in', zoomOutTitle: 'Zooma ut' });
    expect(leaflet.state.prefix).toContain('title="Ett JavaScript-bibliotek för interaktiva kartor"');
    cleanup();
    leaflet.state.reset();
    rtlRender(
      <MatnatProvider
        client={testCoreClient(api, { platform: { fetch: api.fetch, storage: localStorage } })}
        messages={en}
      >
        <DeviceMap devices={devices} tileUrl="http://tiles.test/{z}/{x}/{y}.png" />
      </MatnatProvider>,
    );
    await settle();
    expect(leaflet.state.zoom).toEqual({ zoomInTitle: 'Zoom in', zoomOutTitle: 'Zoom out' });
    expect(leaflet.state.prefix).toContain('title="A JavaScript library for interactive maps"');
  });

  describe('issue 26: the built-in basemap', () => {
    const CREDIT = 'Grundkarta: <a href="https://www.naturalearthdata.com/">Natural Earth</a>';

    it('tileUrl={false}: no tiles, the basemap drawn and Natural Earth credited in Swedish; removed with the map', async () => {
      const { unmount } = render(<DeviceMap devices={devices} tileUrl={false} />);
      await settle();
      expect(leaflet.state.tiles).toEqual([]);
      expect(basemap.drawn).toBe(1);
      expect(leaflet.state.attributions).toEqual([CREDIT]);
      unmount();
      expect(basemap.removed).toBe(1);
    });

    it('tiles that answer are never replaced: an error after a tile loaded draws no basemap', async () => {
      render(<TemperatureMap tileUrl="http://tiles.test/{z}/{x}/{y}.png" />);
      await settle();
      await vi.waitFor(() => expect(leaflet.state.tiles).toHaveLength(1));
      tileEvent('tileload');
      tileEvent('tileerror', 10);
      tileEvent('load');
      await settle();
      expect(basemap.drawn).toBe(0);
      expect(leaflet.state.attributions).toEqual([]);
    });

    it('tiles that fail (four errors and none loaded) bring the basemap; so does a view whose every tile errored', async () => {
      render(<DeviceMap devices={devices} tileUrl="http://tiles.test/{z}/{x}/{y}.png" />);
      await settle();
      tileEvent('tileerror', 3);
      await settle();
      expect(basemap.drawn).toBe(0);
      tileEvent('tileerror');
      await settle();
      expect(basemap.drawn).toBe(1);
      expect(leaflet.state.attributions).toEqual([CREDIT]);
      // A tile that loads after all: its layer is credited again (the basemap stays under it).
      tileEvent('tileload');
      expect(leaflet.state.attributions).toEqual([CREDIT, osmAttribution(sv.map)]);
      cleanup();
      render(<DeviceMap devices={devices} tileUrl="http://tiles.test/{z}/{x}/{y}.png" />);
      await settle();
      tileEvent('tileerror');
      tileEvent('load');
      await settle();
      expect(basemap.drawn).toBe(2);
    });

    it('a tileUrl that is not http(s) asks for no tiles: a console error names it and the basemap is drawn', async () => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        render(<DeviceMap devices={devices} tileUrl="javascript:alert(1)//{z}/{x}/{y}" />);
        await settle();
        expect(leaflet.state.tiles).toEqual([]);
        expect(basemap.drawn).toBe(1);
        expect(error).toHaveBeenCalledWith(
          'Mätnät: tileUrl "javascript:alert(1)//{z}/{x}/{y}" is not an http(s) URL; the built-in basemap is drawn instead',
        );
      } finally {
        error.mockRestore();
      }
    });

    it('the credit in the English pack', async () => {
      rtlRender(
        <MatnatProvider
          client={testCoreClient(api, { platform: { fetch: api.fetch, storage: localStorage } })}
          messages={en}
        >
          <DeviceMap devices={devices} tileUrl={false} />
        </MatnatProvider>,
      );
      await settle();
      expect(leaflet.state.attributions).toEqual([
        'Basemap: <a href="https://www.naturalearthdata.com/">Natural Earth</a>',
      ]);
    });
  });

  it('issue 21: the OpenStreetMap attribution names its contributors in Swedish by default', () => {
    expect(osmAttribution(sv.map)).toBe(
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap-bidragsgivare</a>',
    );
    expect(osmAttribution(en.map)).toContain('OpenStreetMap contributors');
  });

  it('issue 21: markers are coloured by state (OK, tyst, larm, ej hörd) and the legend counts each', async () => {
    const now = Date.parse('2026-01-01T12:00:00.000Z');
    const health = (last: string | null, alerting = false) => ({
      last_seen_at: last,
      expected_interval_s: 3600,
      alerting,
    });
    const fc = devicesToFeatureCollection(
      [
        {
          id: 1,
          title: 'Frisk',
          external_device_id: 'a',
          lat: 60,
          lng: 15,
          health: health('2026-01-01T11:50:00Z'),
        },
        {
          id: 2,
          title: 'Tyst',
          external_device_id: 'b',
          lat: 61,
          lng: 15,
          health: health('2026-01-01T09:00:00Z'),
        },
        {
          id: 3,
          title: 'Larmar',
          external_device_id: 'c',
          lat: 62,
          lng: 15,
          health: health('2026-01-01T11:50:00Z', true),
        },
        { id: 4, title: 'Larmar 2', external_device_id: 'd', lat: 63, lng: 15, health: health(null, true) },
        { id: 5, title: 'Ny', external_device_id: 'e', lat: 64, lng: 15, health: health(null) },
      ],
      now,
    );
    expect(fc.features.map((f) => f.properties.state)).toEqual(['ok', 'silent', 'alarm', 'alarm', 'unheard']);
    render(<DeviceMap devices={fc} tileUrl="http://tiles.test/{z}/{x}/{y}.png" />);
    await settle();
    expect(leaflet.state.markers.map((m) => m.options.className)).toEqual([
      'matnat-device-marker matnat-state--ok',
      'matnat-device-marker matnat-state--silent',
      'matnat-device-marker matnat-state--alarm',
      'matnat-device-marker matnat-state--alarm',
      'matnat-device-marker matnat-state--unheard',
    ]);
    expect(leaflet.state.markers[2]?.tooltip).toBe('Larmar · Larm');
    // An alarm is larger, not only red.
    expect(leaflet.state.markers[2]?.options.radius).toBeGreaterThan(
      Number(leaflet.state.markers[0]?.options.radius),
    );
    const legend = screen.getByRole('figure', { name: 'Status' });
    expect([...legend.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Larm 2',
      'Tyst 1',
      'Ej hörd 1',
      'OK 1',
    ]);
    const popup = await popupHtml(fc.features[2]!.properties as never, undefined, sv);
    expect(popup).toContain('Status: <strong>Larm</strong>');
  });

  it('issue 21: features without a state keep the one colour and show no legend; legend={false} hides it', async () => {
    render(<DeviceMap devices={devices} tileUrl="http://tiles.test/{z}/{x}/{y}.png" />);
    await settle();
    expect(leaflet.state.markers[0]?.options.className).toBe('matnat-device-marker');
    expect(screen.queryByRole('figure', { name: 'Status' })).toBeNull();
    cleanup();
    const fc = devicesToFeatureCollection([
      {
        id: 1,
        title: 'A',
        external_device_id: 'a',
        lat: 60,
        lng: 15,
        health: { last_seen_at: null, expected_interval_s: 60, alerting: true },
      },
    ]);
    render(<DeviceMap devices={fc} legend={false} tileUrl="http://tiles.test/{z}/{x}/{y}.png" />);
    await settle();
    expect(screen.queryByRole('figure', { name: 'Status' })).toBeNull();
  });

  it('data-bounds "south,west,north,east" parses to bounds; anything else is none', () => {
    expect(parseBounds('55, 10.5,69.2,24.5')).toEqual([
      [55, 10.5],
      [69.2, 24.5],
    ]);
    expect(parseBounds(undefined)).toBeUndefined();
    expect(parseBounds('55,10,69')).toBeUndefined();
    expect(parseBounds('a,b,c,d')).toBeUndefined();
  });

  it('the colour scale is clamped at its ends and interpolates between stops', () => {
    expect(temperatureColor(-40)).toBe(TEMPERATURE_STOPS[0]?.[1]);
    expect(temperatureColor(45)).toBe(TEMPERATURE_STOPS.at(-1)?.[1]);
    expect(temperatureColor(0)).toBe('#74add1');
    expect(temperatureColor(5)).not.toBe(temperatureColor(0));
  });

  it('spec §3: a device without lat or lng is left out of the map (features from devicesToFeatureCollection)', async () => {
    const fc = devicesToFeatureCollection([
      { id: 1, title: 'Abisko', external_device_id: 'eui-1', lat: 68.35, lng: 18.83 },
      { id: 2, title: 'Okänd plats', external_device_id: 'eui-2', lat: null, lng: null },
    ] as never);
    render(<DeviceMap devices={fc} tileUrl="http://tiles.test/{z}/{x}/{y}.png" />);
    await vi.waitFor(() => expect(leaflet.state.markers).toHaveLength(1));
    expect(leaflet.state.markers[0]?.latlng).toEqual([68.35, 18.83]);
  });

  it("a popup shows each listed sensor's latest value, fetched on opening (else the feature's own reading), and the device link", async () => {
    api.answer('/api/v1/sensor/9/latest', {
      body: {
        data: { sensor_id: 9, value: 1234.56, measured_at: new Date(Date.now() - 180_000).toISOString() },
      },
    });
    const html = await popupHtml(
      {
        title: 'Abisko',
        value: -13.1,
        unit: '°C',
        measured_at: null,
        sensors: [{ id: 9, name: 'Energi', unit: 'kWh' }],
      },
      testCoreClient(api),
      sv,
      '/device/7',
    );
    expect(html).toContain('<strong>Abisko</strong>');
    expect(html).toContain('Senaste värden');
    expect(html).not.toContain('−13,1');
    expect(html).toContain('<a class="matnat-popup__link" href="/device/7">Visa mätenhet</a>');
    const own = await popupHtml(
      { title: 'Abisko', value: -13.1, unit: '°C', measured_at: null },
      undefined,
      sv,
    );
    expect(own).toContain('−13,1\u00a0°C');
    expect(own).not.toContain('matnat-popup__link');
    expect(html).toContain(
      'Energi: <strong>1\u00a0234,6\u00a0kWh</strong> <small>för 3 minuter sedan</small>',
    );
    expect(api.calls.map((c) => c.path)).toEqual(['/api/v1/sensor/9/latest']);
  });
});

describe('a device popup whose readings arrive after it opens', () => {
  // Just the parts of a Leaflet marker, popup and map that bindFilledPopup touches.
  function fakes() {
    const handlers = new Map<string, () => void>();
    const mapHandlers = new Map<string, () => void>();
    let content: (() => HTMLElement) | null = null;
    let open = false;
    const popup = {
      updates: 0,
      shown: null as HTMLElement | null,
      update() {
        popup.updates++;
        popup.shown = content?.() ?? null;
      },
    };
    const marker = {
      bindPopup: (fn: () => HTMLElement) => {
        content = fn;
        return marker;
      },
      on: (event: string, fn: () => void) => handlers.set(event, fn),
      isPopupOpen: () => open,
      getPopup: () => popup,
    };
    const map = {
      on: (events: string, fn: () => void) => {
        for (const e of events.split(' ')) mapHandlers.set(e, fn);
      },
      off: (events: string) => {
        for (const e of events.split(' ')) mapHandlers.delete(e);
      },
    };
    const openPopup = () => {
      open = true;
      popup.shown = content?.() ?? null;
      handlers.get('popupopen')?.();
    };
    const closePopup = () => {
      open = false;
      handlers.get('popupclose')?.();
    };
    return { marker, map, popup, mapHandlers, openPopup, closePopup };
  }

  it('is laid out again (panned into view) when its content arrives and when the map settles, without fetching again', async () => {
    const f = fakes();
    let fills = 0;
    let release = () => {};
    bindFilledPopup(f.marker as never, f.map as never, 'Laddar…', (el) => {
      fills++;
      return new Promise<void>((resolve) => {
        release = () => {
          el.textContent = 'Temperatur: 4 °C';
          resolve();
        };
      });
    });
    f.openPopup();
    expect(f.popup.shown?.textContent).toBe('Laddar…');
    release();
    await Promise.resolve();
    await Promise.resolve();
    expect(f.popup.updates).toBe(1);
    expect(f.popup.shown?.textContent).toBe('Temperatur: 4 °C');
    // The map's first fit ends (or its container resizes) while the popup is open.
    f.mapHandlers.get('zoomend')?.();
    f.mapHandlers.get('resize')?.();
    expect(f.popup.updates).toBe(3);
    expect(fills).toBe(1);
    // Closed, the popup no longer follows the map; opened again it fetches afresh.
    f.closePopup();
    expect(f.mapHandlers.size).toBe(0);
    f.openPopup();
    expect(f.popup.shown?.textContent).toBe('Laddar…');
    expect(fills).toBe(2);
  });
});

describe("issue 21: a map's fit leaves its legend's corner free", () => {
  // The canvas and the legend as the kit lays them out (happy-dom has no layout: their boxes are given).
  function mapWith(legendTop: number | null, canvasHeight = 600) {
    const wrapper = document.createElement('div');
    const canvas = document.createElement('section');
    wrapper.append(canvas);
    canvas.getBoundingClientRect = () => ({ top: 0, bottom: canvasHeight }) as DOMRect;
    Object.defineProperty(canvas, 'clientHeight', { value: canvasHeight });
    if (legendTop !== null) {
      const legend = document.createElement('figure');
      legend.className = 'matnat-legend';
      legend.getBoundingClientRect = () => ({ top: legendTop, bottom: legendTop + 100 }) as DOMRect;
      wrapper.append(legend);
    }
    const fits: unknown[][] = [];
    const map = { getContainer: () => canvas, fitBounds: (...args: unknown[]) => fits.push(args) };
    return { map, fits };
  }
  const points: [number, number][] = [
    [59, 18],
    [60, 17],
  ];

  it('pads the bottom by how far the legend reaches up into the map, the other sides by the padding', () => {
    const { map, fits } = mapWith(476);
    fitClearOfLegend(map as never, points, 24, 12);
    expect(fits).toEqual([
      [points, { paddingTopLeft: [24, 24], paddingBottomRight: [24, 24 + 124], maxZoom: 12 }],
    ]);
  });

  it('without a legend over the map (none, or laid out below it) only the padding; a legend never takes more than half a low map', () => {
    for (const [legendTop, bottom] of [
      [null, 24],
      [620, 24],
      [100, 24 + 300],
    ] as const) {
      const { map, fits } = mapWith(legendTop);
      fitClearOfLegend(map as never, points, 24);
      expect(fits[0]?.[1]).toEqual({
        paddingTopLeft: [24, 24],
        paddingBottomRight: [24, bottom],
        maxZoom: undefined,
      });
    }
  });
});
