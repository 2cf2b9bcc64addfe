// Script-tag build: <div data-matnat-temperature-map data-api-base="https://api.example.se"></div>
// data-tile-url="false": no tiles, the built-in basemap; data-basemap-src: where basemap.js is (issue 26).
import { setBasemapSource } from '../maps/basemapScript';
import { parseBounds, TemperatureMap } from '../maps/TemperatureMap';
import { tileUrlAttr } from '../maps/useLeafletMap';
import { createElement, numberAttr, registerAutoInit } from './autoInit';
import { mapClient, prefetchMap, withWidgetClient } from './widgetProvider';

registerAutoInit('temperatureMap', 'data-matnat-temperature-map', (el) => {
  // Issue 26: where basemap.js is, when the page does not include it (drawn only if the tiles fail).
  setBasemapSource(el.dataset.basemapSrc);
  return withWidgetClient(
    el,
    createElement(TemperatureMap, {
      tileUrl: tileUrlAttr(el.dataset.tileUrl),
      attribution: el.dataset.attribution,
      height: numberAttr(el.dataset.height) ?? 400,
      bounds: parseBounds(el.dataset.bounds),
      refreshMs: numberAttr(el.dataset.refreshMs),
      onFirstMarker: () =>
        el.dispatchEvent(new CustomEvent('matnat:ready', { bubbles: true, composed: true })),
    }),
    mapClient,
    prefetchMap,
  );
});
