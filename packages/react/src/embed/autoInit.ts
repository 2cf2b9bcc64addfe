import { createElement, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/** What a script-tag build adds to `window.Matnat`. */
export interface MatnatGlobal {
  /** Mounts every marked element not mounted yet (call it after adding elements to the page). */
  load(): void;
  /** Unmounts and mounts every marked element again, re-reading its data-* attributes. */
  reload(): void;
  /** The loaders of each script-tag build on the page, by name. */
  builds: Record<string, { load(): void; reload(): void }>;
}

declare global {
  interface Window {
    Matnat?: MatnatGlobal;
  }
}

/**
 * Auto-initialisation of a script-tag build, the way Typeform's and Cal.com's embeds work: every element
 * carrying `attribute` gets a widget rendered into its own shadow root (no CSS in or out), configured by
 * its data-* attributes. Several builds on one page share `window.Matnat`.
 */
export function registerAutoInit(name: string, attribute: string, render: (el: HTMLElement) => ReactElement) {
  const roots = new Map<HTMLElement, Root>();

  function load() {
    for (const el of document.querySelectorAll<HTMLElement>(`[${attribute}]`)) {
      if (roots.has(el)) continue;
      const shadow = el.shadowRoot ?? el.attachShadow({ mode: 'open' });
      const root = createRoot(shadow);
      root.render(render(el));
      roots.set(el, root);
    }
    for (const [el, root] of roots) {
      if (el.isConnected) continue;
      root.unmount();
      roots.delete(el);
    }
  }

  function reload() {
    for (const root of roots.values()) root.unmount();
    roots.clear();
    load();
  }

  const global: MatnatGlobal = window.Matnat ?? {
    builds: {},
    load: () => {
      for (const b of Object.values(global.builds)) b.load();
    },
    reload: () => {
      for (const b of Object.values(global.builds)) b.reload();
    },
  };
  global.builds[name] = { load, reload };
  window.Matnat = global;

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', load, { once: true });
  else load();
}

export function numberAttr(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** A data-* switch: `"false"` is false, any other value (also empty) true, absent undefined (the default). */
export function booleanAttr(value: string | undefined): boolean | undefined {
  return value === undefined ? undefined : value.trim() !== 'false';
}

export { createElement };
