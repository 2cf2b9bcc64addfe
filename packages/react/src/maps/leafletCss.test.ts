import { afterEach, describe, expect, it } from 'vitest';
import { documentHasLeafletCss, ensureLeafletCss, loadLeafletCss } from './leafletCss';

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
