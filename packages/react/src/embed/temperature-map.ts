// Script-tag build: <div data-matnat-temperature-map data-api-base="https://api.example.se"></div>
import { parseBounds, TemperatureMap } from '../maps/TemperatureMap';
import { createElement, numberAttr, registerAutoInit } from './autoInit';
import { mapClient, prefetchMap, withWidgetClient } from './widgetProvider';

registerAutoInit('temperatureMap', 'data-matnat-temperature-map', (el) =>
  withWidgetClient(
    el,
    createElement(TemperatureMap, {
      tileUrl: el.dataset.tileUrl,
      attribution: el.dataset.attribution,
      height: numberAttr(el.dataset.height) ?? 400,
      bounds: parseBounds(el.dataset.bounds),
      refreshMs: numberAttr(el.dataset.refreshMs),
      onFirstMarker: () =>
        el.dispatchEvent(new CustomEvent('matnat:ready', { bubbles: true, composed: true })),
    }),
    mapClient,
    prefetchMap,
  ),
);
