// Script-tag build: <div data-matnat-temperature-map data-api-base="https://api.example.se"></div>
import { createHttpDataSource } from '../data/httpDataSource';
import { TemperatureMap } from '../maps/TemperatureMap';
import { createElement, numberAttr, registerAutoInit } from './autoInit';

registerAutoInit('temperatureMap', 'data-matnat-temperature-map', (el) =>
  createElement(TemperatureMap, {
    dataSource: createHttpDataSource({ apiBase: el.dataset.apiBase, embedToken: el.dataset.embedToken }),
    tileUrl: el.dataset.tileUrl,
    attribution: el.dataset.attribution,
    height: numberAttr(el.dataset.height) ?? 400,
    refreshMs: numberAttr(el.dataset.refreshMs),
    onFirstMarker: () => el.dispatchEvent(new CustomEvent('matnat:ready', { bubbles: true, composed: true })),
  }),
);
