// Script-tag build: <div data-matnat-panel data-panel-id="12" data-embed-token="…" data-api-base="…"></div>
import { intervalOr } from '@matnat/core';
import { Panel } from '../charts/Panel';
import { timeFilterDetail } from '../timeFilter/timeFilterDetail';
import { booleanAttr, createElement, numberAttr, registerAutoInit } from './autoInit';
import { panelClient, withWidgetClient } from './widgetProvider';

registerAutoInit('panel', 'data-matnat-panel', (el) =>
  withWidgetClient(
    el,
    createElement(Panel, {
      panelId: el.dataset.panelId,
      range: el.dataset.range || undefined,
      interval: el.dataset.interval ? intervalOr(el.dataset.interval) : undefined,
      height: numberAttr(el.dataset.height),
      showAlerts: booleanAttr(el.dataset.showAlerts),
      onChange: (value) =>
        el.dispatchEvent(
          new CustomEvent('matnat:timefilterchange', {
            detail: timeFilterDetail(value),
            bubbles: true,
            composed: true,
          }),
        ),
      onFirstData: () => el.dispatchEvent(new CustomEvent('matnat:ready', { bubbles: true, composed: true })),
    }),
    panelClient,
  ),
);
