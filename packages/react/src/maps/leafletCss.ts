const MARK = 'data-matnat-leaflet-css';

let cssText: string | undefined;

/** Loads Leaflet's stylesheet text once; the map waits for it together with Leaflet itself. */
export async function loadLeafletCss(): Promise<string> {
  cssText ??= (await import('./leafletCssText')).leafletCss;
  return cssText;
}

/**
 * Whether the document's own stylesheets already carry Leaflet's CSS (the page links or imports
 * `leaflet/dist/leaflet.css`): only that stylesheet positions an element of Leaflet's pane class. Asked of
 * the stylesheet itself rather than of a declaration, so a page whose sheet did not load still gets a copy.
 */
export function documentHasLeafletCss(doc: Document = document): boolean {
  const probe = doc.createElement('div');
  probe.className = 'leaflet-pane';
  probe.hidden = true;
  doc.documentElement.append(probe);
  const found = (doc.defaultView ?? window).getComputedStyle(probe).position === 'absolute';
  probe.remove();
  return found;
}

/**
 * Leaflet's stylesheet where the map lives: inside a shadow root the page's stylesheets do not apply, so
 * each root (the document or a web component's shadow root) gets its own copy, once. A document whose page
 * provides the stylesheet gets none; a shadow root in such a page gets its copy once the text has loaded.
 */
export function ensureLeafletCss(node: Node): void {
  const root = node.getRootNode();
  const doc = node.ownerDocument ?? document;
  const shadow = root instanceof ShadowRoot;
  const target = shadow ? root : doc.head;
  const insert = (text: string) => {
    if (target.querySelector(`style[${MARK}]`)) return;
    const style = doc.createElement('style');
    style.setAttribute(MARK, '');
    style.textContent = text;
    target.prepend(style);
  };
  if (!shadow && documentHasLeafletCss(doc)) return;
  if (cssText === undefined) loadLeafletCss().then(insert, () => undefined);
  else insert(cssText);
}
