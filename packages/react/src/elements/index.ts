import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';
import {
  DeviceMapElement,
  PanelElement,
  SingleValueElement,
  TemperatureMapElement,
} from './elementComponents';
import { resetOnAttributeRemoval } from './resettable';
import { CartElement, ProductListElement } from './shopElements';

export type {
  DeviceMapElementProps,
  PanelElementProps,
  SingleValueElementProps,
  TemperatureMapElementProps,
} from './elementComponents';
export type { CartElementProps, ProductListElementProps } from './shopElements';

/** Events bubble and cross the shadow boundary, so a listener anywhere on the host page hears them. */
const EVENT: EventInit = { bubbles: true, composed: true };

const api = { apiBase: 'string', embedToken: 'string' } as const;

// biome-ignore lint/suspicious/noExplicitAny: r2wc's prop map is typed per component below
type AnyComponent = ComponentType<any>;

/** Tag name → component and its attribute/event map (attributes are the kebab-case of the prop names). */
export const elementDefinitions: Record<
  string,
  { component: AnyComponent; props: Record<string, string>; events: Record<string, EventInit> }
> = {
  'matnat-panel': {
    component: PanelElement,
    props: {
      ...api,
      panelId: 'string',
      panelType: 'string',
      sensorIds: 'string',
      panelTitle: 'string',
      range: 'string',
      interval: 'string',
      height: 'number',
      showAlerts: 'boolean',
    },
    events: { onTimeFilterChange: EVENT },
  },
  'matnat-single-value': {
    component: SingleValueElement,
    props: { ...api, sensorId: 'string', title: 'string', unit: 'string', interval: 'string' },
    events: {},
  },
  'matnat-device-map': {
    component: DeviceMapElement,
    props: {
      ...api,
      devices: 'json',
      tileUrl: 'string',
      attribution: 'string',
      satelliteTileUrl: 'string',
      height: 'number',
      legend: 'boolean',
    },
    events: { onDeviceSelect: EVENT },
  },
  'matnat-temperature-map': {
    component: TemperatureMapElement,
    props: { ...api, tileUrl: 'string', attribution: 'string', height: 'number', refreshMs: 'number' },
    events: { onReady: EVENT },
  },
  'matnat-product-list': {
    component: ProductListElement,
    props: { ...api, heading: 'string' },
    events: { onProductSelect: EVENT },
  },
  'matnat-cart': {
    component: CartElement,
    props: { ...api },
    events: { onCheckout: EVENT },
  },
};

/** Registers a tag's component with additional definitions (the shop elements register themselves here). */
export function addElementDefinition(tag: string, definition: (typeof elementDefinitions)[string]): void {
  elementDefinitions[tag] = definition;
}

/** The custom-element class of one tag: shadow DOM, styles inside it, attributes reset on removal. */
export function createMatnatElement(tag: string): CustomElementConstructor {
  const def = elementDefinitions[tag];
  if (!def) throw new Error(`Unknown Mätnät element <${tag}>`);
  return resetOnAttributeRemoval(
    r2wc(def.component, {
      shadow: 'open',
      props: def.props as never,
      events: def.events as never,
    }),
  );
}

/**
 * Defines every Mätnät custom element (`<matnat-panel>`, `<matnat-single-value>`, `<matnat-device-map>`,
 * `<matnat-temperature-map>`, and the shop's). Nothing is registered on import; tags already defined
 * (by an earlier call or another copy of the SDK) are left alone.
 * @returns the tags this call defined
 */
export function defineMatnatElements(registry: CustomElementRegistry = customElements): string[] {
  const defined: string[] = [];
  for (const tag of Object.keys(elementDefinitions)) {
    if (registry.get(tag)) continue;
    registry.define(tag, createMatnatElement(tag));
    defined.push(tag);
  }
  return defined;
}
