import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { transform } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { documentHasLeafletCss, ensureLeafletCss, loadLeafletCss } from './leafletCss';
import { dropUnusedLeafletRules } from './leafletCssRules';

const copies = (root: ParentNode) => root.querySelectorAll('style[data-matnat-leaflet-css]').length;

/** The page's own stylesheet with Leaflet's rules, as when the page links or imports leaflet.css. */
function pageSheet() {
  const style = document.createElement('style');
  style.textContent = '.leaflet-pane { position: absolute; z-index: 400; }';
  document.head.append(style);
}

afterEach(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
});

describe("Leaflet's CSS where the map lives", () => {
  it('adds one copy to the document, however many maps ask', async () => {
    await loadLeafletCss();
    const a = document.body.appendChild(document.createElement('div'));
    const b = document.body.appendChild(document.createElement('div'));
    ensureLeafletCss(a);
    ensureLeafletCss(b);
    expect(copies(document.head)).toBe(1);
  });

  it("adds none to a document whose own stylesheets carry Leaflet's", async () => {
    await loadLeafletCss();
    expect(documentHasLeafletCss()).toBe(false);
    pageSheet();
    expect(documentHasLeafletCss()).toBe(true);
    ensureLeafletCss(document.body.appendChild(document.createElement('div')));
    expect(copies(document.head)).toBe(0);
    expect(document.querySelectorAll('.leaflet-pane')).toHaveLength(0); // the probe is gone again
  });

  it("still gives a shadow root its own copy in such a page: the page's sheets do not reach inside", async () => {
    pageSheet();
    const host = document.body.appendChild(document.createElement('div'));
    const shadow = host.attachShadow({ mode: 'open' });
    const container = shadow.appendChild(document.createElement('div'));
    ensureLeafletCss(container);
    ensureLeafletCss(container);
    await loadLeafletCss();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(copies(shadow)).toBe(1);
    expect(copies(document.head)).toBe(0);
  });
});

describe("Leaflet's CSS as the maps carry it (the build's inline copy)", () => {
  it('leaves out the rules of the parts the maps never create, and keeps every other rule and its order', async () => {
    const source = readFileSync(createRequire(import.meta.url).resolve('leaflet/dist/leaflet.css'), 'utf8');
    const { code } = await transform(source, { loader: 'css', minify: true });
    const css = dropUnusedLeafletRules(code);
    for (const part of [
      'marker-icon',
      'marker-shadow',
      'image-layer',
      'control-layers',
      'control-scale',
      'oldie',
    ])
      expect(css).not.toContain(`.leaflet-${part}`);
    expect(css).not.toContain('.lvml');
    // What a map, its tiles, circle markers, zoom control, attribution, popups and tooltips need stays.
    for (const rule of [
      '.leaflet-pane,.leaflet-tile,.leaflet-tile-container,.leaflet-pane>svg,.leaflet-pane>canvas,.leaflet-zoom-box,.leaflet-layer{position:absolute;left:0;top:0}',
      '.leaflet-marker-pane{z-index:600}',
      '.leaflet-zoom-box{',
      '.leaflet-control-zoom-in,',
      '.leaflet-control-attribution{',
      '.leaflet-popup-content-wrapper{',
      '.leaflet-tooltip{',
      '@media print{.leaflet-control{',
    ])
      expect(css).toContain(rule);
    // Still one valid stylesheet, about a fifth smaller.
    await expect(transform(css, { loader: 'css' })).resolves.toBeTruthy();
    expect(css.length).toBeLessThan(code.length * 0.8);
  });
});
