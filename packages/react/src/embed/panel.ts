// Script-tag build: <div data-matnat-panel data-panel-id="12" data-embed-token="…" data-api-base="…"></div>
import { Panel } from '../charts/Panel';
import { createHttpDataSource } from '../data/httpDataSource';
import { intervalOr, rangeOr } from '../timeFilter/slugs';
import { createElement, numberAttr, registerAutoInit } from './autoInit';

registerAutoInit('panel', 'data-matnat-panel', (el) =>
  createElement(Panel, {
    dataSource: createHttpDataSource({ apiBase: el.dataset.apiBase, embedToken: el.dataset.embedToken }),
    panelId: el.dataset.panelId,
    range: el.dataset.range ? rangeOr(el.dataset.range) : undefined,
    interval: el.dataset.interval ? intervalOr(el.dataset.interval) : undefined,
    height: numberAttr(el.dataset.height),
    onChange: (detail) =>
      el.dispatchEvent(new CustomEvent('matnat:timefilterchange', { detail, bubbles: true, composed: true })),
    onFirstData: () => el.dispatchEvent(new CustomEvent('matnat:ready', { bubbles: true, composed: true })),
  }),
);
